/**
 * A copy of a string that does not point into the text it was cut from. V8 keeps a substring (what
 * `slice` and the parser's tokens return) as a view of the whole string, so a few words kept until
 * the page is done (a heading's text, an import's name) would keep the whole source of the section
 * they came from alive with them: a big page's every section (`chunks.ts`). `structuredClone`
 * writes the string out and reads it back, a new string of its own.
 */
export function detach(text: string): string {
  return structuredClone(text);
}

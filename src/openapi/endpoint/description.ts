/**
 * What of an operation's description its page's body shows. The page shell prints the page's
 * description under the title: for a generated page, the first paragraph (site/resolve.ts
 * `firstLine`). The body then shows the paragraphs after it, and the page's Markdown twin does the
 * same, so that neither says the first paragraph twice.
 */

/**
 * The description less what the shell printed (`pageDescription`): nothing when it printed all of
 * it, the paragraphs after the first when it printed the first, all of it when it printed
 * something else or nothing.
 */
export function remainingDescription(description: string | undefined, pageDescription: string | undefined): string | undefined {
  if (description === undefined) return undefined;
  const text = description.trim();
  const shown = (pageDescription ?? firstParagraph(text)).trim();
  if (shown === '') return text;
  if (text === shown) return undefined;
  if (text.startsWith(shown)) {
    const rest = text.slice(shown.length);
    if (/^\s*\n\s*\n/.test(rest)) return rest.trim();
  }
  return text;
}

/** The site model's page description for an endpoint (site/resolve.ts `firstLine`). */
function firstParagraph(text: string): string {
  const line = text.split(/\n\s*\n/)[0]!.trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

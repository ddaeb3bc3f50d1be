/**
 * docs.json's `variables`: `{{ name }}` in a page's or a snippet's body is replaced by the value
 * docs.json gives `name`, as the hosted product does, in the text itself, before the MDX is parsed
 * (so a value can hold Markdown, and code blocks are replaced too). A name docs.json does not
 * define is left as written, and said once per page (`variable-undefined`). Frontmatter is not
 * replaced: the hosted product reads a page's metadata from the file as written.
 *
 * A value is sanitised first, as the hosted product does it: every HTML tag is left out, with the
 * body of those that load or run something (`<script>…</script>`, `<style>`, `<iframe>`…), and a
 * `<` or `>` left over is written `&lt;` / `&gt;`. What is left then reaches the MDX parser like
 * any page text, through docjet's own defences (sanitize.ts, the evaluator, safe URLs).
 *
 * Positions: a replacement adds no line, so the diagnostics of the rest of the page keep their
 * lines (columns after a replaced `{{name}}` on its own line move by the difference in length). A
 * value that holds a newline adds lines: what the page reports below it is that many lines off.
 */
import { diagnostic } from '../shared/messages.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { closestMatch } from '../shared/suggest.ts';

/** docs.json's `variables`: name → value. */
export type Variables = Readonly<Record<string, string>>;

/** `{{ name }}`: a name of letters, digits, `_`, `.` and `-`, spaces allowed inside the braces (the hosted product's pattern). */
const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** Elements whose body is left out of a value with them (up to their closing tag): what they hold is code, a style or a document, never text. */
const BODY_REMOVED = new Set(['script', 'style', 'iframe', 'object', 'form']);

export interface AppliedVariables {
  /** The text with each defined `{{name}}` replaced. */
  text: string;
  /** Each `{{name}}` left as written because docs.json does not define `name`, outside code: its offset in the text given, and in `text`. */
  undefined: { name: string; offset: number; output: number }[];
}

/**
 * `text` (a page's or snippet's body) with docs.json's `variables` put in. A site that defines no
 * variables has its text as written and nothing said: `{{ x }}` is then a template of some other
 * tool (Jinja, Handlebars, a prompt), not a variable (232 pages of the corpus write one).
 */
export function applyVariables(text: string, variables: Variables | undefined): AppliedVariables {
  if (variables === undefined || !text.includes('{{')) return { text, undefined: [] };
  const values = sanitisedValues(variables);
  if (values.size === 0) return { text, undefined: [] };
  const missing: AppliedVariables['undefined'] = [];
  let shift = 0;
  const replaced = text.replace(VARIABLE, (written, name: string, offset: number) => {
    const value = values.get(name);
    if (value !== undefined) {
      shift += value.length - written.length;
      return value;
    }
    missing.push({ name, offset, output: offset + shift });
    return written;
  });
  return { text: replaced, undefined: missing.length === 0 ? missing : outsideCode(text, missing) };
}

/**
 * The warning for a page's or snippet's undefined variables (`applyVariables().undefined`), once
 * per file, at the first one; none when there is none. `line` is the file's line where `text`
 * (the body) starts.
 */
export function undefinedVariableDiagnostic(file: string, text: string, line: number, applied: AppliedVariables, variables: Variables | undefined): Diagnostic[] {
  const first = applied.undefined[0];
  if (!first) return [];
  const others = [...new Set(applied.undefined.map((use) => use.name))].filter((name) => name !== first.name);
  const suggestion = closestMatch(first.name, Object.keys(variables ?? {}));
  return [diagnostic('variable-undefined', { file, ...positionOf(text, first.offset, line) }, file, { name: first.name, others, suggestion })];
}

/**
 * Where MDX would say again what `variable-undefined` says of an undefined `{{name}}` left as
 * written (`file:line:column` keys, for `withoutVariableEchoes`): at its braces, which are an
 * expression MDX cannot read (`{{a.b}}`), or one naming nothing the page defines (`{{a}}`).
 */
export function variableEchoes(file: string, applied: AppliedVariables, line: number): string[] {
  return applied.undefined.flatMap((use) => {
    const at = positionOf(applied.text, use.output, line);
    return [`${file}:${at.line}:${at.column}`, `${file}:${at.line}:${at.column + 1}`];
  });
}

/** `diagnostics` without MDX's words at the places `variableEchoes` gave. */
export function withoutVariableEchoes(diagnostics: Diagnostic[], echoes: ReadonlySet<string>): Diagnostic[] {
  if (echoes.size === 0) return diagnostics;
  return diagnostics.filter((item) => !(ECHOES.has(item.code) && echoes.has(`${item.file}:${item.line}:${item.column}`)));
}

/** What MDX reports of `{{name}}`: `{{a.b}}` and `{{a-b}}` are no expression, `{{a}}` names `a`. */
const ECHOES = new Set<Diagnostic['code']>(['mdx-syntax', 'mdx-expression-undefined']);

/** Line and column (1-based) of `offset` in `text`, which starts at the file's line `line`. */
function positionOf(text: string, offset: number, line: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: line + before.split('\n').length - 1, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

const sanitisedOf = new WeakMap<Variables, Map<string, string>>();

/** The values, each sanitised once per docs.json. */
function sanitisedValues(variables: Variables): Map<string, string> {
  let values = sanitisedOf.get(variables);
  if (!values) {
    values = new Map();
    for (const [name, value] of Object.entries(variables)) if (typeof value === 'string') values.set(name, sanitiseValue(value));
    sanitisedOf.set(variables, values);
  }
  return values;
}

/** `<tag …>`, `</tag>`, `<!…>` or `<?…>`, quoted attribute values read whole (a `>` inside one does not end the tag). */
const TAG = /<(?:(\/?)([A-Za-z][\w:-]*)(?:[^>"']|"[^"]*"|'[^']*')*>?|!--[\s\S]*?(?:-->|$)|[!?][^>]*>?)/g;

/**
 * A value as the hosted product puts it in a page: every tag left out (an element's text stays),
 * with the body of a `<script>`, `<style>`, `<iframe>`, `<object>` or `<form>` up to its closing tag
 * (one that is never closed loses its tag only; `<embed>`, `<link>`, `<meta>` and `<base>` have no
 * body), comments left out, and the `<` and `>` that remain written as entities.
 */
export function sanitiseValue(value: string): string {
  if (!value.includes('<') && !value.includes('>')) return value;
  let result = '';
  let last = 0;
  const tags = new RegExp(TAG.source, 'g');
  for (let match = tags.exec(value); match; match = tags.exec(value)) {
    result += escapeAngles(value.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[2]?.toLowerCase();
    if (match[1] || name === undefined || !BODY_REMOVED.has(name)) continue;
    const close = new RegExp(`</${name}\\s*>`, 'ig');
    close.lastIndex = last;
    if (close.exec(value)) tags.lastIndex = last = close.lastIndex;
  }
  return result + escapeAngles(value.slice(last));
}

function escapeAngles(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An opening or closing code fence: up to any indent (MDX components indent theirs), inside quotes too. */
const FENCE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})(.*)$/;

/**
 * The uses that are not in code: a fenced block, an inline code span (on one line), or a JSX
 * attribute's object (`style={{color}}`). A template in code is the code's own (`{{ user_input }}`
 * in a prompt, `${{ secrets.TOKEN }}` in a workflow): left as written, as everywhere, but not
 * reported. A name docs.json defines is replaced there too, as the hosted product does.
 */
function outsideCode(text: string, uses: AppliedVariables['undefined']): AppliedVariables['undefined'] {
  const code: [number, number][] = [];
  let fence: string | undefined;
  let fenceStart = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    const end = offset + line.length;
    const marker = FENCE.exec(line);
    if (fence === undefined) {
      if (marker && !(marker[1]![0] === '`' && marker[2]!.includes('`'))) {
        fence = marker[1]!;
        fenceStart = offset;
      } else {
        for (const span of inlineCode(line)) code.push([offset + span[0], offset + span[1]]);
      }
    } else if (marker && marker[1]![0] === fence[0] && marker[1]!.length >= fence.length && marker[2]!.trim() === '') {
      code.push([fenceStart, end]);
      fence = undefined;
    }
    offset = end + 1;
  }
  if (fence !== undefined) code.push([fenceStart, text.length]);
  return uses.filter(({ offset: at }) => !code.some(([start, stop]) => at >= start && at < stop) && text[at - 1] !== '=');
}

/** `code` spans of one line: a run of backticks up to the next run of the same length. */
function inlineCode(line: string): [number, number][] {
  if (!line.includes('`')) return [];
  const spans: [number, number][] = [];
  const runs = [...line.matchAll(/`+/g)];
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!;
    const close = runs.findIndex((run, j) => j > i && run[0].length === open[0].length);
    if (close === -1) continue;
    spans.push([open.index, runs[close]!.index + runs[close]![0].length]);
    i = close;
  }
  return spans;
}

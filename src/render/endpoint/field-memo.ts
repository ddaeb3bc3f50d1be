/**
 * Fields rendered once per document and reused on the pages that show them again. A description
 * shows the same schemas under many operations (GitHub's: a user, a repository, under hundreds):
 * of the 164,000 fields GitHub's 1,493 pages write, 84 % sit under a field another page wrote with
 * the same schema, name, depth and settings.
 *
 * A field's HTML depends on those, and on its page only through what `PageContext.traced` records:
 * which of the components it reaches are being expanded around it (those read "circular"), how
 * many fields the page holds already (it stops at `MAX_FIELDS`), and the fragments and ids it hands
 * out. So a field is reused when the components it reached stand the same way to the page's stack
 * (each one on it or not, as where it was rendered) and it still fits in the page; its count and
 * fragments are then noted on the page as if it had been rendered there. One that handed out
 * page-unique ids (tabs), left fields out, or met a broken reference is not kept.
 */
import { MAX_FIELDS, type PageContext, type PageTrace } from './context.ts';

interface Entry {
  html: string;
  trace: PageTrace;
  /** The components on the stack, of those the field reached, where it was rendered. */
  around: string;
}

/**
 * Characters of HTML kept per document and scope at most; then the memo starts again. GitHub's pages
 * would keep 41 million (a field's HTML holds its children's), Kubernetes' 45: each starts again
 * once. A cap of 8 million loses 3 to 6 % of the reused fields and saves 7 to 15 MB of heap.
 */
const MAX_CHARS = 32_000_000;

export class FieldMemo {
  private readonly entries = new Map<string, Entry[]>();
  private chars = 0;

  /** The HTML of the field `key` names, as rendered with `stack` around it, counted on the page; undefined when not kept. */
  find(key: string, stack: readonly string[], context: PageContext): string | undefined {
    const entries = this.entries.get(key);
    if (entries === undefined) return undefined;
    for (const entry of entries) {
      if (around(stack, entry.trace.resolved.keys) !== entry.around) continue;
      if (context.fields + entry.trace.fields > MAX_FIELDS) return undefined;
      context.replay(entry.trace);
      return entry.html;
    }
    return undefined;
  }

  /** Keeps a field's HTML and what it used of its page, unless it is that page's alone. */
  keep(key: string, stack: readonly string[], html: string, trace: PageTrace): void {
    if (trace.ids || trace.omitted > 0 || trace.resolved.broken) return;
    if (this.chars + html.length > MAX_CHARS) {
      this.entries.clear();
      this.chars = 0;
    }
    const entry: Entry = { html, trace, around: around(stack, trace.resolved.keys) };
    const entries = this.entries.get(key);
    if (entries === undefined) this.entries.set(key, [entry]);
    else entries.push(entry);
    this.chars += html.length;
  }
}

/** The components of `stack` among `reached`, in stack order. */
function around(stack: readonly string[], reached: ReadonlySet<string>): string {
  let result = '';
  for (const key of stack) if (reached.has(key)) result += `${key}\u0000`;
  return result;
}

/** One memo per document and scope (`PageContext.reuseScope`): the schemas' identities key it. */
const memos = new WeakMap<object, Map<string, FieldMemo>>();

/** The memo of fields rendered in `document` within `scope`. */
export function fieldMemo(document: unknown, scope: string): FieldMemo | undefined {
  if (typeof document !== 'object' || document === null) return undefined;
  let scopes = memos.get(document);
  if (scopes === undefined) {
    scopes = new Map();
    memos.set(document, scopes);
  }
  let memo = scopes.get(scope);
  if (memo === undefined) {
    memo = new FieldMemo();
    scopes.set(scope, memo);
  }
  return memo;
}

const ids = new WeakMap<object, number>();
let nextId = 0;

/** A number for each schema object, by identity. */
export function objectId(value: object): number {
  let id = ids.get(value);
  if (id === undefined) {
    id = nextId++;
    ids.set(value, id);
  }
  return id;
}

/**
 * Scopes: the names a page, a snippet or a function body defines, looked up from the innermost
 * out; and the context one rendering shares (who renders components, what was left out).
 */
import type { BaseNode } from 'estree';
import { PageBudget } from './budget.ts';
import { Failure, unsupported } from './failure.ts';
import type { UrlResolver } from '../page-urls.ts';
import type { Body, Budget, CallContext, Host, Origin, Props, Scope, Site, Value } from './types.ts';

/** A context for one rendering; `budget` is the page's when the rendering is part of a page (a component, a snippet). */
export function createContext(host?: Host, resolveUrl?: UrlResolver, budget: Budget = new PageBudget()): CallContext {
  return { host, resolveUrl, problems: [], depth: 0, calls: 0, at: { origin: undefined, line: 0, column: 0 }, budget };
}

export function createScope(options: { parent?: Scope; context?: CallContext; origin?: Origin; inFunction?: boolean; builtins?: boolean } = {}): Scope {
  const { parent } = options;
  return {
    values: new Map(),
    opaque: new Set(),
    parent,
    // The built-ins' scope is shared by every page: each page and snippet gets a context of its own.
    context: options.context ?? (parent && !parent.builtins ? parent.context : createContext()),
    origin: options.origin ?? parent?.origin,
    inFunction: options.inFunction ?? parent?.inFunction ?? false,
    builtins: options.builtins ?? false,
  };
}

/**
 * The scope a snippet's body is read in: its own names, then each prop bound as a name and all of
 * them as `props` (unless the snippet defines `props` itself), as `<Snippet prop="x" />` passes them.
 */
export function snippetScope(body: Body, props: Props, context: CallContext): Scope {
  const scope = createScope({ parent: body.scope, context, origin: { file: body.file, firstLine: body.firstLine } });
  const record: { [key: string]: Value } = {};
  for (const [key, value] of Object.entries(props)) {
    if (key === '__proto__') continue;
    scope.values.set(key, value);
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  }
  if (!scope.values.has('props')) scope.values.set('props', record);
  return scope;
}

/** A name's value, looked up from the innermost scope out; built-ins only from inside a function. */
export function lookup(name: string, scope: Scope, node: BaseNode): Value {
  for (let current: Scope | undefined = scope; current; current = current.parent) {
    if (current.builtins && !scope.inFunction) continue;
    if (current.values.has(name)) return current.values.get(name);
    if (current.opaque.has(name)) throw new Failure({ ok: false, reason: 'opaque', name }, node);
  }
  throw new Failure({ ok: false, reason: 'undefined', name }, node);
}

/** `x = …` inside a function, to one of its own locals (never to a page's or snippet's names). */
export function assign(name: string, value: Value, scope: Scope, node: BaseNode): Value {
  for (let current: Scope | undefined = scope; current?.inFunction; current = current.parent) {
    if (current.values.has(name) || current.opaque.has(name)) {
      current.values.set(name, value);
      current.opaque.delete(name);
      return value;
    }
  }
  return unsupported(`assigning to \`${name}\``, node);
}

const BROWSER_NAMES = new Set([
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'fetch',
  'setTimeout',
  'setInterval',
  'requestAnimationFrame',
  'matchMedia',
]);

/** Notes a failure inside a function; the caller leaves that part out. */
export function note(failure: Failure, scope: Scope, fallback?: BaseNode): void {
  const { evaluation } = failure;
  let what: string;
  if (evaluation.reason === 'unsupported') what = evaluation.what;
  else if (evaluation.reason === 'opaque') what = `\`${evaluation.name}\`, whose value docjet cannot compute`;
  else if (evaluation.reason === 'budget') what = 'more work than a page may do';
  else if (BROWSER_NAMES.has(evaluation.name)) what = `\`${evaluation.name}\`, which only a browser has`;
  else what = `\`${evaluation.name}\`, which nothing defines`;
  noteProblem(scope, what, failure.node ?? fallback);
}

export function noteProblem(scope: Scope, what: string, node: BaseNode | undefined): void {
  scope.context.problems.push({ what, ...siteOf(scope, node) });
}

/** Where `node` is, in the file `scope`'s code was written in. */
export function siteOf(scope: Scope, node: BaseNode | undefined): Site {
  const start = node?.loc?.start;
  return { origin: scope.origin, line: start?.line ?? 0, column: start ? start.column + 1 : 0 };
}

/**
 * Snippet files as modules: read from disk, parsed and linked once per build (cached by absolute
 * path), then shared by every page that uses them. An `.mdx`/`.md` snippet's default export is its
 * body, as a component that renders into the page using it; its `export const`s are named exports.
 * A `.jsx` snippet is JavaScript: its exports are the values and components it declares.
 *
 * Problems found while loading (a parse error, an import of a missing file) belong to the module
 * and travel with it, so each page that uses a snippet reports them, pointing into the snippet.
 */
import { encodingDiagnostic, readTextSync } from '../../shared/read-text.ts';
import path from 'node:path';
import type { Program } from 'estree';
import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import type { Diagnostic } from '../../shared/diagnostics.ts';
import { diagnostic } from '../../shared/messages.ts';
import { readFrontmatter } from '../frontmatter.ts';
import { readModule, reportOverBudget } from '../mdx/esm.ts';
import { createContext, createScope } from '../mdx/scope.ts';
import { exportedValues, parseBody, type LinkOptions } from '../mdx/index.ts';
import type { Body } from '../mdx/page.ts';
import { reportProblems } from '../mdx/partial.ts';
import { Reporter } from '../mdx/report.ts';
import { Callable, isRecord, Markup, type Value } from '../mdx/values.ts';
import type { UrlResolver } from '../page-urls.ts';
import { applyVariables, undefinedVariableDiagnostic, variableEchoes, withoutVariableEchoes, type Variables } from '../variables.ts';
import type { SnippetKind } from './resolve.ts';

export interface SnippetModule {
  /** Site-relative path. */
  file: string;
  /** Exported name → value; `default` for an `.mdx`/`.md` snippet is its body as a component. */
  exports: ReadonlyMap<string, Value>;
  /** Exported names whose value docjet cannot compute (`export const client = new Client()`). */
  unknown: ReadonlySet<string>;
  /** The file could not be read or parsed (reported): every name imported from it is left undefined without more warnings. */
  broken: boolean;
  /** Problems in this file and in the snippets it imports, transitively. */
  diagnostics: readonly Diagnostic[];
  /** This file and every snippet it imports, transitively (site-relative). */
  dependencies: ReadonlySet<string>;
  /** Files it, or a snippet it imports, tried to import and did not find: creating one changes it. */
  missing: ReadonlySet<string>;
  /** Where MDX would report again an undefined `{{name}}` of it or of a snippet it imports (`variableEchoes`). */
  echoes: ReadonlySet<string>;
}

/** What one importer (a page, or a snippet being loaded) gathers from the modules it links. */
export class Collector {
  readonly dependencies = new Set<string>();
  readonly missing = new Set<string>();
  readonly echoes = new Set<string>();
  readonly diagnostics: Diagnostic[] = [];
  private readonly seen = new Set<SnippetModule>();

  add(module: SnippetModule): void {
    if (this.seen.has(module)) return;
    this.seen.add(module);
    for (const file of module.dependencies) this.dependencies.add(file);
    for (const file of module.missing) this.missing.add(file);
    for (const place of module.echoes) this.echoes.add(place);
    this.diagnostics.push(...module.diagnostics);
  }
}

/** acorn with JSX, built once. */
const JsxParser = Parser.extend(jsx());

/** A `.jsx` file's syntax tree. acorn's tree is ESTree; its type declarations are a separate copy of the same shapes. */
function parseJsx(text: string): Program {
  const tree: unknown = JsxParser.parse(text, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true });
  if (!isProgram(tree)) throw new Error('the parser did not return a program');
  return tree;
}

function isProgram(tree: unknown): tree is Program {
  return typeof tree === 'object' && tree !== null && 'type' in tree && tree.type === 'Program' && 'body' in tree && Array.isArray(tree.body);
}

/**
 * Reads and links one snippet file. `link` gives the file's imports their values (loading the
 * snippets they name, through the same cache); `collector` gathers what those imports pull in.
 * `resolveUrl` is the file's own, for the JSX its exports compute now (`parseBody`).
 */
export function loadModule(options: {
  root: string;
  file: string;
  kind: SnippetKind;
  link: LinkOptions;
  collector: Collector;
  resolveUrl?: UrlResolver | undefined;
  /** docs.json's `variables`, put into an `.mdx`/`.md` snippet's body as into a page's. */
  variables?: Variables | undefined;
}): SnippetModule {
  const { root, file, kind, link, collector, resolveUrl, variables } = options;
  collector.dependencies.add(file);
  let text: string;
  let encoding: Diagnostic[]; // bounds: invalid UTF-8 is reported, not replaced silently
  try {
    const decoded = readTextSync(path.join(root, file));
    text = decoded.text;
    encoding = encodingDiagnostic(file, decoded, 'snippet file');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    const problem = diagnostic('snippet-unreadable', undefined, file, { reason });
    return {
      file,
      exports: new Map(),
      unknown: new Set(),
      broken: true,
      diagnostics: [problem],
      dependencies: collector.dependencies,
      missing: collector.missing,
      echoes: collector.echoes,
    };
  }
  const own = kind === 'jsx' ? loadJsx(file, text, link, resolveUrl) : loadMarkdown(file, text, kind, link, resolveUrl, variables);
  for (const place of own.echoes ?? []) collector.echoes.add(place);
  return {
    file,
    exports: own.exports,
    unknown: own.unknown,
    broken: own.broken,
    diagnostics: uniqueDiagnostics([...encoding, ...own.diagnostics, ...collector.diagnostics]),
    dependencies: collector.dependencies,
    missing: collector.missing,
    echoes: collector.echoes,
  };
}

interface Loaded {
  exports: Map<string, Value>;
  unknown: Set<string>;
  broken: boolean;
  diagnostics: Diagnostic[];
  echoes?: string[];
}

function loadMarkdown(file: string, text: string, kind: 'mdx' | 'md', link: LinkOptions, resolveUrl: UrlResolver | undefined, variables: Variables | undefined): Loaded {
  const frontmatter = readFrontmatter({ file, text });
  const written = text.slice(frontmatter.bodyStart);
  const applied = applyVariables(written, variables);
  const undefinedVariable = undefinedVariableDiagnostic(file, written, frontmatter.bodyLine, applied, variables);
  const echoes = variableEchoes(file, applied, frontmatter.bodyLine);
  const parsed = parseBody({ file, text: applied.text, format: kind, line: frontmatter.bodyLine, link, resolveUrl });
  // The body is what `import X from` gives, whatever the file exports as `default` (in MDX that
  // names a layout, not the content).
  parsed.exports.set('default', bodyComponent(parsed.body));
  return {
    exports: parsed.exports,
    unknown: parsed.unknown,
    broken: false,
    diagnostics: [...frontmatter.diagnostics, ...undefinedVariable, ...withoutVariableEchoes(parsed.diagnostics, new Set(echoes))],
    echoes,
  };
}

function loadJsx(file: string, text: string, link: LinkOptions, resolveUrl: UrlResolver | undefined): Loaded {
  let program: Program;
  try {
    program = parseJsx(text);
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s*\(\d+:\d+\)$/, '');
    const problem = diagnostic('snippet-syntax', loc ? { file, line: loc.line, column: loc.column + 1 } : undefined, file, { reason });
    return { exports: new Map(), unknown: new Set(), broken: true, diagnostics: [problem] };
  }
  const reporter = new Reporter(file, 1);
  const scope = createScope({ parent: link.globals, origin: { file, firstLine: 1 }, context: createContext(undefined, resolveUrl) });
  const shape = readModule(program.body, scope, { resolveImport: (binding, at) => link.resolveImport(binding, at, { file, reporter }) });
  reportProblems(reporter, () => 'a value this snippet exports', 'its value is computed without that', shape.problems);
  reportOverBudget(reporter, shape.overBudget);
  const { values, unknown } = exportedValues(shape.exports, scope);
  return { exports: values, unknown, broken: false, diagnostics: reporter.diagnostics };
}

/** A snippet's body as a component: it renders into the page that uses it, props bound as names. */
function bodyComponent(body: Body): Callable {
  return new Callable(body.file, (args, context) => {
    if (!context.host) return undefined;
    return new Markup(context.host.embed(body, isRecord(args[0]) ? args[0] : {}));
  });
}

/** Diagnostics once each: a snippet used twice, or reached by two paths, reports its problems once. */
export function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((item) => {
    const key = `${item.file}\0${item.line}\0${item.column}\0${item.code}\0${item.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

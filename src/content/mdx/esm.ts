/**
 * A page's or snippet's `import` and `export` statements (and, in a `.jsx` snippet, its other
 * top-level declarations). `export const x = …` with a literal value defines `x` for `{x}` and
 * attribute expressions.
 *
 * Unlinked (`renderMarkdown` alone), imports are only listed, and exported functions are names the
 * page defines but that cannot be evaluated. Linked (the snippet stage passes `resolveImport`),
 * each import gets its value from the snippet file it names, and functions become components
 * (`export const Hero = ({ title }) => <h1>{title}</h1>`).
 */
import type { BaseNode, Directive, Identifier, Literal, ModuleDeclaration, Statement } from 'estree';
import type { Root } from 'mdast';
import { detach } from './detach.ts';
import { evaluateExpression, toCallable } from './evaluate.ts';
import type { Point, Reporter } from './report.ts';
import { collectProblems } from './partial.ts';
import { Callable, type BudgetLimit, type ImportBinding, type Problem, type Scope, type Value } from './types.ts';

export type { ImportBinding } from './types.ts';

export interface EsmOptions {
  /**
   * The value of one imported name, or undefined when it has none (the resolver reports why).
   * `at` is the import statement's position in the parsed text.
   */
  resolveImport?: (binding: ImportBinding, at: Point | undefined) => Value | undefined;
}

export interface ModuleShape {
  imports: ImportBinding[];
  /** Exported name → the local name holding its value (`default` included). */
  exports: Map<string, string>;
  /** What functions called while computing the module's values needed and docjet did not run. */
  problems: Problem[];
  /** Values whose computing went over the budget (budget.ts): the name, the limit, where it is declared. */
  overBudget: OverBudget[];
}

export interface OverBudget {
  name: string;
  limit: BudgetLimit;
  at: Point | undefined;
}

/** One `mdx-evaluation-budget` warning per value over the budget, at its declaration. */
export function reportOverBudget(reporter: Reporter, overBudget: readonly OverBudget[]): void {
  for (const { name, limit, at } of overBudget) {
    reporter.diagnostic('mdx-evaluation-budget', at, { subject: `\`${name}\``, limit, outcome: 'it has no value, and what uses it is shown as written' });
  }
}

/** Reads the top-level ESM of a page into `scope`: its imports, and the problems to report. */
export function readEsm(tree: Root, scope: Scope, options: EsmOptions = {}): Pick<ModuleShape, 'imports' | 'problems' | 'overBudget'> {
  return readModule(esmStatements(tree), scope, options);
}

/** Every statement of a page's `import`/`export` blocks, in order. */
export function esmStatements(tree: Root): (Statement | ModuleDeclaration | Directive)[] {
  const statements: (Statement | ModuleDeclaration | Directive)[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree;
    if (program) statements.push(...program.body);
  }
  return statements;
}

/** Reads a module's top-level statements into `scope`, one handler per kind of statement. */
export function readModule(statements: readonly (Statement | ModuleDeclaration | Directive)[], scope: Scope, options: EsmOptions): ModuleShape {
  const reader = new ModuleReader(scope, options);
  const { problems } = collectProblems(scope.context.problems, () => {
    for (const statement of statements) readStatement(statement.type, statement, reader);
  });
  return { imports: reader.imports, exports: reader.exports, problems, overBudget: reader.overBudget };
}

type TopLevel = Statement | ModuleDeclaration | Directive;
type TopLevelOf<K extends TopLevel['type']> = Extract<TopLevel, { type: K }>;
type TopLevelHandler<K extends TopLevel['type']> = (statement: TopLevelOf<K>, reader: ModuleReader) => void;

function readStatement<K extends TopLevel['type']>(type: K, statement: TopLevelOf<K>, reader: ModuleReader): void {
  const handler: TopLevelHandler<K> | undefined = TOP_LEVEL[type];
  handler?.(statement, reader);
}

const TOP_LEVEL: { [K in TopLevel['type']]?: TopLevelHandler<K> } = {
  ImportDeclaration(statement, reader) {
    const source = String(statement.source.value);
    for (const specifier of statement.specifiers) {
      const imported = specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(specifier.imported);
      reader.importName({ name: specifier.local.name, source, imported }, pointOf(statement));
    }
  },
  ExportNamedDeclaration(statement, reader) {
    if (statement.source) {
      // `export { Button } from './ui.jsx'`: an import and an export in one.
      const source = String(statement.source.value);
      for (const specifier of statement.specifiers) {
        const exported = nameOf(specifier.exported);
        reader.importName({ name: exported, source, imported: nameOf(specifier.local) }, pointOf(statement));
        reader.exports.set(exported, exported);
      }
      return;
    }
    for (const specifier of statement.specifiers) reader.exports.set(nameOf(specifier.exported), nameOf(specifier.local));
    if (statement.declaration) for (const name of reader.declare(statement.declaration)) reader.exports.set(name, name);
  },
  ExportDefaultDeclaration(statement, reader) {
    const declaration = statement.declaration;
    if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      const name = declaration.id?.name ?? '*default*';
      if (declaration.type === 'FunctionDeclaration') reader.define(name, toCallable(declaration, reader.scope, declaration.id?.name ?? 'default'));
      else reader.scope.opaque.add(name);
      reader.exports.set('default', name);
    } else {
      reader.assign('*default*', declaration);
      reader.exports.set('default', '*default*');
    }
  },
  // Only a `.jsx` file has these at the top (MDX allows only import and export there).
  VariableDeclaration: (statement, reader) => void reader.declare(statement),
  FunctionDeclaration: (statement, reader) => void reader.declare(statement),
  ClassDeclaration: (statement, reader) => void reader.declare(statement),
};

/** What reading a module builds: its imports and exports, and the names it defines in `scope`. */
class ModuleReader {
  readonly imports: ImportBinding[] = [];
  /** Exported name → the local name holding its value. */
  readonly exports = new Map<string, string>();
  readonly overBudget: OverBudget[] = [];

  constructor(
    readonly scope: Scope,
    private readonly options: EsmOptions,
  ) {}

  /** Unlinked, a function is a name without a value: nothing calls it. */
  define(name: string, value: Value): void {
    if (value instanceof Callable && this.options.resolveImport === undefined) this.makeOpaque(name);
    else {
      this.scope.values.set(name, value);
      this.scope.opaque.delete(name);
    }
  }

  /** `name = init`: its value, or a name without one when it cannot be computed. */
  assign(name: string, init: Parameters<typeof evaluateExpression>[0] | null | undefined): void {
    const result = init ? evaluateExpression(init, this.scope) : { ok: true as const, value: undefined };
    if (result.ok) this.define(name, result.value);
    else this.makeOpaque(name);
    if (!result.ok && result.reason === 'budget')
      this.overBudget.push({ name: name === '*default*' ? 'export default' : name, limit: result.limit, at: init ? pointOf(init) : undefined });
  }

  /** Imports are kept for the whole page, past the section they are in: as copies (`detach`). */
  importName(written: ImportBinding, at: Point | undefined): void {
    const binding = { name: detach(written.name), source: detach(written.source), imported: detach(written.imported) };
    this.imports.push(binding);
    const value = this.options.resolveImport?.(binding, at);
    if (value === undefined) this.scope.opaque.add(binding.name);
    else this.define(binding.name, value);
  }

  /** Declares `const`s, functions and classes; returns the names declared. */
  declare(declaration: Statement | ModuleDeclaration): string[] {
    if (declaration.type === 'VariableDeclaration') {
      const names: string[] = [];
      for (const declarator of declaration.declarations) {
        if (declarator.id.type !== 'Identifier') continue;
        const name = declarator.id.name;
        names.push(name);
        const init = declarator.init;
        if (init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')) this.define(name, toCallable(init, this.scope, name));
        else this.assign(name, init);
      }
      return names;
    }
    if (declaration.type === 'FunctionDeclaration' && declaration.id) {
      const name = declaration.id.name;
      this.define(name, toCallable(declaration, this.scope, name));
      return [name];
    }
    if (declaration.type === 'ClassDeclaration' && declaration.id) {
      this.scope.opaque.add(declaration.id.name);
      return [declaration.id.name];
    }
    return [];
  }

  private makeOpaque(name: string): void {
    this.scope.opaque.add(name);
    this.scope.values.delete(name);
  }
}

function nameOf(node: Identifier | Literal): string {
  return node.type === 'Identifier' ? node.name : String(node.value);
}

function pointOf(node: BaseNode): Point | undefined {
  const start = node.loc?.start;
  return start ? { line: start.line, column: start.column + 1 } : undefined;
}

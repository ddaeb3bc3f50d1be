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
import type { BaseNode, Directive, Identifier, Literal, ModuleDeclaration, Program, Statement } from 'estree';
import type { Root } from 'mdast';
import { evaluateExpression, toCallable, type Scope } from './evaluate.ts';
import type { Point } from './report.ts';
import { Callable, type Value } from './values.ts';

export interface ImportBinding {
  /** The local name the page uses: `Cta` in `import Cta from …` and `import { Button as Cta } from …`. */
  name: string;
  /** The module as written: `/snippets/cta.mdx`. */
  source: string;
  /** What is imported: `default`, `*`, or the exported name (`Button`). */
  imported: string;
}

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
}

/** Reads the top-level ESM of a page into `scope`, and returns its imports. */
export function readEsm(tree: Root, scope: Scope, options: EsmOptions = {}): ImportBinding[] {
  return readModule(esmStatements(tree), scope, options).imports;
}

/** Every statement of a page's `import`/`export` blocks, in order. */
export function esmStatements(tree: Root): (Statement | ModuleDeclaration | Directive)[] {
  const statements: (Statement | ModuleDeclaration | Directive)[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    if (program) statements.push(...program.body);
  }
  return statements;
}

/** Reads a module's top-level statements into `scope`: its imports, declarations and exports. */
export function readModule(statements: readonly (Statement | ModuleDeclaration | Directive)[], scope: Scope, options: EsmOptions): ModuleShape {
  const linked = options.resolveImport !== undefined;
  const imports: ImportBinding[] = [];
  const exports = new Map<string, string>();
  const define = (name: string, result: Value): void => {
    if (result instanceof Callable && !linked) {
      scope.opaque.add(name);
      scope.values.delete(name);
    } else {
      scope.values.set(name, result);
      scope.opaque.delete(name);
    }
  };
  const declare = (name: string, init: Parameters<typeof evaluateExpression>[0] | null | undefined): void => {
    const result = init ? evaluateExpression(init, scope) : { ok: true as const, value: undefined };
    if (result.ok) define(name, result.value);
    else {
      scope.opaque.add(name);
      scope.values.delete(name);
    }
  };
  const importName = (binding: ImportBinding, at: Point | undefined): void => {
    imports.push(binding);
    const value = options.resolveImport?.(binding, at);
    if (value === undefined) scope.opaque.add(binding.name);
    else define(binding.name, value);
  };

  for (const statement of statements) {
    const at = pointOf(statement);
    switch (statement.type) {
      case 'ImportDeclaration': {
        const source = String(statement.source.value);
        for (const specifier of statement.specifiers) {
          const imported =
            specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(specifier.imported);
          importName({ name: specifier.local.name, source, imported }, at);
        }
        break;
      }
      case 'ExportNamedDeclaration': {
        if (statement.source) {
          // `export { Button } from './ui.jsx'`: an import and an export in one.
          const source = String(statement.source.value);
          for (const specifier of statement.specifiers) {
            const local = nameOf(specifier.local);
            const exported = nameOf(specifier.exported);
            importName({ name: exported, source, imported: local }, at);
            exports.set(exported, exported);
          }
          break;
        }
        for (const specifier of statement.specifiers) exports.set(nameOf(specifier.exported), nameOf(specifier.local));
        const declaration = statement.declaration;
        if (!declaration) break;
        for (const name of declareStatement(declaration)) exports.set(name, name);
        break;
      }
      case 'ExportDefaultDeclaration': {
        const declaration = statement.declaration;
        if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
          const name = declaration.id?.name ?? '*default*';
          if (declaration.type === 'FunctionDeclaration') define(name, toCallable(declaration, scope, declaration.id?.name ?? 'default'));
          else scope.opaque.add(name);
          exports.set('default', name);
        } else {
          declare('*default*', declaration);
          exports.set('default', '*default*');
        }
        break;
      }
      case 'VariableDeclaration':
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
        // Only a `.jsx` file has these at the top (MDX allows only import and export there).
        declareStatement(statement);
        break;
      default:
    }
  }
  return { imports, exports };

  /** Declares `const`s and functions; returns the names declared. */
  function declareStatement(declaration: Statement | ModuleDeclaration): string[] {
    if (declaration.type === 'VariableDeclaration') {
      const names: string[] = [];
      for (const declarator of declaration.declarations) {
        if (declarator.id.type !== 'Identifier') continue;
        const name = declarator.id.name;
        names.push(name);
        const init = declarator.init;
        if (init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')) define(name, toCallable(init, scope, name));
        else declare(name, init);
      }
      return names;
    }
    if (declaration.type === 'FunctionDeclaration' && declaration.id) {
      const name = declaration.id.name;
      define(name, toCallable(declaration, scope, name));
      return [name];
    }
    if (declaration.type === 'ClassDeclaration' && declaration.id) {
      scope.opaque.add(declaration.id.name);
      return [declaration.id.name];
    }
    return [];
  }
}

function nameOf(node: Identifier | Literal): string {
  return node.type === 'Identifier' ? node.name : String(node.value);
}

function pointOf(node: BaseNode): Point | undefined {
  const start = node.loc?.start;
  return start ? { line: start.line, column: start.column + 1 } : undefined;
}

/**
 * A page's `import` and `export` statements. Imports are listed for the stage that resolves
 * snippets (`import Cta from '/snippets/cta.mdx'`); nothing is loaded here. `export const x = …`
 * with a literal value defines `x` for `{x}` and attribute expressions; other exports (components
 * written as functions, `new Agent(…)`) are names the page defines but that cannot be evaluated.
 */
import type { Program } from 'estree';
import type { Root } from 'mdast';
import { evaluateExpression, type Scope } from './evaluate.ts';

export interface ImportBinding {
  /** The local name the page uses: `Cta` in `import Cta from …` and `import { Button as Cta } from …`. */
  name: string;
  /** The module as written: `/snippets/cta.mdx`. */
  source: string;
  /** What is imported: `default`, `*`, or the exported name (`Button`). */
  imported: string;
}

/** Reads the top-level ESM of a page into `scope`, and returns its imports. */
export function readEsm(tree: Root, scope: Scope): ImportBinding[] {
  const imports: ImportBinding[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    if (!program) continue;
    for (const statement of program.body) {
      if (statement.type === 'ImportDeclaration') {
        const source = String(statement.source.value);
        for (const specifier of statement.specifiers) {
          const imported =
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.type === 'ImportNamespaceSpecifier'
                ? '*'
                : specifier.imported.type === 'Identifier'
                  ? specifier.imported.name
                  : String(specifier.imported.value);
          imports.push({ name: specifier.local.name, source, imported });
          scope.opaque.add(specifier.local.name);
        }
      } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
        const declaration = statement.declaration;
        if (declaration.type === 'VariableDeclaration') {
          for (const declarator of declaration.declarations) {
            if (declarator.id.type !== 'Identifier') continue;
            const name = declarator.id.name;
            const result = declarator.init ? evaluateExpression(declarator.init, scope) : { ok: true as const, value: undefined };
            if (result.ok) {
              scope.values.set(name, result.value);
              scope.opaque.delete(name);
            } else {
              scope.opaque.add(name);
            }
          }
        } else if (declaration.id) {
          scope.opaque.add(declaration.id.name);
        }
      }
    }
  }
  return imports;
}

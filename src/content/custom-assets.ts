/**
 * The site's own stylesheets and scripts (format-behaviour.md §Custom CSS/JS): every `.css` and
 * `.js` file of the content folder is included on every page, as the hosted product does. A `.js`
 * file written for Node (a shebang, `import`/`export` statements, `require(`) is a build script that
 * lives beside the docs, not a page script: a browser could not even parse it as one, so it is only
 * copied, not linked.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface CustomAssets {
  /** Site-relative paths, in path order. */
  styles: string[];
  scripts: string[];
  /** `.js` files left unlinked because they are Node scripts. */
  nodeScripts: string[];
}

export async function customAssets(root: string, assets: readonly string[]): Promise<CustomAssets> {
  const result: CustomAssets = { styles: [], scripts: [], nodeScripts: [] };
  for (const file of [...assets].sort()) {
    const extension = path.posix.extname(file).toLowerCase();
    if (extension === '.css') result.styles.push(file);
    if (extension !== '.js') continue;
    const text = await readFile(path.join(root, file), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    (isNodeScript(text) ? result.nodeScripts : result.scripts).push(file);
  }
  return result;
}

/** A shebang, a top-level `import`/`export` statement or a `require(` call: code for Node, not a page. */
export function isNodeScript(text: string): boolean {
  return text.startsWith('#!') || /^(?:import\s*[\w{*'"]|export\s)/m.test(text) || /\brequire\s*\(/.test(text);
}

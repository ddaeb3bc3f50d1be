/**
 * The browser side of search: two ES modules compiled from src/client by `npm run client`. Every
 * page loads `search.<hash>.mjs` (the button and Ctrl/⌘-K, under 1 KB); it imports
 * `search-dialog.<hash>.mjs` the first time search opens. They are `.mjs`, so the page script,
 * which joins `assets/js/*.js` (src/render/assets.ts), leaves them out, and are named by content
 * hash like docjet's other files so they can be cached forever.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../shared/package-root.ts';

const SCRIPTS_DIR = path.join(PACKAGE_ROOT, 'assets', 'js');

export interface SearchScript {
  /** Relative to the assets folder (`_docjet/`). */
  file: string;
  text: string;
}

export interface SearchScripts {
  entry: SearchScript;
  dialog: SearchScript;
}

let scripts: SearchScripts | undefined;

export function searchScripts(): SearchScripts {
  scripts ??= { entry: script('search'), dialog: script('search-dialog') };
  return scripts;
}

function script(name: string): SearchScript {
  const text = readFileSync(path.join(SCRIPTS_DIR, `${name}.mjs`), 'utf8');
  return { file: `${name}.${createHash('sha256').update(text).digest('hex').slice(0, 10)}.mjs`, text };
}

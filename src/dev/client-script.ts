/**
 * The dev client (src/client/dev-client.ts, compiled by `npm run client` into
 * assets/js/dev-client.js): the script `docjet dev` adds after the site's own scripts on the pages
 * it serves, never in `build` output. Read once, on first use.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../shared/package-root.ts';

export const CLIENT_PATH = '_docjet/dev/client.js';

let script: string | undefined;

export function clientScript(): string {
  script ??= readFileSync(path.join(PACKAGE_ROOT, 'assets', 'js', 'dev-client.js'), 'utf8');
  return script;
}

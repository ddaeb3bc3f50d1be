/**
 * `npm run client`: compiles the browser code (src/client, tsconfig.client.json) into assets/js/.
 * The page script's files and `search.mjs` are tsc's output as it is; the search dialog imports
 * src/portable (the index's shape and tokenizer, shared with src/search), so it is bundled with
 * esbuild into one `search-dialog.mjs`, the single file the page imports on first use; the samples
 * "Try it" writes (`samples.mjs`, imported the first time a reader changes the panel) with
 * `@readme/httpsnippet`, minified, its Node `url` import pointed at src/portable/legacy-url.ts.
 *
 * `node scripts/client.mjs [out]` writes into `out` instead (test/client.test.ts compares it with
 * the committed assets/js).
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Compiled modules bundled with what they import, rather than copied. */
const BUNDLED = new Set(['search-dialog.mjs', 'samples.mjs']);
/** What one bundle needs more than the others. */
const BUNDLE_OPTIONS = {
  'samples.mjs': { minify: true, alias: { url: path.join(root, 'src/portable/legacy-url.ts') }, nodePaths: [path.join(root, 'node_modules')] },
};

export async function compileClient(out = path.join(root, 'assets/js')) {
  const compiled = mkdtempSync(path.join(os.tmpdir(), 'docjet-client-'));
  try {
    const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.client.json', '--noEmit', 'false', '--outDir', compiled], { cwd: root, encoding: 'utf8' });
    if (tsc.status !== 0) throw new Error(`tsc -p tsconfig.client.json failed:\n${tsc.stdout}${tsc.stderr}`);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const client = path.join(compiled, 'client');
    for (const name of readdirSync(client)) if (!BUNDLED.has(name)) copyFileSync(path.join(client, name), path.join(out, name));
    for (const name of BUNDLED) {
      await build({
        entryPoints: [path.join(client, name)],
        outfile: path.join(out, name),
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        absWorkingDir: compiled,
        legalComments: 'none',
        logLevel: 'warning',
        ...BUNDLE_OPTIONS[name],
      });
    }
  } finally {
    rmSync(compiled, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await compileClient(process.argv[2] && path.resolve(process.argv[2]));

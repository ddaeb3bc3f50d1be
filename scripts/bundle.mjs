/**
 * Bundles the compiled command (lib/cli.js) into lib/bundle/cli.cjs, which bin/docjet.js runs, and
 * the build's workers into lib/bundle/render-worker.js, colour-worker.js, card-worker.js, search-worker.js and writer-worker.js, and dev's render thread into dev-render-worker.js. Node loads one file per module: the
 * ~800 modules behind `docjet` took most of a second to find, read and compile before any work
 * began (on every `dev`, `build` and `validate`); bundled, they load in about a third of that.
 * Run by `npm run build` after `tsc`.
 *
 * The command's bundle is CommonJS so that V8 can keep its compiled code (src/load-bundle.ts):
 * after bundling, a start of `docjet dev` on the example site is run once, and the code it
 * compiled is written beside the bundle (cli.cjs.cache) for every later start.
 *
 * Left out of the bundle, and found in node_modules when needed: native code (@parcel/watcher),
 * libraries only some sites use and that read their own files (the OpenAPI bundler, KaTeX,
 * mermaid), Shiki's grammars and themes (each loaded alone, when a page needs it), and the MCP SDK.
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { writeBundleManifest } from '../lib/load-bundle.js';

const lib = fileURLToPath(new URL('../lib/', import.meta.url));
const outdir = `${lib}bundle`;
const cli = `${outdir}/cli.cjs`;

/**
 * Zod's translations of its messages into 40 languages (`z.locales`, 366 KB, a tenth of the bundle,
 * parsed at every start) are never shown: docjet words every problem itself (src/shared/messages.ts), and
 * zod's English default is imported on its own (zod/v4/classic/schemas.js), so it stays.
 */
const withoutZodLocales = {
  name: 'without-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'without-zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'without-zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * Shiki's WebAssembly read from the file Shiki ships (`shiki/onig.wasm`) rather than from its
 * inlined copy (`shiki/wasm`, which src/render/highlight.ts imports: gzip in base64 in a 212 KB
 * module), which every start decoded a byte at a time, then unzipped through web streams, loading
 * Node's fetch for them: about 100 ms of the main thread before the first page, and as much in
 * each render worker of `build`. The bytes are the same (`sameWasm` checks it on every build).
 */
const shikiWasmFromFile = {
  name: 'shiki-wasm-from-file',
  setup(build) {
    build.onResolve({ filter: /^shiki\/wasm$/ }, () => ({ path: 'shiki/wasm', namespace: 'shiki-wasm-from-file' }));
    build.onLoad({ filter: /.*/, namespace: 'shiki-wasm-from-file' }, () => ({
      resolveDir: lib,
      loader: 'js',
      contents: `import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
export const wasmBinaryPromise = readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
export async function getWasmInstance(info) {
  return (await WebAssembly.instantiate(await wasmBinaryPromise, info)).instance.exports;
}
export default getWasmInstance;`,
    }));
  },
};

/** Whether `shiki/onig.wasm` holds the bytes `shiki/wasm` inlines (what shikiWasmFromFile relies on). */
async function sameWasm() {
  const require = createRequire(import.meta.url);
  const inlined = Buffer.from(await (await import('shiki/wasm')).wasmBinaryPromise);
  return inlined.equals(readFileSync(require.resolve('shiki/onig.wasm')));
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // jsonc-parser's `main` is a UMD build that requires files by relative path at run time.
  mainFields: ['module', 'main'],
  // satori and resvg draw social cards (resvg is a native addon): loaded when a site asks for cards.
  // The MCP SDK only for `docjet mcp` and a request to `/mcp` (src/dev/mcp/): no other command loads it.
  // @tailwindcss/node loads a native module (lightningcss).
  external: [
    '@parcel/watcher',
    '@tailwindcss/node',
    '@redocly/openapi-core',
    'katex',
    'mermaid',
    '@shikijs/langs/*',
    '@shikijs/themes/*',
    'satori',
    '@resvg/resvg-js',
    '@modelcontextprotocol/sdk',
  ],
  plugins: [withoutZodLocales, shikiWasmFromFile],
  logLevel: 'warning',
};

if (!(await sameWasm())) throw new Error('bundle.mjs: shiki/onig.wasm is not the WebAssembly shiki/wasm inlines any more: drop or update the shiki-wasm-from-file plugin.');

rmSync(outdir, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: [
    `${lib}output/render-worker.js`,
    `${lib}output/colour-worker.js`,
    `${lib}output/card-worker.js`,
    `${lib}output/search-worker.js`,
    `${lib}output/writer-worker.js`,
    `${lib}dev/dev-render-worker.js`,
  ],
  entryNames: '[name]',
  outdir,
  splitting: true,
  format: 'esm',
  // CommonJS dependencies call `require` (for Node's own modules too), which ES modules lack.
  banner: { js: "import { createRequire as __docjetCreateRequire } from 'node:module'; const require = __docjetCreateRequire(import.meta.url);" },
});
const bundled = await build({
  ...common,
  entryPoints: [`${lib}cli.js`],
  outfile: cli,
  format: 'cjs',
  write: false,
  metafile: true,
  // The modules find docjet's files from their own address (src/shared/package-root.ts, the render worker's).
  define: { 'import.meta.url': '__docjetModuleUrl' },
  banner: { js: "var __docjetModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
writeFileSync(cli, withPackageImports(bundled.outputFiles[0].text, bundled.metafile.outputs));
trainCodeCache();
// Last: a bundle without this list is one whose build was stopped (bin/docjet.js says so).
writeBundleManifest(outdir);

/**
 * The bundle with each `import("package")` of a package left out of it written `__docjetImport("package")`,
 * the importer src/load-bundle.ts hands the bundle: code read from a code cache cannot `import()`.
 */
function withPackageImports(text, outputs) {
  const imports = Object.values(outputs).flatMap((output) => output.imports.filter((entry) => entry.kind === 'dynamic-import'));
  let result = text;
  for (const { path, external } of imports) {
    const call = `import(${JSON.stringify(path)})`;
    if (!external || path.startsWith('.') || !result.includes(call))
      throw new Error(`bundle.mjs: cannot hand \`${call}\` to the importer of src/load-bundle.ts; import it statically, or leave its package out of the bundle.`);
    result = result.replaceAll(call, `__docjetImport(${JSON.stringify(path)})`);
  }
  return result;
}

/**
 * Writes the bundle's code cache: scripts/code-cache.mjs starts `docjet dev` on the example site in
 * a fresh process. Without it the command works, only starts slower, so a failure (a machine where
 * nothing may listen on 127.0.0.1) is said, not fatal; test/bin.test.ts checks the cache is there.
 */
function trainCodeCache() {
  // Offline: a build never reaches the network, whatever the example site comes to name.
  const env = { ...process.env, DOCJET_OFFLINE: '1' };
  const run = spawnSync(process.execPath, [fileURLToPath(new URL('code-cache.mjs', import.meta.url)), cli], { stdio: 'inherit', env });
  if (run.status !== 0) process.stderr.write(`bundle.mjs: no code cache for ${cli} (exit ${run.status}); docjet works, and starts about 0.1 s slower.\n`);
}

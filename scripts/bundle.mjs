/**
 * Bundles the compiled command (lib/cli.js) and the build's render worker into lib/bundle/, which
 * bin/docjet.js runs. Node loads one file per module: the ~800 modules behind `docjet` took most
 * of a second to find, read and compile before any work began (on every `dev`, `build` and
 * `validate`); bundled, they load in about a third of that. Run by `npm run build` after `tsc`.
 *
 * Left out of the bundle, and found in node_modules when needed: native code (@parcel/watcher),
 * libraries only some sites use and that read their own files (the OpenAPI bundler, KaTeX,
 * mermaid), and Shiki's grammars and themes (each loaded alone, when a page needs it).
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lib = fileURLToPath(new URL('../lib/', import.meta.url));
const outdir = `${lib}bundle`;

/**
 * Zod's translations of its messages into 40 languages (`z.locales`, 366 KB, a tenth of the bundle,
 * parsed at every start) are never shown: docjet words every problem itself (src/messages.ts), and
 * zod's English default is imported on its own (zod/v4/classic/schemas.js), so it stays.
 */
const withoutZodLocales = {
  name: 'without-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'without-zod-locales' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'without-zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${lib}cli.js`, `${lib}output/render-worker.js`],
  entryNames: '[name]',
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // jsonc-parser's `main` is a UMD build that requires files by relative path at run time.
  mainFields: ['module', 'main'],
  external: ['@parcel/watcher', '@redocly/openapi-core', 'katex', 'mermaid', '@shikijs/langs/*', '@shikijs/themes/*'],
  // CommonJS dependencies call `require` (for Node's own modules too), which ES modules lack.
  banner: { js: "import { createRequire as __docjetCreateRequire } from 'node:module'; const require = __docjetCreateRequire(import.meta.url);" },
  plugins: [withoutZodLocales],
  logLevel: 'warning',
});

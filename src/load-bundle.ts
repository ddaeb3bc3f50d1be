/**
 * Runs the command's bundle (lib/bundle/cli.cjs, written by scripts/bundle.mjs) with the V8 code
 * cache written beside it (cli.cjs.cache): the functions a start of `docjet dev` runs, compiled
 * once when docjet was built, so that a start reads their bytecode instead of parsing and compiling
 * 3.6 MB of JavaScript again (5,000-page site: 160 ms less CPU before the first page, 140 ms of it
 * on the main thread). Node 20 caches no ES module's code (`module.enableCompileCache` came in
 * Node 22), so the bundle is CommonJS, compiled here with `vm.Script`.
 *
 * V8 checks a cache against its own version, its flags and the source's length, and ignores one
 * that does not fit (another Node version, `--cpu-prof`): the bundle is then compiled as usual.
 * scripts/bundle.mjs writes the bundle and its cache together into an emptied folder, so a cache
 * never outlives the bundle it was made from, and writes the list of what it wrote last
 * (BUNDLE_MANIFEST): a build stopped halfway (Ctrl+C during `npm ci`'s `prepare`) leaves no list,
 * and bin/docjet.js says so rather than starting slower without a word.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { build, main } from './cli.ts';

export interface LoadedBundle {
  main: typeof main;
  /** The build as the command runs it (`npm run bench:build` times it so). */
  build: typeof build;
  /** A cache was there and V8 refused it. */
  cacheRejected: boolean;
  /** The code cache of the bundle with every function compiled so far (for scripts/bundle.mjs). */
  codeCache(): Buffer;
}

/** The file `bundle`'s code cache is kept in. */
export function codeCacheFile(bundle: string): string {
  return `${bundle}.cache`;
}

/**
 * The bundle's parameters besides CommonJS's own: `__docjetImport` stands for every `import()` of
 * a package left out of the bundle (scripts/bundle.mjs rewrites them), because V8 forgets how to
 * import from code it read from a code cache (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING on Node 20).
 */
const PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname', '__docjetImport'];

/** Compiles and runs the CommonJS bundle at `file` (with its code cache when there is one) and returns its `main`. */
export function loadBundle(file: string): LoadedBundle {
  const cachedData = readCache(codeCacheFile(file));
  // In parentheses, V8 compiles the wrapper at once rather than parsing the whole bundle twice.
  const source = `(function (${PARAMETERS.join(', ')}) {${readFileSync(file, 'utf8')}\n})`;
  const script = new vm.Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as { main?: typeof main; build?: typeof build } };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(file), module, file, path.dirname(file), importPackage);
  const { main: loaded, build: built } = module.exports;
  if (typeof loaded !== 'function' || typeof built !== 'function') throw new Error(`${file} does not export main and build: run \`npm run build\` again`);
  return { main: loaded, build: built, cacheRejected: script.cachedDataRejected === true, codeCache: () => script.createCachedData() };
}

/** A package left out of the bundle, imported from here (lib/), which finds the same node_modules as lib/bundle/. */
function importPackage(specifier: string): Promise<unknown> {
  return import(specifier);
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    // No cache (a build that could not write one): compiled as usual.
    return undefined;
  }
}

/** Written last into the bundle's folder by scripts/bundle.mjs: each file there and its size. */
export const BUNDLE_MANIFEST = 'complete.json';

/** Lists every file of the bundle's folder with its size, as the last step of a build. */
export function writeBundleManifest(folder: string): void {
  const files: Record<string, number> = {};
  for (const name of readdirSync(folder).sort()) if (name !== BUNDLE_MANIFEST) files[name] = statSync(path.join(folder, name)).size;
  writeFileSync(path.join(folder, BUNDLE_MANIFEST), `${JSON.stringify({ files }, null, 2)}\n`);
}

/**
 * Why the bundle in `folder` cannot be trusted to start as built, or undefined when it is whole:
 * no list of its files (a build stopped before its end), a file missing or of another size than
 * written (cut short, or removed since, the code cache among them).
 */
export function bundleProblem(folder: string): string | undefined {
  let files: Record<string, number>;
  try {
    files = (JSON.parse(readFileSync(path.join(folder, BUNDLE_MANIFEST), 'utf8')) as { files: Record<string, number> }).files;
  } catch {
    return `${folder} is incomplete (no ${BUNDLE_MANIFEST}: its build was stopped before the end)`;
  }
  for (const [name, size] of Object.entries(files)) {
    let actual: number | undefined;
    try {
      actual = statSync(path.join(folder, name)).size;
    } catch {
      return `${folder} is incomplete (${name} is missing)`;
    }
    if (actual !== size) return `${folder} is incomplete (${name} has ${actual} bytes, ${size} were written)`;
  }
  return undefined;
}

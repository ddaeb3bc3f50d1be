/**
 * How a bench's child process gets docjet's `build`: as `docjet build` runs it, from the bundle and
 * its code cache (`lib/bundle/`, src/load-bundle.ts), when `npm run build` has made it. lib/'s 800
 * compiled modules load half a second slower, and the sources through tsx slower still (each thread
 * compiles TypeScript as it loads): costs users never pay. `DOCJET_BENCH_SOURCE=1` measures the
 * sources anyway (the child then needs `--import tsx`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../lib/bundle/cli.cjs', import.meta.url));
const loader = new URL('../lib/load-bundle.js', import.meta.url);
const source = new URL('../src/output/build.ts', import.meta.url);

/** Whether the children build from the sources (no bundle, or asked). */
export const fromSource = process.env['DOCJET_BENCH_SOURCE'] === '1' || !existsSync(bundle) || !existsSync(loader);

/** A module's lines that declare `build`, for a child run with `--input-type=module -e`. */
export function buildImport(): string {
  if (fromSource) return `const { build } = await import(${JSON.stringify(source.href)});`;
  return `const { loadBundle } = await import(${JSON.stringify(loader.href)});\nconst { build } = loadBundle(${JSON.stringify(bundle)});`;
}

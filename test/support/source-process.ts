/**
 * How a test starts docjet's source in a child process. Under the test runner (DOCJET_TEST_BUILD=1),
 * the compiled copy it made in .test-build/ (scripts/test-build.mjs) with plain node: no tsx start-up
 * (~0.5 CPU-s a child). A file run alone (`node --import tsx --test test/x.test.ts`): the source
 * through tsx.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const compiled = process.env['DOCJET_TEST_BUILD'] === '1';

/** Node's flags for a child that imports TypeScript source. */
export const sourceFlags: readonly string[] = compiled ? [] : ['--import', 'tsx'];

/** The file a child runs or imports for the source file `file` (relative to the repository). */
export function sourcePath(file: string): string {
  return path.join(REPO, compiled ? path.join('.test-build', file.replace(/\.(m?)ts$/, '.$1js')) : file);
}

/** The URL a child's script imports for the source file `file` (relative to the repository). */
export function sourceUrl(file: string): string {
  return pathToFileURL(sourcePath(file)).href;
}

/** Node's arguments that run `docjet <args>` from source (`flags` first: `--max-old-space-size`…). */
export function cliArgs(args: readonly string[], flags: readonly string[] = []): string[] {
  const script = `const { main } = await import(${JSON.stringify(sourceUrl('src/cli.ts'))}); process.exitCode = await main(process.argv.slice(1));`;
  return [...flags, ...sourceFlags, '--input-type=module', '-e', script, ...args];
}

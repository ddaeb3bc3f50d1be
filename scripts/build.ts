/**
 * `npm run build`: compiles src/ into lib/ (tsc), bundles the command (scripts/bundle.mjs), then
 * stamps lib/ with a hash of everything that build read (lib/build-stamp.json, written last).
 *
 * `npm run prepare` runs this with `--if-stale`: it builds only when lib/ is not the build of
 * today's inputs. npm runs `prepare` after `npm ci`, and again each time `npx docjet` in the clone
 * links the clone into npx's cache: that second, identical build (tsc and the bundle, 35–55 s on
 * two cores) was what a contributor waited for, in silence, before the first page. A build that
 * was stopped leaves no stamp (it is removed first), so the next `prepare` builds again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleProblem } from '../src/load-bundle.ts';

/** The files a build reads besides src/: its configuration, its scripts and the locked dependencies it bundles. */
const BUILD_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.ts', 'scripts/bundle.mjs', 'scripts/code-cache.mjs'];

export const STAMP = 'build-stamp.json';

/**
 * A hash of a build's inputs in `root`: every file under src/ and the BUILD_FILES (path and bytes),
 * and the Node version (the bundle's code cache is V8's, valid for this Node only).
 */
export function buildInputs(root: string): string {
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  const files = [...BUILD_FILES, ...filesUnder(root, 'src')].sort();
  for (const file of files) {
    const full = path.join(root, file);
    hash.update(`${file}\n`);
    hash.update(existsSync(full) ? readFileSync(full) : '(none)');
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** Why lib/ in `root` is not the build of `inputs`, or undefined when it is. */
export function staleBecause(root: string, inputs: string): string | undefined {
  const lib = path.join(root, 'lib');
  let stamp: { inputs?: unknown };
  try {
    stamp = JSON.parse(readFileSync(path.join(lib, STAMP), 'utf8')) as { inputs?: unknown };
  } catch {
    return existsSync(lib) ? `lib/${STAMP} is missing (a build stopped before its end, or built before stamps)` : 'lib/ is not built';
  }
  if (stamp.inputs !== inputs) return 'src/, the build scripts, the dependencies or Node changed since lib/ was built';
  return bundleProblem(path.join(lib, 'bundle'));
}

/** Records that lib/ in `root` is the build of `inputs`. */
export function writeStamp(root: string, inputs: string): void {
  writeFileSync(path.join(root, 'lib', STAMP), `${JSON.stringify({ inputs }, null, 2)}\n`);
}

function filesUnder(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

function run(command: string, args: string[], root: string): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function build(root: string, ifStale: boolean): void {
  const inputs = buildInputs(root);
  if (ifStale) {
    const reason = staleBecause(root, inputs);
    if (reason === undefined) {
      process.stdout.write('docjet: lib/ is already the build of these sources; skipped (`npm run build` builds it again).\n');
      return;
    }
    process.stdout.write(`docjet: building lib/: ${reason}.\n`);
  }
  rmSync(path.join(root, 'lib', STAMP), { force: true });
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  run(process.execPath, [tsc, '-p', 'tsconfig.build.json'], root);
  run(process.execPath, ['scripts/bundle.mjs'], root);
  writeStamp(root, inputs);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build(fileURLToPath(new URL('..', import.meta.url)), process.argv.includes('--if-stale'));
}

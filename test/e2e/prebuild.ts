/**
 * Builds the sites of the browser test files named on the command line before they run (the test
 * runner starts it with DOCJET_E2E_PREBUILD=1 and --test-only, so that importing a file registers
 * no hooks and runs none of its tests): every build in one process, which loads and warms the build
 * once instead of once per file. What it leaves in BUILD_CACHE is what the files would have built
 * themselves; anything it cannot build, they build and report.
 *
 *   DOCJET_E2E_PREBUILD=1 node --test-only .test-build/test/e2e/prebuild.js test/e2e/a.test.ts …
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prebuildSites } from './harness.ts';

const REPO = path.resolve(import.meta.dirname, '../..');

if (process.env['DOCJET_E2E_PREBUILD'] !== '1') {
  console.error('prebuild: run by the test runner (DOCJET_E2E_PREBUILD=1), not on its own');
  process.exit(2);
}
const started = Date.now();
for (const file of process.argv.slice(2)) {
  const compiled = path.join(REPO, '.test-build', file.replace(/\.ts$/, '.js'));
  await import(pathToFileURL(compiled).href);
}
const { built, found, failed } = await prebuildSites();
console.log(`prebuild: ${built} sites built, ${found} found built${failed ? `, ${failed} left to their files` : ''} · ${((Date.now() - started) / 1000).toFixed(1)} s`);
// A file may have started a server at its top level (a recording API): the builds are done.
process.exit(0);

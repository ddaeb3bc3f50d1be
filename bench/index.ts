/**
 * `npm run bench`: docjet's speed and size, every benchmark in its own process, one after the
 * other, so that one's memory does not weigh on the next. `npm run bench -- dev search` runs some;
 * `npm run bench -- --list` names them. Each is also its own script (`npm run bench:dev`, …).
 *
 * Timings on a loaded machine are upper bounds: run it on a quiet one before comparing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Part {
  name: string;
  script: string;
  measures: string;
  /** Run only when named: the part takes minutes. */
  onRequest?: boolean;
}

const PARTS: Part[] = [
  { name: 'render', script: 'render.ts', measures: 'page bodies of three corpus sites, one thread: ms per page' },
  {
    name: 'build',
    script: 'build-synthetic.ts',
    measures: 'build of the 1,000- and 5,000-page synthetic site, cold and warm (nothing / one page changed): wall and CPU seconds, pages/s, peak memory, output size',
  },
  { name: 'dev', script: 'dev.ts', measures: 'docjet dev: start to first page (5,000 pages, largest corpus site), other pages, save to repaint' },
  {
    name: 'search',
    script: 'search.ts',
    measures: 'search: first query (files, gzipped bytes) beside Pagefind 1.6 when installed; index of 1,000 and 10,000 pages: size, latency',
  },
  {
    name: 'peers',
    script: 'docusaurus.ts',
    measures: 'docjet beside Docusaurus 3.10 (+ @docusaurus/faster) on the synthetic 1,000-page site, when scripts/install-peers.sh installed it',
  },
  { name: 'mcp', script: 'mcp.ts', measures: 'docjet mcp on the 5,000-page synthetic site: start, first navigation, a page, first and next search' },
  { name: 'openapi', script: 'openapi.ts', measures: 'Stripe, Kubernetes and GitHub API sites: operations, pages, seconds, peak memory, output size' },
  { name: 'corpus', script: 'build-corpus.ts', measures: 'build of every corpus site', onRequest: true },
  { name: 'big', script: 'big-page.ts', measures: 'one page of 0.2, 1.4 and 10 MB: seconds per MB and peak memory', onRequest: true },
];

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const part of PARTS) console.log(`${part.name.padEnd(8)} ${part.measures}${part.onRequest ? ' (only when named)' : ''}`);
  process.exit(0);
}

const named = args.filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((name) => !PARTS.some((part) => part.name === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}: run \`npm run bench -- --list\` for their names.`);
  process.exit(2);
}

const chosen = PARTS.filter((part) => (named.length === 0 ? !part.onRequest : named.includes(part.name)));
let failed = 0;
for (const part of chosen) {
  console.log(`\n== ${part.name}: ${part.measures}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(part.script, import.meta.url))], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.log(`(${part.name} exited with ${run.status ?? run.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);

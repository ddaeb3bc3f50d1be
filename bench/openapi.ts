/**
 * `docjet build` of API reference sites: Stripe, Kubernetes (../shared/openapi-specs) and GitHub's
 * REST description (npm `@octokit/openapi`), each the only content of a tiny generated docs.json
 * site, each built in a fresh process: `npm run bench:openapi [-- stripe github] [-- --languages curl,python]`.
 * Prints operations (endpoint pages), pages, seconds, the CPU seconds the build used (every
 * thread of the process: workers and the garbage collector's too), pages per second, peak memory
 * and output size. On a busy machine compare CPU seconds: wall time then counts other processes.
 * Issue 13's budget: a 1,500-operation document in under 10 s on two cores.
 *
 * GitHub's document is not in the project: it is read from `DOCJET_GITHUB_SPEC`, else from
 * `@octokit/openapi` where Node finds it from here, else from `<tmp>/octokit/node_modules`
 * (`npm install --prefix /tmp/octokit @octokit/openapi`); without it, its row says how to get it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildImport, fromSource } from './docjet-build.ts';

const SPECS_DIR = process.env['DOCJET_OPENAPI_SPECS'] ?? '/work/shared/openapi-specs';
const GITHUB_FILE = '@octokit/openapi/generated/api.github.com.json';

interface Spec {
  name: string;
  /** The document's path, or why it is missing. */
  file: string | { missing: string };
}

const SPECS: Spec[] = [
  { name: 'stripe', file: path.join(SPECS_DIR, 'stripe/spec3.2023-09-12.yaml') },
  { name: 'kubernetes', file: path.join(SPECS_DIR, 'kubernetes/swagger-1.13.json') },
  { name: 'github', file: githubSpec() },
];

const args = process.argv.slice(2);
const languagesOption = args.includes('--languages') ? args[args.indexOf('--languages') + 1] : undefined;
const named = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--languages');

const child = `
${buildImport()}
const cpu = process.cpuUsage();
const result = await build({ root: process.argv[1], outDir: process.argv[2] });
const used = process.cpuUsage(cpu);
const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
console.log(JSON.stringify({ ok: result.ok, errors, stats: result.stats, cpuSeconds: (used.user + used.system) / 1e6 }));
`;

interface Stats {
  pages: number;
  endpointPages: number;
  seconds: number;
  pagesPerSecond: number;
  peakMemory: number;
  bytes: number;
}

/** What the child prints: the build's result and the CPU time it took. */
interface Report {
  ok: boolean;
  errors: number;
  stats: Stats;
  cpuSeconds: number;
}

/** Where GitHub's REST description is on this machine, if anywhere. */
function githubSpec(): Spec['file'] {
  const fromEnv = process.env['DOCJET_GITHUB_SPEC'];
  if (fromEnv) return fromEnv;
  try {
    return fileURLToPath(import.meta.resolve(GITHUB_FILE));
  } catch {
    const fallback = path.join(os.tmpdir(), 'octokit/node_modules', GITHUB_FILE);
    if (existsSync(fallback)) return fallback;
    return { missing: `not found: set DOCJET_GITHUB_SPEC, or run npm install --prefix ${path.join(os.tmpdir(), 'octokit')} @octokit/openapi` };
  }
}

/** A site whose only content is the document's API reference, with the site's sample languages if chosen. */
async function writeApiSite(root: string, spec: string): Promise<void> {
  await mkdir(root, { recursive: true });
  const specFile = `openapi${path.extname(spec)}`;
  await copyFile(spec, path.join(root, specFile));
  const api = languagesOption ? { api: { examples: { languages: languagesOption.split(',') } } } : {};
  const config = { name: 'API', theme: 'mint', colors: { primary: '#0D9373' }, ...api, navigation: { groups: [{ group: 'API', openapi: specFile }] } };
  await writeFile(path.join(root, 'docs.json'), `${JSON.stringify(config, null, 2)}\n`);
}

function row(cells: readonly (string | number)[]): string {
  const widths = [12, 11, 7, 8, 7, 8, 9, 10];
  return cells.map((cell, index) => (index === 0 ? String(cell).padEnd(widths[0]!) : String(cell).padStart(widths[index]!))).join(' ');
}

console.log(
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(
      ' ',
    )} · ${os.cpus().length} cores · ${fromSource ? 'sources through tsx' : 'the bundle (lib/bundle/)'}${languagesOption ? ` · api.examples.languages ${languagesOption}` : ''}`,
);
console.log(row(['document', 'operations', 'pages', 'seconds', 'CPU s', 'pages/s', 'peak MiB', 'output MB']));
for (const spec of SPECS.filter((each) => named.length === 0 || named.includes(each.name))) {
  if (typeof spec.file !== 'string') {
    console.log(`${spec.name.padEnd(12)} skipped, ${spec.file.missing}`);
    continue;
  }
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-bench-openapi-'));
  try {
    await writeApiSite(path.join(scratch, 'site'), spec.file);
    const loader = fromSource ? ['--import', 'tsx'] : [];
    const run = spawnSync(process.execPath, [...loader, '--input-type=module', '-e', child, path.join(scratch, 'site'), path.join(scratch, 'out')], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    let report: Report | undefined;
    try {
      report = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as Report;
    } catch {
      console.log(`${spec.name.padEnd(12)} CRASH\n${(run.stderr || run.stdout).slice(-2000)}`);
      continue;
    }
    const s = report.stats;
    const cells = [
      spec.name,
      s.endpointPages,
      s.pages,
      s.seconds.toFixed(2),
      report.cpuSeconds.toFixed(1),
      Math.round(s.pagesPerSecond),
      Math.round(s.peakMemory / 1048576),
      (s.bytes / 1e6).toFixed(1),
    ];
    console.log(`${row(cells)}${report.ok ? '' : `  (${report.errors} errors)`}`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * `docjet dev` timed: `npm run bench:dev [-- --pages N] [-- --site NAME]`. For a synthetic site of
 * 5,000 pages (bench/synthetic-site.ts) and the largest corpus site (copied to a temporary folder,
 * since the benchmark edits it), each in a fresh process:
 *
 * - start to first page: from calling `dev()` (and from the process's start, module loading
 *   included) until the first page's HTML has arrived; on a first start, then on a second one,
 *   which finds the frontmatter of unchanged pages in the cache the first left (meta-cache.ts);
 * - other pages: 20 pages spread over the site, each requested once, one right after another,
 *   right after the first page; 20 others the same way once the grammars of the site's code are
 *   compiled (src/dev/grammar-warmup.ts) and the pages guessed slow are rendered ahead
 *   (src/dev/slow-pages.ts), at most 60 s after; then 20 others at a reader's pace, a second apart;
 * - save to repaint: a page open on the live-reload channel, its file edited: the time until the
 *   channel announces the change, and until the page's new HTML has arrived (what the browser
 *   fetches to swap it in), through the real file watcher;
 * - memory: resident at the end, and the peak over the whole run.
 *
 * `DOCJET_BENCH_SHOW=1` prints each page's time too, to find the slow ones.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeSyntheticSite } from './synthetic-site.ts';

const CORPUS = process.env['DOCJET_CORPUS'] ?? '/work/shared/corpus';
const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : (args[index + 1] ?? fallback);
};

interface Report {
  moduleLoadMs: number;
  firstPageMs: number;
  readyMs: number;
  pages: number;
  otherPages: number[];
  grammars: number;
  aheadPages: number;
  warmMs: number;
  warmPages: number[];
  readingPace: number[];
  saveToEvent: number[];
  saveToHtml: number[];
  rss: number;
  peakRss: number;
}

if (args[0] === '--child') {
  const { measure } = await import('./dev-child.ts');
  console.log(JSON.stringify(await measure(args[1]!)));
} else {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-bench-dev-'));
  try {
    const pages = Number(option('--pages', '5000'));
    const site = option('--site', 'mintlify__docs');
    const synthetic = path.join(scratch, 'synthetic');
    await writeSyntheticSite(synthetic, pages);
    const corpus = path.join(scratch, site);
    await cp(path.join(CORPUS, site), corpus, { recursive: true });
    console.log(
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} · ${os.cpus().length} cores`,
    );
    for (const [name, root] of [
      [`synthetic (${pages} pages)`, synthetic],
      [site, corpus],
    ] as const) {
      for (const start of ['first start', 'next start']) {
        const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', root], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
        const line = child.stdout.trim().split('\n').pop() ?? '';
        if (child.status !== 0 || !line.startsWith('{')) {
          console.log(`${name}, ${start}: failed\n${child.stderr.slice(-2000)}`);
          continue;
        }
        if (process.env['DOCJET_BENCH_SHOW'] === '1') process.stderr.write(child.stderr);
        print(`${name}, ${start}`, JSON.parse(line) as Report);
        const command = await commandToFirstPage(root);
        console.log(`  the command          ${command}`);
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * What a user waits for: from starting `docjet dev` (bin/docjet.js, which runs the bundle `npm run
 * build` writes) until the first page has arrived, module loading and all. Each run here follows the
 * in-process one on the same site, so it is a "next start" of the frontmatter cache.
 */
async function commandToFirstPage(root: string): Promise<string> {
  if (!existsSync(new URL('../lib/bundle/cli.cjs', import.meta.url))) return 'not measured: run `npm run build` first';
  const started = performance.now();
  const bin = new URL('../bin/docjet.js', import.meta.url);
  const child = spawn(process.execPath, [bin.pathname, 'dev', root, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /http:\/\/[^\s]+\//.exec(output);
        if (found) resolve(found[0]);
      });
      child.on('exit', () => reject(new Error(`docjet dev stopped: ${output}`)));
    });
    await (await fetch(url)).text();
    return `${Math.round(performance.now() - started)} ms from \`docjet dev\` to the first page`;
  } finally {
    child.kill('SIGINT');
  }
}

function print(name: string, report: Report): void {
  const ms = (value: number): string => `${Math.round(value)} ms`;
  const stats = (values: number[]): string => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (share: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
    return `median ${ms(at(0.5))}, p90 ${ms(at(0.9))}, max ${ms(sorted.at(-1)!)} (${values.length})`;
  };
  console.log(`${name}: ${report.pages} pages`);
  console.log(
    `  start → first page   ${ms(report.firstPageMs)} after dev() (site ready after ${ms(report.readyMs)}); ${ms(report.moduleLoadMs + report.firstPageMs)} from process start`,
  );
  console.log(`  other pages          ${stats(report.otherPages)}, one right after another`);
  const warm =
    report.grammars + report.aheadPages > 0
      ? `${report.grammars} grammars compiled and ${report.aheadPages} pages rendered ahead ${ms(report.warmMs)} after those`
      : `after waiting ${ms(report.warmMs)}`;
  if (report.warmPages.length > 0) console.log(`  other pages, warm     ${stats(report.warmPages)}, one right after another, ${warm}`);
  if (report.readingPace.length > 0) console.log(`  at reading pace      ${stats(report.readingPace)}, each a second after the one before`);
  console.log(`  save → event         ${stats(report.saveToEvent)}`);
  console.log(`  save → page HTML     ${stats(report.saveToHtml)}`);
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(`  memory               ${mb(report.rss)} resident, ${mb(report.peakRss)} at the peak`);
}

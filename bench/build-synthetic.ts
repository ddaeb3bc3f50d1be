/**
 * `docjet build` of the synthetic site (bench/synthetic-site.ts) at 1,000 and 5,000 pages, each in a
 * fresh process: `npm run bench:build [-- --pages 1000,5000]`. Prints pages, seconds, pages per
 * second, peak memory and output size. The budget (DESIGN.md): 1,000 realistic pages in 2.5 s on
 * two cores; the peers measured in ../shared/reference/peers.md take 80–100 s.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeSyntheticSite } from './synthetic-site.ts';

const args = process.argv.slice(2);
const pagesOption = args[args.indexOf('--pages') + 1];
const sizes = (args.includes('--pages') && pagesOption ? pagesOption : '1000,5000').split(',').map(Number);

const child = `
import { build } from ${JSON.stringify(new URL('../src/output/build.ts', import.meta.url).href)};
const result = await build({ root: process.argv[1], outDir: process.argv[2] });
console.log(JSON.stringify({ ok: result.ok, stats: result.stats }));
`;

interface Stats {
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  peakMemory: number;
  bytes: number;
}

export interface BuildRow {
  pages: number;
  ok: boolean;
  stats?: Stats;
  crash?: string;
}

/** Builds each size once, in its own process, and returns one row per size. */
export async function runBuildBench(pageCounts: readonly number[] = sizes): Promise<BuildRow[]> {
  const rows: BuildRow[] = [];
  for (const pages of pageCounts) {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-bench-build-'));
    try {
      await writeSyntheticSite(path.join(scratch, 'site'), pages);
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child, path.join(scratch, 'site'), path.join(scratch, 'out')], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      try {
        const report = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as { ok: boolean; stats: Stats };
        rows.push({ pages, ...report });
      } catch {
        rows.push({ pages, ok: false, crash: (run.stderr || run.stdout).slice(-2000) });
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return rows;
}

function printRows(rows: readonly BuildRow[]): void {
  console.log('build of the synthetic site (fresh process each)');
  console.log(`${'pages'.padStart(7)} ${'seconds'.padStart(8)} ${'pages/s'.padStart(8)} ${'peak MiB'.padStart(9)} ${'output MB'.padStart(10)}`);
  for (const row of rows) {
    if (!row.stats) {
      console.log(`${String(row.pages).padStart(7)} CRASH\n${row.crash ?? ''}`);
      continue;
    }
    const s = row.stats;
    console.log(
      `${String(s.pages).padStart(7)} ${s.seconds.toFixed(2).padStart(8)} ${String(Math.round(s.pagesPerSecond)).padStart(8)} ${String(Math.round(s.peakMemory / 1048576)).padStart(9)} ${(s.bytes / 1e6).toFixed(1).padStart(10)}${row.ok ? '' : '  (build reported errors)'}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printRows(await runBuildBench());

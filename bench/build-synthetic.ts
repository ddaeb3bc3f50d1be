/**
 * `docjet build` of the synthetic site (bench/synthetic-site.ts) at 1,000 and 5,000 pages, each
 * build in a fresh process, with the compiled docjet as the command runs it (`lib/bundle/`: run `npm run build` first):
 * `npm run bench:build [-- --pages 1000,5000]`. Per size, three builds into the same output folder:
 * cold (an empty cache, which it fills), warm with nothing changed, and warm with one page's body
 * changed. Prints wall and CPU seconds (all threads), pages per second, cache hits, peak memory and
 * output size. The budgets (DESIGN.md, issue 33): 1,000 realistic pages cold in 2.5 s on two
 * cores; warm, 5,000 pages in under 2 s with nothing or one page changed.
 */
import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildImport, fromSource } from './docjet-build.ts';
import { syntheticRoute, writeSyntheticSite } from './synthetic-site.ts';

const args = process.argv.slice(2);
const pagesOption = args[args.indexOf('--pages') + 1];
const sizes = (args.includes('--pages') && pagesOption ? pagesOption : '1000,5000').split(',').map(Number);

const child = `
const started = performance.now();
${buildImport()}
const result = await build({ root: process.argv[1], outDir: process.argv[2] });
const cpu = process.cpuUsage();
console.log(JSON.stringify({ ok: result.ok, stats: result.stats, wall: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6 }));
`;

interface Stats {
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  peakMemory: number;
  bytes: number;
  cache: { hits: number; misses: number };
}

export type BuildKind = 'cold' | 'warm, nothing changed' | 'warm, one page changed';

export interface BuildRow {
  pages: number;
  kind: BuildKind;
  ok: boolean;
  stats?: Stats;
  /** Wall seconds of the process from the import of docjet, and CPU seconds of all its threads. */
  wall?: number;
  cpu?: number;
  crash?: string;
}

/** Builds each size cold, then warm twice (nothing changed, one page changed), each in its own process. */
export async function runBuildBench(pageCounts: readonly number[] = sizes): Promise<BuildRow[]> {
  const rows: BuildRow[] = [];
  for (const pages of pageCounts) {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-bench-build-'));
    const site = path.join(scratch, 'site');
    try {
      await writeSyntheticSite(site, pages);
      for (const kind of ['cold', 'warm, nothing changed', 'warm, one page changed'] as const) {
        if (kind === 'warm, one page changed') await appendFile(path.join(site, `${syntheticRoute(Math.floor(pages / 2))}.mdx`), '\nOne more paragraph.\n');
        const run = spawnSync(process.execPath, [...(fromSource ? ['--import', 'tsx'] : []), '--input-type=module', '-e', child, site, path.join(scratch, 'out')], {
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
        });
        try {
          const report = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as { ok: boolean; stats: Stats; wall: number; cpu: number };
          rows.push({ pages, kind, ...report });
        } catch {
          rows.push({ pages, kind, ok: false, crash: (run.stderr || run.stdout).slice(-2000) });
        }
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return rows;
}

function printRows(rows: readonly BuildRow[]): void {
  console.log(`build of the synthetic site (${fromSource ? 'sources through tsx' : 'the bundle docjet build runs'}, a fresh process each, into the same output folder)`);
  console.log(
    `${'pages'.padStart(7)} ${'build'.padEnd(24)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(7)} ${'pages/s'.padStart(8)} ${'cached'.padStart(7)} ${'peak MiB'.padStart(9)} ${'output MB'.padStart(10)}`,
  );
  for (const row of rows) {
    if (!row.stats) {
      console.log(`${String(row.pages).padStart(7)} ${row.kind.padEnd(24)} CRASH\n${row.crash ?? ''}`);
      continue;
    }
    const s = row.stats;
    console.log(
      `${String(s.pages).padStart(7)} ${row.kind.padEnd(24)} ${(row.wall ?? s.seconds).toFixed(2).padStart(7)} ${(row.cpu ?? 0).toFixed(2).padStart(7)} ${String(Math.round(s.pagesPerSecond)).padStart(8)} ${String(s.cache.hits).padStart(7)} ${String(Math.round(s.peakMemory / 1048576)).padStart(9)} ${(s.bytes / 1e6).toFixed(1).padStart(10)}${row.ok ? '' : '  (build reported errors)'}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printRows(await runBuildBench());

/**
 * Builds every corpus site with `docjet build` (bench/docjet-build.ts), one fresh process each, and prints a table:
 * pages, seconds, pages per second, peak memory, output size, errors and warnings by kind.
 * `npm run bench:corpus [-- site …] [--json]`. Output goes to a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildImport, fromSource } from './docjet-build.ts';

const CORPUS = process.env['DOCJET_CORPUS'] ?? '/work/shared/corpus';
const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.filter((arg) => !arg.startsWith('--'));
const sites = readdirSync(CORPUS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && (only.length === 0 || only.some((name) => entry.name.includes(name))))
  .map((entry) => entry.name)
  .sort();

const child = `
${buildImport()}
// Cold builds, as measured: without the page bodies' cache (and nothing written into the corpus).
const result = await build({ root: process.argv[1], outDir: process.argv[2], cache: false });
const kinds = {};
for (const d of result.diagnostics) kinds[d.severity + ' ' + d.code] = (kinds[d.severity + ' ' + d.code] ?? 0) + 1;
const errors = result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file + ':' + d.line + ':' + d.column + ' ' + d.code);
console.log(JSON.stringify({ ok: result.ok, stats: result.stats, kinds, errors }));
`;

const rows = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'docjet-corpus-'));
for (const site of sites) {
  const out = path.join(scratch, site);
  const run = spawnSync(process.execPath, [...(fromSource ? ['--import', 'tsx'] : []), '--input-type=module', '-e', child, path.join(CORPUS, site), out], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  let report;
  try {
    report = JSON.parse(line);
  } catch {
    report = { ok: false, crash: (run.stderr || run.stdout).slice(-2000) };
  }
  rows.push({ site, ...report });
  rmSync(out, { recursive: true, force: true });
  if (!json) {
    if (report.crash) {
      console.log(`${site}: CRASH\n${report.crash}`);
      continue;
    }
    const s = report.stats;
    const warnings = Object.entries(report.kinds)
      .filter(([k]) => k.startsWith('warning'))
      .map(([k, n]) => `${k.slice(8)} ×${n}`)
      .join(', ');
    console.log(
      `${site.padEnd(44)} ${report.ok ? 'ok  ' : 'FAIL'} ${String(s.pages).padStart(5)} pages ${s.seconds.toFixed(2).padStart(6)} s ${String(Math.round(s.pagesPerSecond)).padStart(4)} p/s ${String(Math.round(s.peakMemory / 1048576)).padStart(5)} MiB ${(s.bytes / 1048576).toFixed(1).padStart(6)} MB` +
        `${report.errors.length ? `\n    errors: ${report.errors.join('; ')}` : ''}${warnings ? `\n    warnings: ${warnings}` : ''}`,
    );
  }
}
rmSync(scratch, { recursive: true, force: true });
if (json) console.log(JSON.stringify(rows, null, 2));

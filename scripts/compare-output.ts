/**
 * npm run compare-output [-- --base REV] [--new REV] [--site NAME] [--keep]
 *
 * Builds every site of the corpus (`DOCJET_CORPUS`, default ../shared/corpus) and `examples/` twice:
 * with docjet as it was at git revision `--base` (default HEAD) and with the working tree (or with
 * revision `--new`, so `--base HEAD --new HEAD` checks that builds are deterministic). Then lists
 * every page whose HTML differs (site, route, the first differing line before/after), files only
 * one side has, and a count per site. Exit 0 when both sides wrote the same site, 1 otherwise.
 *
 * The stylesheet and script are named by content hash (`_docjet/docjet.<hash>.css`); a change to
 * either renames them in every page, so names are normalised before pages are compared and the
 * assets' own changes are reported on their own.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const repo = path.resolve(import.meta.dirname, '..');

interface Side {
  label: string;
  /** A folder holding `src/cli.ts` and `node_modules`. */
  root: string;
}

interface SiteInput {
  name: string;
  root: string;
}

interface BuildRun {
  code: number;
  seconds: number;
  /** The CLI's last line (its summary), or the end of stderr when it crashed. */
  summary: string;
}

interface PageDiff {
  file: string;
  before: string;
  after: string;
}

interface SiteReport {
  site: string;
  compared: number;
  pages: PageDiff[];
  otherFiles: string[];
  added: string[];
  removed: string[];
  assets: string[];
  exitCodes: string | undefined;
  /** Set when both builds failed the same way: nothing to compare, said so in the summary. */
  bothFailed: number | undefined;
}

/** What `node -e` runs in a checkout: docjet's CLI from its TypeScript sources, through tsx. */
const CLI_DRIVER = `
const { main } = await import(process.env.DOCJET_COMPARE_CLI);
process.exitCode = await main(process.argv.slice(1));
`;

function parseOptions(): { base: string; next: string | undefined; site: string | undefined; keep: boolean } {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'HEAD' },
      new: { type: 'string' },
      site: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  return { base: values.base, next: values.new, site: values.site, keep: values.keep };
}

/** The sources of `rev` in `dir`, sharing this checkout's node_modules (dependencies rarely differ). */
function checkout(rev: string, dir: string): Side {
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['archive', rev], { cwd: repo, maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const sha = execFileSync('git', ['rev-parse', '--short', rev], { cwd: repo, encoding: 'utf8' }).trim();
  return { label: `${rev} (${sha})`, root: dir };
}

function listSites(only: string | undefined): SiteInput[] {
  const corpus = process.env['DOCJET_CORPUS'] ?? path.resolve(repo, '../shared/corpus');
  const sites: SiteInput[] = [];
  if (existsSync(corpus)) {
    for (const entry of readdirSync(corpus, { withFileTypes: true })) {
      if (entry.isDirectory()) sites.push({ name: entry.name, root: path.join(corpus, entry.name) });
    }
  } else {
    console.log(`compare-output: no corpus at ${corpus} (set DOCJET_CORPUS); comparing examples/ only`);
  }
  sites.sort((a, b) => a.name.localeCompare(b.name));
  // Both sides build the working tree's examples, so only the code differs between them.
  sites.push({ name: 'examples', root: path.join(repo, 'examples') });
  return only === undefined ? sites : sites.filter((site) => site.name === only);
}

function buildSite(side: Side, site: SiteInput, outDir: string): BuildRun {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CLI_DRIVER, 'build', site.root, '--out', outDir], {
    cwd: side.root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    // CI=1: progress as plain lines, never a redrawn bar; NO_COLOR: plain diagnostics.
    env: { ...process.env, DOCJET_COMPARE_CLI: path.join(side.root, 'src/cli.ts'), CI: '1', NO_COLOR: '1' },
  });
  const seconds = (performance.now() - started) / 1000;
  const lines = `${run.stdout}`.trim().split('\n');
  const summary = run.status === 0 || run.status === 1 ? (lines.at(-1) ?? '') : `${run.stderr}`.trim().split('\n').slice(-5).join('\n');
  return { code: run.status ?? -1, seconds, summary };
}

/** Every file under `dir`, as `/`-separated paths relative to it. */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const relative = prefix + entry.name;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${relative}/`);
      else files.push(relative);
    }
  };
  walk(dir, '');
  return files.sort();
}

const HASHED = /^(.*)\.([0-9a-f]{10})\.(css|js)$/;

/** `_docjet/docjet.1a2b3c4d5e.css` → `_docjet/docjet.[hash].css`; other names unchanged. */
function normaliseName(file: string): string {
  const match = HASHED.exec(file);
  return match ? `${match[1]}.[hash].${match[3]}` : file;
}

/** Replaces every hashed asset name a page mentions by its normalised name. */
function makeNormaliser(hashedNames: readonly string[]): (html: string) => string {
  const bases = [...new Set(hashedNames.map((file) => path.posix.basename(file)))];
  if (bases.length === 0) return (html) => html;
  const escaped = bases.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(escaped.join('|'), 'g');
  return (html) => html.replace(pattern, (name) => normaliseName(name));
}

const CONTEXT = 70;

/** The first line that differs, each side cut to a window around the first differing character. */
function firstDifference(before: string, after: string): { before: string; after: string } {
  const a = before.split('\n');
  const b = after.split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  const left = (a[line] ?? '(end of file)').trim();
  const right = (b[line] ?? '(end of file)').trim();
  let at = 0;
  while (at < left.length && at < right.length && left[at] === right[at]) at++;
  const cut = (text: string): string => {
    const start = Math.max(0, at - CONTEXT);
    const end = Math.min(text.length, at + CONTEXT);
    return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  };
  return { before: `${line + 1}: ${cut(left)}`, after: `${line + 1}: ${cut(right)}` };
}

/** The page's route: `a/b/index.html` → `/a/b`, `404.html` → `/404.html`. */
function routeOf(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '')}`;
}

function compareAssets(beforeDir: string, afterDir: string, before: string[], after: string[]): string[] {
  const hashed = (files: string[]): Map<string, string> => new Map(files.filter((file) => HASHED.test(file)).map((file) => [normaliseName(file), file]));
  const left = hashed(before);
  const right = hashed(after);
  const changes: string[] = [];
  for (const name of new Set([...left.keys(), ...right.keys()])) {
    const a = left.get(name);
    const b = right.get(name);
    if (!a || !b) {
      changes.push(`${name}: ${a ? 'removed' : 'added'}`);
      continue;
    }
    const textA = readFileSync(path.join(beforeDir, a), 'utf8');
    const textB = readFileSync(path.join(afterDir, b), 'utf8');
    if (textA === textB) continue;
    const diff = firstDifference(textA, textB);
    changes.push(`${name}: ${Buffer.byteLength(textA)} → ${Buffer.byteLength(textB)} bytes\n      before ${diff.before}\n      after  ${diff.after}`);
  }
  return changes;
}

/**
 * The output marker records when it was built and, for each file, its hash and stat times: the
 * files themselves are compared one by one, so only the marker's version must match.
 */
function sameMarker(file: string, a: Buffer, b: Buffer): boolean {
  if (file !== '.docjet-output') return false;
  const version = (data: Buffer): unknown => {
    try {
      return (JSON.parse(data.toString('utf8')) as { version?: unknown }).version;
    } catch {
      return undefined;
    }
  };
  return version(a) === version(b);
}

function compareSite(site: string, beforeDir: string, afterDir: string): SiteReport {
  const before = listFiles(beforeDir);
  const after = listFiles(afterDir);
  const normalise = makeNormaliser([...before, ...after].filter((file) => HASHED.test(file)));
  const plain = (files: string[]): Set<string> => new Set(files.filter((file) => !HASHED.test(file)));
  const left = plain(before);
  const right = plain(after);
  const report: SiteReport = {
    site,
    compared: 0,
    pages: [],
    otherFiles: [],
    added: [...right].filter((file) => !left.has(file)),
    removed: [...left].filter((file) => !right.has(file)),
    assets: compareAssets(beforeDir, afterDir, before, after),
    exitCodes: undefined,
    bothFailed: undefined,
  };
  for (const file of left) {
    if (!right.has(file)) continue;
    const a = readFileSync(path.join(beforeDir, file));
    const b = readFileSync(path.join(afterDir, file));
    if (!file.endsWith('.html')) {
      if (!a.equals(b) && !sameMarker(file, a, b)) report.otherFiles.push(file);
      continue;
    }
    report.compared++;
    if (a.equals(b)) continue;
    const textA = normalise(a.toString('utf8'));
    const textB = normalise(b.toString('utf8'));
    if (textA !== textB) report.pages.push({ file, ...firstDifference(textA, textB) });
  }
  return report;
}

function printSite(report: SiteReport): void {
  for (const page of report.pages) {
    console.log(`  ${report.site} ${routeOf(page.file)}\n      before ${page.before}\n      after  ${page.after}`);
  }
  for (const file of report.otherFiles) console.log(`  ${report.site} ${file}: differs`);
  for (const file of report.added) console.log(`  ${report.site} + ${file}`);
  for (const file of report.removed) console.log(`  ${report.site} - ${file}`);
  for (const asset of report.assets) console.log(`  ${report.site} asset ${asset}`);
  if (report.exitCodes) console.log(`  ${report.site} exit code ${report.exitCodes}`);
}

function differences(report: SiteReport): number {
  return report.pages.length + report.otherFiles.length + report.added.length + report.removed.length + report.assets.length + (report.exitCodes ? 1 : 0);
}

/** The changes seen on most pages, so one change repeated on every page reads as one line. */
function commonChanges(reports: readonly SiteReport[]): string[] {
  const counts = new Map<string, number>();
  for (const page of reports.flatMap((report) => report.pages)) {
    const key = `before ${page.before.replace(/^\d+: /, '')}\n      after  ${page.after.replace(/^\d+: /, '')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 5)
    .map(([key, count]) => `  ${count} page${count === 1 ? '' : 's'}:\n      ${key}`);
}

function printSummary(reports: readonly SiteReport[], seconds: number): void {
  console.log('\nsummary');
  for (const report of reports) {
    const parts = [
      `${report.pages.length}/${report.compared} pages differ`,
      `${report.otherFiles.length} other files differ`,
      `${report.added.length} added`,
      `${report.removed.length} removed`,
      `${report.assets.length} assets changed`,
    ];
    const exit = report.exitCodes ? `, exit code ${report.exitCodes}` : report.bothFailed ? `, both builds failed (exit ${report.bothFailed})` : '';
    console.log(`  ${report.site.padEnd(44)} ${parts.join(', ')}${exit}`);
  }
  const common = commonChanges(reports);
  if (common.length > 0) console.log(`\nmost frequent page changes\n${common.join('\n')}`);
  const total = reports.reduce((sum, report) => sum + differences(report), 0);
  console.log(`\n${total === 0 ? 'identical' : `${total} differences`} · ${reports.length} sites · ${seconds.toFixed(0)} s`);
}

function main(): number {
  const options = parseOptions();
  const started = performance.now();
  const sites = listSites(options.site);
  if (sites.length === 0) {
    console.error(`compare-output: no site named ${options.site}`);
    return 2;
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'docjet-compare-'));
  try {
    const before = checkout(options.base, path.join(scratch, 'before-src'));
    const after = options.next === undefined ? { label: 'working tree', root: repo } : checkout(options.next, path.join(scratch, 'after-src'));
    console.log(`compare-output: ${before.label} → ${after.label}, ${sites.length} sites${options.keep ? `, output kept in ${scratch}` : ''}`);
    const reports = sites.map((site, index) => compareOneSite(site, `${index + 1}/${sites.length}`, before, after, scratch, options.keep));
    printSummary(reports, (performance.now() - started) / 1000);
    return reports.some((report) => differences(report) > 0) ? 1 : 0;
  } finally {
    if (!options.keep) rmSync(scratch, { recursive: true, force: true });
  }
}

function compareOneSite(site: SiteInput, progress: string, before: Side, after: Side, scratch: string, keep: boolean): SiteReport {
  const outBefore = path.join(scratch, 'before', site.name);
  const outAfter = path.join(scratch, 'after', site.name);
  const runBefore = buildSite(before, site, outBefore);
  const runAfter = buildSite(after, site, outAfter);
  console.log(`[${progress}] ${site.name}: ${runBefore.seconds.toFixed(1)} s + ${runAfter.seconds.toFixed(1)} s`);
  if (runBefore.code > 1 || runAfter.code > 1) console.log(`    before: ${runBefore.summary}\n    after:  ${runAfter.summary}`);
  const report = compareSite(site.name, outBefore, outAfter);
  if (runBefore.code !== runAfter.code) report.exitCodes = `${runBefore.code} → ${runAfter.code}`;
  else if (runBefore.code !== 0) report.bothFailed = runBefore.code;
  printSite(report);
  // The outputs of a large site take ~100 MB each: drop them once compared.
  if (!keep) {
    rmSync(outBefore, { recursive: true, force: true });
    rmSync(outAfter, { recursive: true, force: true });
  }
  return report;
}

process.exitCode = main();

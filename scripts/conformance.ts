/**
 * npm run conformance [-- --runs N] [--site NAME] [--seed N]
 * Validates every site of ../shared/corpus (time, pages, every error) and fuzzes each site's config
 * N times (default 1,000) against that site's real pages and specs, deep nesting, hostile `$ref`s,
 * keys written twice and hostile redirects included (test/support/fuzz.ts). The seed is drawn anew
 * each run unless `--seed` (or `DOCJET_FUZZ_SEED`) gives one, and printed; each site's line counts
 * its crashes, the runs the command would have ended with exit 3. Exits 1 when a fuzz run crashes,
 * yields a malformed diagnostic or reads a file outside the site, or when validation of a site takes
 * too long, or when a site configures an `integrations` key docjet neither applies nor warns about.
 * Each site's line also says how many of its `integrations` keys docjet applies ("integrations
 * applied / configured"), and the last line sums them.
 *
 * Each site is also built (into a temporary folder, offline) and validated reading every page, as
 * `docjet validate` does: the two lists of diagnostics must be the same, code, place and message
 * (issue 31); the line says how many each found, and the first differences fail the run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatDiagnostic } from '../src/shared/diagnostics.ts';
import { CATALOGUE, type DiagnosticCode } from '../src/shared/messages.ts';
import { integrationsApplied } from '../src/render/analytics.ts';
import os from 'node:os';
import { build } from '../src/output/build.ts';
import type { Diagnostic } from '../src/shared/diagnostics.ts';
import { validate } from '../src/validate/index.ts';
import { fuzzConfig, MUTATION_KINDS, newSeed, type FuzzReport } from '../test/support/fuzz.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1000' }, site: { type: 'string' }, corpus: { type: 'string' }, seed: { type: 'string' } },
});
const corpus = path.resolve(values.corpus ?? new URL('../../shared/corpus', import.meta.url).pathname);
if (!fs.existsSync(corpus)) {
  process.stderr.write(`conformance: no corpus at ${corpus} (pass --corpus DIR)\n`);
  process.exit(2);
}
const runs = Number(values.runs);
const seed = newSeed(values.seed ?? process.env['DOCJET_FUZZ_SEED']);
if (runs > 0) process.stdout.write(`fuzz seed ${seed} (repeat with -- --seed ${seed})\n`);
const sites = fs
  .readdirSync(corpus)
  .filter((name) => fs.statSync(path.join(corpus, name)).isDirectory())
  .filter((name) => !values.site || name === values.site)
  .sort();

/** Structural errors the navigation spec (../shared/spec/docs-json-navigation.md) itself forbids, with its words: a site that has one stays unbuilt on purpose. */
const SPEC_FORBIDS: Partial<Record<DiagnosticCode, string>> = {
  'nav-multiple-patterns': '§Root of `navigation`, rule 1: "Exactly one primary pattern … must be chosen at the root level."',
  'nav-no-pattern': '§Nesting rules, rule 2: "A root-level parent element (tabs, groups, dropdowns, and so on) is required."',
  'menu-item-content': '§Menu item object, rule 2: "A menu item can contain only groups, pages and external links."',
};

let failed = false;
const integrationTotals = { sites: 0, configured: 0, applied: 0 };
const totals = { sites: 0, runs: 0, failures: 0, crashes: 0, milliseconds: 0, kinds: Object.fromEntries(MUTATION_KINDS.map((kind) => [kind, 0])) as FuzzReport['kinds'] };
for (const site of sites) {
  const root = path.join(corpus, site);
  const configFile = fs.existsSync(path.join(root, 'docs.json')) ? 'docs.json' : 'mint.json';
  const result = await validate({ root });
  const { stats } = result;
  // Budget from the issue: 2 s a site, 5 s for sites over 1,000 pages.
  const budget = stats.pages > 1000 ? 5000 : 2000;
  const slow = stats.milliseconds > budget;
  process.stdout.write(
    `\n${site}: ${stats.pages} pages (${stats.navigationPages} in navigation, ${stats.endpointPages} endpoint), ${stats.groups} groups · ` +
      `${stats.errors} errors, ${stats.warnings} warnings · ${stats.milliseconds.toFixed(0)} ms${slow ? ` (over the ${budget} ms budget)` : ''}\n`,
  );
  // The row's verdict: the site builds (warnings only), or why it cannot, in the catalogue's words.
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  const why = (code: DiagnosticCode): string => `${code} (${CATALOGUE[code].about})${SPEC_FORBIDS[code] ? `: an error because the spec forbids it, ${SPEC_FORBIDS[code]}` : ''}`;
  process.stdout.write(errors.length === 0 ? '  builds\n' : `  does not build: ${[...new Set(errors.map((d) => d.code))].map(why).join('; ')}\n`);
  for (const diagnostic of errors) process.stdout.write(`  ${formatDiagnostic(diagnostic)}\n`);
  const warnings = new Map<DiagnosticCode, number>();
  for (const d of result.diagnostics) if (d.severity === 'warning') warnings.set(d.code, (warnings.get(d.code) ?? 0) + 1);
  for (const [code, count] of warnings) process.stdout.write(`  warning ${code} ×${count}: ${CATALOGUE[code].about}\n`);
  if (slow) failed = true;
  if (!(await sameAsBuild(root))) failed = true;

  // Keys as written (the schema drops unknown ones from the config), against those docjet applies:
  // each one left is warned at its place (unknown key or setting-no-effect), or the run fails.
  const written = (result.loaded.value as { integrations?: unknown } | undefined)?.integrations;
  const configured = written && typeof written === 'object' && !Array.isArray(written) ? Object.keys(written) : [];
  const applied = new Set(integrationsApplied(result.config?.integrations).applied);
  const unwarned = configured.filter((key) => !applied.has(key) && !result.diagnostics.some((d) => d.path === `integrations.${key}` || d.path?.startsWith(`integrations.${key}.`)));
  if (configured.length > 0) {
    integrationTotals.sites++;
    integrationTotals.configured += configured.length;
    integrationTotals.applied += applied.size;
    process.stdout.write(
      `  integrations applied / configured: ${applied.size} / ${configured.length} (${configured.map((key) => (applied.has(key) ? key : `${key}: not applied`)).join(', ')})` +
        `${unwarned.length > 0 ? `; NOT WARNED: ${unwarned.join(', ')}` : ''}
`,
    );
  }
  if (unwarned.length > 0) failed = true;

  if (runs > 0) {
    const report = await fuzzConfig({
      root,
      configText: fs.readFileSync(path.join(root, configFile), 'utf8'),
      runs,
      seed,
      ...(result.files && result.meta ? { reuse: { files: result.files, meta: result.meta } } : {}),
    });
    const crashes = report.failures.filter((failure) => failure.problems.some((problem) => problem.startsWith('crash:'))).length;
    totals.sites++;
    totals.runs += report.runs;
    totals.failures += report.failures.length;
    totals.crashes += crashes;
    totals.milliseconds += report.milliseconds;
    for (const kind of MUTATION_KINDS) totals.kinds[kind] += report.kinds[kind];
    process.stdout.write(
      `  fuzz (seed ${seed}): ${report.runs} runs in ${(report.milliseconds / 1000).toFixed(1)} s: ${report.outcomes.errors} with errors, ${report.outcomes.success} valid, ${report.failures.length} failures, ${crashes} exit-3s (crashes)\n` +
        `  mutations: ${MUTATION_KINDS.map((kind) => `${kind} ×${report.kinds[kind]}`).join(', ')}\n`,
    );
    for (const failure of report.failures.slice(0, 5)) {
      failed = true;
      process.stdout.write(`  FAIL run ${failure.run}: ${failure.mutations.map((m) => `${m.kind} ${m.at}`).join('; ')}\n    ${failure.problems.join('\n    ')}\n`);
    }
  }
}
process.stdout.write(
  `\nintegrations applied / configured: ${integrationTotals.applied} / ${integrationTotals.configured} keys on the ${integrationTotals.sites} of ${sites.length} sites that configure any\n`,
);
if (totals.sites > 0) {
  process.stdout.write(
    `\nfuzz total (seed ${seed}): ${totals.sites} sites, ${totals.runs} runs in ${(totals.milliseconds / 1000).toFixed(1)} s, ${totals.failures} failures, ${totals.crashes} exit-3s (crashes)\n` +
      `  mutations: ${MUTATION_KINDS.map((kind) => `${kind} ×${totals.kinds[kind]}`).join(', ')}\n`,
  );
}
/** Whether `docjet validate` (every page read) lists what `docjet build` lists for the site; prints both counts and the first differences. */
async function sameAsBuild(root: string): Promise<boolean> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docjet-conformance-'));
  // Peak resident memory of this process (render worker threads included) while the site is validated and built.
  const peak = { rss: process.memoryUsage.rss() };
  const sampler = setInterval(() => (peak.rss = Math.max(peak.rss, process.memoryUsage.rss())), 20);
  try {
    const started = performance.now();
    const validated = await validate({ root, pages: true, offline: true });
    const validateSeconds = (performance.now() - started) / 1000;
    // Without the page bodies' cache: every page rendered, nothing written into the shared corpus.
    const built = await build({ root, outDir: out, offline: true, cache: false });
    const key = (d: Diagnostic): string => formatDiagnostic(d);
    const fromValidate = new Set(validated.diagnostics.map(key));
    // Only build writes a sitemap: the warning that it left one out for want of an address is its own;
    // and only build (as `docjet check`) follows every link once every page is rendered.
    const linkCodes = new Set<string>(['link-broken', 'anchor-missing', 'redirect-chain']);
    const fromBuild = new Set(built.diagnostics.filter((d) => d.code !== 'sitemap-no-url' && !linkCodes.has(d.code)).map(key));
    const count = (code: string): number => built.diagnostics.filter((d) => d.code === code).length;
    const onlyValidate = [...fromValidate].filter((line) => !fromBuild.has(line));
    const onlyBuild = [...fromBuild].filter((line) => !fromValidate.has(line));
    const same = onlyValidate.length === 0 && onlyBuild.length === 0;
    process.stdout.write(
      `  validate reading every page: ${validated.diagnostics.length} diagnostics in ${validateSeconds.toFixed(2)} s; build: ${built.diagnostics.length} in ${built.stats.seconds.toFixed(2)} s · ${same ? 'the same' : 'DIFFERENT'}\n` +
        `  broken links: ${count('link-broken')}, missing anchors: ${count('anchor-missing')}, redirect chains: ${count('redirect-chain')} (build, as docjet check follows them)\n` +
        `  peak memory: ${Math.round(peak.rss / 2 ** 20)} MB (this process and its render threads while validating and building this site; memory earlier sites left counts)\n`,
    );
    for (const line of onlyValidate.slice(0, 5)) process.stdout.write(`    only validate: ${line}\n`);
    for (const line of onlyBuild.slice(0, 5)) process.stdout.write(`    only build: ${line}\n`);
    return same;
  } finally {
    clearInterval(sampler);
    fs.rmSync(out, { recursive: true, force: true });
  }
}

process.stdout.write(failed ? '\nconformance: FAILED\n' : '\nconformance: all sites validated and fuzzed without a crash\n');
process.exitCode = failed ? 1 : 0;

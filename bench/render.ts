/**
 * Renders every page body of three corpus sites in one process and reports speed, memory and the
 * diagnostics found: `npm run bench [-- site …] [--top N] [--errors]`.
 *
 * The budget (DESIGN.md): 1,000 realistic pages in 2.5 s on 2 cores, about 5 ms of CPU per page
 * for everything; this measures the body renderer alone, single-threaded.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readFrontmatter } from '../src/content/frontmatter.ts';
import { renderMarkdown } from '../src/content/mdx/index.ts';

const CORPUS = process.env['DOCJET_CORPUS'] ?? '/work/shared/corpus';
const DEFAULT_SITES = ['mintlify__docs', 'crewAIInc__crewAI', 'Portkey-AI__docs-core'];

const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(name);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const top = Number(option('--top') ?? 0);
const sites = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--top'));

interface Body {
  site: string;
  file: string;
  text: string;
  line: number;
  format: 'mdx' | 'md';
}

function pagesOf(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && /\.mdx?$/.test(entry.name)) out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

// Read everything first: the timing covers rendering only.
const bodies: Body[] = [];
for (const site of sites.length > 0 ? sites : DEFAULT_SITES) {
  const root = path.join(CORPUS, site);
  try {
    if (!statSync(root).isDirectory()) throw new Error('not a folder');
  } catch {
    console.log(`skipped ${site}: ${root} is not there`);
    continue;
  }
  for (const full of pagesOf(root)) {
    const file = path.relative(root, full);
    const source = readFileSync(full, 'utf8');
    const frontmatter = readFrontmatter({ file, text: source });
    bodies.push({ site, file, text: source.slice(frontmatter.bodyStart), line: frontmatter.bodyLine, format: file.endsWith('.md') ? 'md' : 'mdx' });
  }
}
if (bodies.length === 0) {
  console.log('no pages to render');
  process.exit(0);
}

// Warm up the JIT on a slice, as a long build would be warm after its first pages.
for (const body of bodies.slice(0, 100)) renderMarkdown({ file: body.file, text: body.text, format: body.format, line: body.line });

const perSite = new Map<string, { pages: number; ms: number; bytes: number; codes: Map<string, number> }>();
const slowest: { ms: number; site: string; file: string; bytes: number }[] = [];
const errors: string[] = [];
const cpuStart = process.cpuUsage();
const start = performance.now();
for (const body of bodies) {
  const t0 = performance.now();
  const result = renderMarkdown({ file: body.file, text: body.text, format: body.format, line: body.line });
  const ms = performance.now() - t0;
  let stats = perSite.get(body.site);
  if (!stats) perSite.set(body.site, (stats = { pages: 0, ms: 0, bytes: 0, codes: new Map() }));
  stats.pages++;
  stats.ms += ms;
  stats.bytes += body.text.length;
  for (const diagnostic of result.diagnostics) {
    const key = `${diagnostic.severity} ${diagnostic.code}`;
    stats.codes.set(key, (stats.codes.get(key) ?? 0) + 1);
    if (diagnostic.severity === 'error') errors.push(`${body.site}/${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.code} ${diagnostic.message}`);
  }
  slowest.push({ ms, site: body.site, file: body.file, bytes: body.text.length });
}
const total = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);

const fmt = (n: number, digits = 2): string => n.toFixed(digits);
console.log(`pages      ${bodies.length}`);
console.log(`total      ${fmt(total, 0)} ms (CPU ${fmt((cpu.user + cpu.system) / 1000, 0)} ms)`);
console.log(`per page   ${fmt(total / bodies.length)} ms`);
console.log(`pages/s    ${fmt((bodies.length / total) * 1000, 0)}`);
const times = slowest.map((page) => page.ms).sort((a, b) => a - b);
const percentile = (p: number): number => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
console.log(`percentiles p50 ${fmt(percentile(0.5))} ms, p90 ${fmt(percentile(0.9))} ms, p99 ${fmt(percentile(0.99))} ms, max ${fmt(percentile(1))} ms`);
console.log(`peak RSS   ${fmt(process.resourceUsage().maxRSS / 1024, 0)} MiB`);
for (const [site, stats] of perSite) {
  console.log(`\n${site}: ${stats.pages} pages, ${fmt(stats.bytes / stats.pages / 1024, 1)} KiB/page, ${fmt(stats.ms / stats.pages)} ms/page`);
  const codes = [...stats.codes].sort((a, b) => b[1] - a[1]);
  if (codes.length === 0) console.log('  no diagnostics');
  for (const [code, count] of codes) console.log(`  ${String(count).padStart(6)}  ${code}`);
}
if (top > 0) {
  console.log(`\nslowest ${top}:`);
  for (const page of slowest.sort((a, b) => b.ms - a.ms).slice(0, top)) {
    console.log(`  ${fmt(page.ms, 1).padStart(7)} ms  ${fmt(page.bytes / 1024, 0).padStart(4)} KiB  ${page.site}/${page.file}`);
  }
}
if (errors.length > 0) {
  console.log(`\n${errors.length} errors:`);
  for (const line of flag('--errors') ? errors : errors.slice(0, 20)) console.log(`  ${line}`);
}

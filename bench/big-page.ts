/**
 * Time and peak memory of one big page, each size in its own process (`npm run bench:big`):
 * a real corpus page repeated to 200 KB, 1.4 MB and 10 MB (and 10 MB with the page's one `import`
 * kept once), and a synthetic 50,000-line page.
 * Time per MB should stay flat as pages grow (linear), and 10 MB stay under 10 s and 500 MB.
 * CPU time is printed beside wall time: on a machine shared with other work it is the steadier
 * measure.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { renderMarkdown } from '../src/content/mdx/index.ts';
import { readFrontmatter } from '../src/content/frontmatter.ts';

const CORPUS = process.env['DOCJET_CORPUS'] ?? '/work/shared/corpus';
const SOURCE = `${CORPUS}/mintlify__docs/quickstart.mdx`;

/**
 * The page's body repeated to `bytes`. Each copy repeats the page's `import` too, which MDX reads as
 * importing the same name again, an error (a warning and a repair per copy); `importOnce` keeps the
 * first copy's import only, as one real page of that size would have it.
 */
function repeated(bytes: number, importOnce = false): string {
  const text = readFileSync(SOURCE, 'utf8');
  const body = text.slice(readFrontmatter({ file: 'quickstart.mdx', text }).bodyStart);
  const withoutImports = body.replace(/^import .*$/gm, '');
  let out = '';
  while (out.length < bytes) out += `${importOnce && out !== '' ? withoutImports : body}\n\n`;
  return out;
}

function lines(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += i % 10 === 0 ? `## Heading ${i}\n\n` : `Line ${i} with some *text* and \`code\`\n${i % 3 === 0 ? '\n' : ''}`;
  return out;
}

const [mode, size] = process.argv.slice(2);
if (mode === 'one') {
  const importOnce = size!.endsWith('-once');
  const text = size === 'lines' ? lines(50_000) : repeated(Number.parseInt(size!, 10), importOnce);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = renderMarkdown({ file: 'big.mdx', text, format: 'mdx' });
  const seconds = (performance.now() - started) / 1000;
  // Every thread's: with section workers, theirs too.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(
    `${size === 'lines' ? '50,000 lines' : `${(Number.parseInt(size!, 10) / 1e6).toFixed(1)} MB${importOnce ? ', 1 import' : ''}`}`.padEnd(22),
    `${(text.length / 1e6).toFixed(2)} MB`.padEnd(9),
    `${seconds.toFixed(2)} s`.padEnd(9),
    `${(seconds / (text.length / 1e6)).toFixed(2)} s/MB`.padEnd(11),
    `CPU ${cpuSeconds.toFixed(2)} s`.padEnd(13),
    `peak RSS ${rss.toFixed(0)} MB`.padEnd(18),
    `${result.diagnostics.length} diagnostics`,
  );
} else {
  for (const each of ['200000', '1400000', 'lines', '10000000', '10000000-once']) {
    execFileSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, 'one', each], { stdio: 'inherit' });
  }
}

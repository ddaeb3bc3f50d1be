/**
 * Search timed and weighed: `npm run bench:search [-- --pages 1000,10000] [-- --build]`. For each
 * synthetic site (bench/synthetic-site.ts):
 *
 * - index: the time to make the index from the site model (reading every page file again,
 *   tokenizing, writing the files in memory), and the bytes of all its files;
 * - first query: what a reader's browser downloads before the first results show (the two search
 *   modules, `index.json`, the term file of each word, the page files of the results shown), raw
 *   and gzipped, and how long the answer takes once those have arrived (parsing them included);
 * - queries: the time to answer again with every file already loaded, for common words, two
 *   words, a prefix, a typo and a rare word;
 * - with `--build`: the whole `build()` of the site, and the share of it the index takes.
 *
 * The browser's own query code runs here: the compiled assets/js/search-dialog.mjs, its `fetch`
 * answered from the index in memory. Targets (issue 14): on 10,000 pages the first query downloads
 * under 1 MB and answers in under 50 ms after that; indexing adds under 10 % to the build.
 *
 * Why docjet has its own index (measured on these sites, 10,000 pages, gzipped bytes): MiniSearch
 * 7.2, FlexSearch 0.8 and Orama 3.1 keep one index in memory, which a browser must download whole
 * before the first result (1.7 MB, 5.3 MB, 3.5 MB); Pagefind 1.6 splits its index (152 KB before
 * the first result) but answered a common word in 284 ms, matches no typo, builds in 17 s through
 * its platform binary, and its records lose headings as results. Split files as Pagefind does,
 * scored at build time and ranked in plain JavaScript, meet every target with no dependency.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from '../src/output/build.ts';
import { searchIndex, searchScripts } from '../src/search/index.ts';
import { validate } from '../src/validate.ts';
import { writeSyntheticSite } from './synthetic-site.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : (args[index + 1] ?? fallback);
};
const SIZES = option('--pages', '1000,10000').split(',').map(Number);
const FULL_BUILD = args.includes('--build');
const FIRST_QUERY = 'deploy';
const QUERIES = ['deploy', 'replica webhook', 'clus', 'deplyo', 'token region 42'];

/** What the benchmark uses of the browser's search code (src/client/search-dialog.mts). */
interface Engine {
  IndexFiles: new (folder: string) => object;
  search(files: object, query: string, reader: object, widened: boolean): Promise<{ total: number; results: unknown[] }>;
}

const engineUrl = pathToFileURL(path.resolve(import.meta.dirname, '../assets/js/search-dialog.mjs')).href;
const engine = (await import(engineUrl)) as Engine;
// Node loads its fetch machinery on first use (tens of ms), which a browser has ready: not counted.
await new Response('{}').json();

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** Serves `files` to the engine's `fetch`, counting what is fetched. */
function serve(files: ReadonlyMap<string, string>): { fetched: string[] } {
  const log = { fetched: [] as string[] };
  globalThis.fetch = async (input: string | URL | Request) => {
    const name = String(input).replace(/^\/_docjet\/search\//, '');
    const text = files.get(name);
    log.fetched.push(name);
    return text === undefined ? new Response('', { status: 404 }) : new Response(text);
  };
  return log;
}

async function measure(pages: number): Promise<void> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-search-bench-'));
  try {
    await writeSyntheticSite(root, pages);
    const { site } = await validate({ root });
    if (!site) throw new Error('the synthetic site did not validate');
    await searchIndex(site, '/'); // warm: module loading and the JIT
    const started = performance.now();
    const files = await searchIndex(site, '/');
    const indexMs = performance.now() - started;
    let raw = 0;
    let gzipped = 0;
    for (const text of files.values()) {
      raw += Buffer.byteLength(text);
      gzipped += gzipSync(text).length;
    }

    const log = serve(files);
    const scripts = searchScripts();
    const firstStarted = performance.now();
    const first = await engine.search(new engine.IndexFiles('/_docjet/search/'), FIRST_QUERY, {}, false);
    const firstMs = performance.now() - firstStarted;
    const firstFiles = [...log.fetched];
    const downloaded = [scripts.entry.text, scripts.dialog.text, ...firstFiles.map((name) => files.get(name) ?? '')];
    const firstRaw = downloaded.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    const firstGzipped = downloaded.reduce((sum, text) => sum + gzipSync(text).length, 0);

    const warm = new engine.IndexFiles('/_docjet/search/');
    for (const query of QUERIES) await engine.search(warm, query, {}, false);
    const timings = [];
    for (const query of QUERIES) {
      const rounds = 10;
      const queryStarted = performance.now();
      let total = 0;
      for (let round = 0; round < rounds; round++) total = (await engine.search(warm, query, {}, false)).total;
      timings.push(`"${query}" ${ms((performance.now() - queryStarted) / rounds)} (${total})`);
    }

    console.log(`${pages} pages`);
    console.log(`  index: ${ms(indexMs)} · ${files.size} files · ${kb(raw)} (${kb(gzipped)} gzipped)`);
    console.log(`  first query "${FIRST_QUERY}": ${firstFiles.length + 2} files · ${kb(firstRaw)} (${kb(firstGzipped)} gzipped) · ${ms(firstMs)} once loaded · ${first.total} results`);
    console.log(`  queries, files loaded: ${timings.join(' · ')}`);
    if (FULL_BUILD) {
      const out = path.join(root, '..', `${path.basename(root)}-out`);
      const built = await build({ root, outDir: out });
      await rm(out, { recursive: true, force: true });
      // The build writes the index too: what it adds is measured against the build without it.
      const indexSeconds = indexMs / 1000;
      console.log(`  build: ${built.stats.seconds.toFixed(1)} s, of which the index ${indexSeconds.toFixed(1)} s: +${((indexSeconds / (built.stats.seconds - indexSeconds)) * 100).toFixed(1)} %`);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

for (const pages of SIZES) await measure(pages);

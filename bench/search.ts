/**
 * Search weighed and timed: `npm run bench:search [-- --pages 1000,10000] [-- --first SITES] [-- --dev 5000]`.
 *
 * First, a reader's first query (issue 33: under 300 KB gzipped in at most 4 files on 2,000
 * pages), for a common word and a rare one, each from an empty cache, on the 2,000-page synthetic
 * site and two large corpus sites (`--first` names others: a page count or a site folder): the
 * files and gzipped bytes until the results show (the dialog module, `index.json`, the term
 * files), then those the results' details add (excerpts and headings), and a word typed key by
 * key. Beside them Pagefind 1.6 on the same pages with the same scopes as filters, when
 * scripts/install-peers.sh installed it (bench/peers.ts).
 *
 * Then, for each synthetic site (bench/synthetic-site.ts), one row:
 *
 * - index: the bytes of all its files, raw and gzipped;
 * - first query: the most a reader's browser downloads before the first results show (the two
 *   search modules, `index.json`, the term and tail files of the words), over the queries below,
 *   each from an empty cache, and with the details files of the results shown;
 * - query: the slowest of those first answers once the files have arrived (parsing them included;
 *   the median of five), and the slowest answer again with every file loaded.
 *
 * The queries: a common word, two words, a prefix, typos in the middle and in the first letter, and
 * a rare word. The browser's own query code runs here: the compiled assets/js/search-dialog.mjs,
 * its `fetch` answered from the index in memory. Targets (issue 14): on 10,000 pages the first
 * query downloads under 1 MB and answers in under 50 ms after that.
 *
 * With `--dev N`: `docjet dev` on an N-page site, the time from a page saved to the index it serves
 * holding the page's new word (a word in the body; a word in the title, which resolves the site again).
 *
 * `runSearchBench()` returns the rows, for a bench that runs several.
 *
 * Why docjet has its own index (measured on these sites, 10,000 pages, gzipped bytes, issue 14): MiniSearch
 * 7.2, FlexSearch 0.8 and Orama 3.1 keep one index in memory, which a browser must download whole
 * before the first result (1.7 MB, 5.3 MB, 3.5 MB); Pagefind 1.6 splits its index (152 KB before
 * the first result) but answered a common word in 284 ms, matches no typo, builds in 17 s through
 * its platform binary, and its records lose headings as results. Split files as Pagefind does,
 * scored at build time and ranked in plain JavaScript, meet every target with no dependency.
 *
 * Measured again side by side (issue 33, this bench, a machine under load 35 to 50): Pagefind 1.6,
 * given the same pages with version, language and product filters, needs 5 to 7 files and 83 to
 * 150 KB gzipped before it answers (its module and WebAssembly alone are 72 KB), and 6 to 19
 * files and 89 to 176 KB with the results' titles and excerpts (12 at most); docjet shows its
 * results after 3 files and 30 to 57 KB (a third of Pagefind's bytes before it answers), and has
 * their details after 7 to 15 files and 37 to 90 KB (0.41 to 0.60 of Pagefind's). Pagefind took
 * 8.6 to 42 s of wall time to index (in its own process) where docjet took 0.9 to 2.5 CPU-s; it
 * answered from an empty cache in 0.4 to 1.3 s, docjet in 0.05 to 0.3 s; it matches no typo and
 * has no update in place for `dev`. Not adopted.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { dev, type DevServer } from '../src/dev/dev-server.ts';
import type { Manifest } from '../src/portable/search-format.ts';
import { searchScripts } from '../src/search/index.ts';
import { searchIndexFiles } from '../src/search/index-files.ts';
import { searchRecords, type SearchRecord } from '../src/search/records.ts';
import { validate } from '../src/validate/index.ts';
import { installHint, pagefindCleanup, pagefindIndex, pagefindRuntime, peerPackage, type PeerRecord } from './peers.ts';
import { syntheticRoute, writeSyntheticSite } from './synthetic-site.ts';

const QUERIES = ['deploy', 'replica webhook', 'clus', 'deplyo', 'xeploy', 'token region 42'];

export interface SearchBenchRow {
  pages: number;
  indexBytes: number;
  indexGzipBytes: number;
  /** The most any of the queries downloads from an empty cache before its results show. */
  firstQueryBytes: number;
  firstQueryGzipBytes: number;
  /** The most any of the queries downloads with the details of the results shown. */
  detailsGzipBytes: number;
  /** The slowest first answer once its files have arrived. */
  firstQueryMs: number;
  /** The slowest answer with every file loaded. */
  queryMs: number;
}

interface Found {
  total: number;
  results: { page: [string, string, string, string, unknown[]] }[];
}

/** What the benchmark uses of the browser's search code (src/client/search-dialog.mts). */
interface Engine {
  IndexFiles: new (folder: string) => object;
  search(files: object, query: string, reader: object, widened: boolean): Promise<Found>;
  findPages(files: object, query: string, reader: object, widened: boolean): Promise<Found>;
  withDetails(files: object, found: Found): Promise<Found>;
}

async function loadEngine(): Promise<Engine> {
  const engine = (await import(pathToFileURL(path.resolve(import.meta.dirname, '../assets/js/search-dialog.mjs')).href)) as Engine;
  // Node loads its fetch machinery on first use (tens of ms), which a browser has ready: not counted.
  await new Response('{}').json();
  return engine;
}

/** Serves `files` to the engine's `fetch`; returns the names fetched. */
function serve(files: ReadonlyMap<string, string>): string[] {
  const fetched: string[] = [];
  globalThis.fetch = async (input: string | URL | Request) => {
    const name = String(input).replace(/^\/_docjet\/search\//, '');
    fetched.push(name);
    const text = files.get(name);
    return text === undefined ? new Response('', { status: 404 }) : new Response(text);
  };
  return fetched;
}

/** One row per site size: index size, first-query bytes, query latency. */
export async function runSearchBench(options: { pages?: readonly number[] } = {}): Promise<SearchBenchRow[]> {
  const engine = await loadEngine();
  const rows: SearchBenchRow[] = [];
  for (const pages of options.pages ?? [1000, 10000]) rows.push(await measure(engine, pages));
  return rows;
}

async function measure(engine: Engine, pages: number): Promise<SearchBenchRow> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-search-bench-'));
  try {
    await writeSyntheticSite(root, pages);
    const { files } = await siteIndex(root);
    const all = [...files.values()];
    const row: SearchBenchRow = {
      pages,
      indexBytes: rawBytes(all),
      indexGzipBytes: gzipBytes(all),
      firstQueryBytes: 0,
      firstQueryGzipBytes: 0,
      detailsGzipBytes: 0,
      firstQueryMs: 0,
      queryMs: 0,
    };

    const fetched = serve(files);
    const { entry, dialog } = searchScripts();
    for (const query of QUERIES) {
      const times: number[] = [];
      for (let round = 0; round < 5; round++) {
        fetched.length = 0;
        const started = performance.now();
        const index = new engine.IndexFiles('/_docjet/search/');
        const lines = await engine.findPages(index, query, {}, false);
        times.push(performance.now() - started);
        if (round > 0) continue;
        const downloaded = [entry.text, dialog.text, ...fetched.map((name) => files.get(name) ?? '')];
        row.firstQueryBytes = Math.max(row.firstQueryBytes, rawBytes(downloaded));
        row.firstQueryGzipBytes = Math.max(row.firstQueryGzipBytes, gzipBytes(downloaded));
        await engine.withDetails(index, lines);
        row.detailsGzipBytes = Math.max(row.detailsGzipBytes, gzipBytes([entry.text, dialog.text, ...fetched.map((name) => files.get(name) ?? '')]));
      }
      row.firstQueryMs = Math.max(row.firstQueryMs, median(times));
    }

    const warm = new engine.IndexFiles('/_docjet/search/');
    for (const query of QUERIES) await engine.search(warm, query, {}, false);
    for (const query of QUERIES) {
      const rounds = 10;
      const started = performance.now();
      for (let round = 0; round < rounds; round++) await engine.search(warm, query, {}, false);
      row.queryMs = Math.max(row.queryMs, (performance.now() - started) / rounds);
    }
    return row;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** A site's search records and index, as `build` writes it. */
async function siteIndex(root: string): Promise<{ records: SearchRecord[]; files: Map<string, string>; cpuSeconds: number }> {
  const { site } = await validate({ root });
  if (!site) throw new Error(`${root} did not validate`);
  const cpu = process.cpuUsage();
  const records = await searchRecords(site);
  const files = searchIndexFiles(records, '/');
  const used = process.cpuUsage(cpu);
  return { records, files, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** The corpus sites the first-query table measures beside the 2,000-page synthetic site: two of the largest. */
const FIRST_QUERY_SITES = ['2000', 'mintlify__docs', 'Portkey-AI__docs-core'];
const CORPUS = process.env['DOCJET_CORPUS'] ?? '/work/shared/corpus';

export interface FirstQueryRow {
  site: string;
  pages: number;
  query: string;
  /** `common`, `rare`, or `typed` (the common word typed key by key, each key's results and details shown). */
  kind: string;
  /** Until the results show: the dialog module and the index files. */
  files: number;
  gzipBytes: number;
  /** What the details of the results shown add (excerpts and headings). */
  detailFiles: number;
  detailGzipBytes: number;
  /** Milliseconds to the results with their details once the files have arrived (parsing included), from an empty cache. */
  ms?: number;
  /** Pagefind on the same pages: until its search answers, and with the 12 results' data (their titles are in it). */
  peer?: { files: number; gzipBytes: number; resultFiles: number; resultGzipBytes: number; ms: number };
}

/** A common word (on the most pages) and a rare one (on one page), from the index's own terms. */
function queryWords(files: ReadonlyMap<string, string>): { common: string; rare: string } {
  const manifest = JSON.parse(files.get('index.json')!) as Manifest;
  const pages = new Map<string, number>();
  for (const name of Object.values(manifest.shards))
    for (const [term, postings] of Object.entries(JSON.parse(files.get(name)!) as Record<string, number[]>)) pages.set(term, postings.length / 3);
  const words = [...pages].filter(([term]) => /^\p{L}{4,}$/u.test(term)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const once = words.filter(([term, count]) => count === 1 && term.length >= 6);
  const rare = once[Math.floor(once.length / 2)]?.[0] ?? [...pages].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  return { common: words[0]![0], rare };
}

/** The first reader scope of the site (its first page's): both engines are asked within it. */
function firstScope(records: readonly SearchRecord[]): Record<string, string> {
  const scope = records[0]?.scopes[0] ?? {};
  return Object.fromEntries(Object.entries(scope).filter(([, value]) => typeof value === 'string'));
}

function peerRecords(records: readonly SearchRecord[]): PeerRecord[] {
  return records.map((record) => {
    const filters: Record<string, string[]> = {};
    for (const scope of record.scopes) {
      for (const [key, value] of Object.entries(scope)) if (typeof value === 'string' && !(filters[key] ??= []).includes(value)) filters[key]!.push(value);
    }
    const text = [record.title, ...record.keys, ...record.sections.flatMap((section) => [section.heading?.text ?? '', section.text])].filter((part) => part !== '').join('\n');
    return { url: `/${record.route}`, title: record.title, content: text, filters };
  });
}

/** The first-query table: docjet's files and gzipped bytes for a common and a rare word (and the common one typed), Pagefind's beside them. */
export async function runFirstQueryBench(sites: readonly string[] = FIRST_QUERY_SITES): Promise<{ rows: FirstQueryRow[]; notes: string[] }> {
  const engine = await loadEngine();
  const { dialog } = searchScripts();
  const rows: FirstQueryRow[] = [];
  const notes: string[] = [];
  for (const name of sites) {
    const synthetic = /^\d+$/.test(name);
    const root = synthetic ? await mkdtemp(path.join(os.tmpdir(), 'docjet-search-first-')) : path.resolve(CORPUS, name);
    try {
      if (synthetic) await writeSyntheticSite(root, Number(name));
      const { records, files, cpuSeconds } = await siteIndex(root);
      const label = synthetic ? `synthetic ${name}` : path.basename(root);
      const { common, rare } = queryWords(files);
      const reader = firstScope(records);
      const pagefind = peerPackage('pagefind') ? await pagefindIndex(peerRecords(records)) : undefined;
      const gz = (names: readonly string[]): number => gzipBytes([dialog.text, ...names.map((file) => files.get(file) ?? '')]);
      for (const [kind, query] of [
        ['common', common],
        ['rare', rare],
      ] as const) {
        const fetched = serve(files);
        const started = performance.now();
        const index = new engine.IndexFiles('/_docjet/search/');
        const lines = await engine.findPages(index, query, reader, false);
        const listed = [...fetched];
        await engine.withDetails(index, lines);
        const ms = performance.now() - started;
        const row: FirstQueryRow = {
          site: label,
          pages: records.length,
          query,
          kind,
          files: 1 + listed.length,
          gzipBytes: gz(listed),
          detailFiles: fetched.length - listed.length,
          detailGzipBytes: gz(fetched) - gz(listed),
          ms,
        };
        if (pagefind) row.peer = await pagefindFirstQuery(pagefind.files, query, reader);
        rows.push(row);
      }
      // The common word typed key by key: each key's results, then their details, as the dialog shows them.
      const fetched = serve(files);
      const index = new engine.IndexFiles('/_docjet/search/');
      let listed = 0;
      let listedBytes = 0;
      for (let length = 1; length <= common.length; length++) {
        const before = fetched.length;
        const lines = await engine.findPages(index, common.slice(0, length), reader, false);
        listed += fetched.length - before;
        listedBytes += gz(fetched.slice(before)) - gz([]);
        await engine.withDetails(index, lines);
      }
      rows.push({
        site: label,
        pages: records.length,
        query: common,
        kind: 'typed',
        files: 1 + listed,
        gzipBytes: gz([]) + listedBytes,
        detailFiles: fetched.length - listed,
        detailGzipBytes: gz(fetched) - gz([]) - listedBytes,
      });
      notes.push(
        `${label}: docjet indexed ${records.length} pages in ${cpuSeconds.toFixed(2)} CPU-s (records and files)` +
          (pagefind ? `; Pagefind in ${pagefind.seconds.toFixed(2)} s wall (its own process; the machine's load counts)` : ''),
      );
    } finally {
      if (synthetic) await rm(root, { recursive: true, force: true });
    }
  }
  await pagefindCleanup();
  if (!peerPackage('pagefind')) notes.push(installHint('Pagefind'));
  return { rows, notes };
}

/** Pagefind's first query: the files until its search answers (its module included), then with the data of the first 12 results. */
async function pagefindFirstQuery(files: ReadonlyMap<string, Uint8Array>, query: string, reader: Record<string, string>): Promise<NonNullable<FirstQueryRow['peer']>> {
  const fetched: string[] = [];
  const runtime = await pagefindRuntime(files, fetched);
  const started = performance.now();
  const found = await runtime.search(query, Object.keys(reader).length > 0 ? { filters: reader } : {});
  const searched = ['pagefind.js', ...fetched];
  await Promise.all(found.results.slice(0, 12).map((result) => result.data()));
  const ms = performance.now() - started;
  const all = ['pagefind.js', ...fetched];
  // Pagefind's own files are gzipped already (its runtime inflates them); its JSON and JavaScript a server gzips.
  const bytes = (names: readonly string[]): number =>
    names.reduce((sum, name) => {
      const content = files.get(name) ?? new Uint8Array();
      return sum + (/\.(?:js|json)$/.test(name) ? gzipSync(content).length : content.length);
    }, 0);
  await runtime.destroy?.();
  return { files: searched.length, gzipBytes: bytes(searched), resultFiles: all.length, resultGzipBytes: bytes(all), ms };
}

/** The first-query rows as a table. */
export function firstQueryTable(rows: readonly FirstQueryRow[]): string {
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [['site', 'pages', 'query', 'docjet: results show', '+ details', 'ms', 'Pagefind 1.6: answer', 'with 12 results', 'ms']];
  for (const row of rows) {
    lines.push([
      row.site,
      String(row.pages),
      `${row.kind} "${row.query}"`,
      `${row.files} files, ${kb(row.gzipBytes)}`,
      `${row.detailFiles} files, ${kb(row.detailGzipBytes)}`,
      row.ms === undefined ? '-' : row.ms.toFixed(0),
      row.peer ? `${row.peer.files} files, ${kb(row.peer.gzipBytes)}` : '-',
      row.peer ? `${row.peer.resultFiles} files, ${kb(row.peer.resultGzipBytes)}` : '-',
      row.peer ? row.peer.ms.toFixed(0) : '-',
    ]);
  }
  return table(lines);
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

function rawBytes(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
}

function gzipBytes(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + gzipSync(text).length, 0);
}

/** The rows as a table. */
export function searchBenchTable(rows: readonly SearchBenchRow[]): string {
  const kb = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);
  const lines = [['pages', 'index (gzipped)', 'first query (gzipped), with details', 'query: first / again']];
  for (const row of rows) {
    lines.push([
      String(row.pages),
      `${kb(row.indexBytes)} (${kb(row.indexGzipBytes)})`,
      `${kb(row.firstQueryBytes)} (${kb(row.firstQueryGzipBytes)}), ${kb(row.detailsGzipBytes)}`,
      `${row.firstQueryMs.toFixed(1)} / ${row.queryMs.toFixed(1)} ms`,
    ]);
  }
  return table(lines);
}

function table(lines: readonly string[][]): string {
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  return lines
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `docjet dev` on a `pages`-page site: milliseconds from a page saved to the index served holding its new word, per edit. */
export async function runDevSearchBench(pages: number): Promise<{ body: number[]; title: number[] }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-search-dev-bench-'));
  try {
    await writeSyntheticSite(root, pages);
    const server = await dev({ root, port: 0, watch: false });
    try {
      await server.ready;
      return await timeEdits(server, root);
    } finally {
      await server.close();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Six edits, each to another page: a new word in the body, then one in the title, and so on. */
async function timeEdits(server: DevServer, root: string): Promise<{ body: number[]; title: number[] }> {
  const get = (target: string): Promise<string> => httpGet(server.url, target);
  const postings = async (term: string): Promise<unknown> => {
    const manifest = JSON.parse(await get('/_docjet/search/index.json')) as Manifest;
    const shard = manifest.shards[term[0]!] ?? manifest.shards[term.slice(0, 2)];
    return shard === undefined ? undefined : (JSON.parse(await get(`/_docjet/search/${shard}`)) as Record<string, unknown>)[term];
  };
  await postings('deploy'); // the first index, made on the first request
  const times = { body: [] as number[], title: [] as number[] };
  for (let round = 0; round < 6; round++) {
    const kind = round % 2 === 0 ? 'body' : 'title';
    const file = `${syntheticRoute(100 + round * 397)}.mdx`;
    const word = `qzv${kind}${round}x`;
    const text = await readFile(path.join(root, file), 'utf8');
    await writeFile(path.join(root, file), kind === 'body' ? text.replace('Read [the next page]', `Read ${word} [the next page]`) : text.replace(/^title: "/m, `title: "${word} `));
    const started = performance.now();
    await server.changed([{ file, kind: 'update' }]);
    if ((await postings(word)) === undefined) throw new Error(`the index dev serves does not have "${word}" after the edit`);
    times[kind].push(performance.now() - started);
  }
  return times;
}

function httpGet(base: string, target: string): Promise<string> {
  const url = new URL(target, base);
  return new Promise((resolve, reject) => {
    const sent = request(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : args[index + 1];
  };
  const devPages = option('--dev');
  if (devPages) {
    const times = await runDevSearchBench(Number(devPages));
    const ms = (values: number[]): string => `${Math.round(median(values))} ms`;
    console.log(
      `dev, ${devPages} pages, save → updated index: ${ms(times.body)} (body edit), ${ms(times.title)} (title edit, site resolved again); medians of ${times.body.length}`,
    );
  } else {
    const first = await runFirstQueryBench(option('--first')?.split(','));
    console.log('first query, gzipped, from an empty cache (docjet: the dialog module and index files until the results show, then their details)');
    console.log(firstQueryTable(first.rows));
    for (const note of first.notes) console.log(note);
    console.log('');
    console.log(searchBenchTable(await runSearchBench({ pages: (option('--pages') ?? '1000,10000').split(',').map(Number) })));
  }
}

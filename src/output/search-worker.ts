/**
 * The search thread's worker (search-thread.ts): makes the search index of the site model it is
 * handed, as `writeSearchIndex` does on the build's thread, writes its files into the staging
 * folder and sends back their hashes and sizes (or, given no folder, sends back the files the output
 * being replaced does not hold as they are, and names the others); or, when
 * the output being replaced holds the index it would make, writes nothing and names those files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { useCopy } from '../openapi/spec-cache.ts';
import { searchIndexFiles } from '../search/index-files.ts';
import { searchRecords } from '../search/records.ts';
import { openSearchTextCache, searchIndexKey } from '../search/text-cache.ts';
import { readSourceStamps, SourceTexts } from '../render/source-texts.ts';
import { outputPath } from './output.ts';
import { contentHash } from './ownership.ts';
import type { SearchReply, SearchWorkerData } from './search-thread.ts';

const port = parentPort!;
// Started without its data (a warm build, while the site is read: `SearchThread`), it is sent.
const data = (workerData as SearchWorkerData | undefined) ?? (await new Promise<SearchWorkerData>((resolve) => port.once('message', resolve)));
for (const copy of data.remoteSpecs) useCopy(data.site.root, copy.url, copy);

port.postMessage(await searchIndex().catch((error: unknown): SearchReply => ({ type: 'failed', message: error instanceof Error ? error.message : String(error) })));

async function searchIndex(): Promise<SearchReply> {
  const { site, base, dir, folder } = data;
  const relative = (name: string): string => `${folder}/${name}`;
  // A page file whose size and times are those the last build hashed it with is not read for its hash (`SourceTexts.hashOf`), as on the build's thread.
  const sources = new SourceTexts(site.root);
  const stamps = data.cache ? await readSourceStamps(site.root) : undefined;
  if (stamps) sources.useStamps(stamps);
  const knownHash = (file: string): string | undefined => {
    try {
      return sources.hashOf(file);
    } catch {
      // Unreadable: the text cache reads it, and says so.
      return undefined;
    }
  };
  const texts = data.cache ? await openSearchTextCache(site, { version: data.cache.version, knownHash }) : undefined;
  const records = await searchRecords(site, texts?.textOf);
  await texts?.save();
  const key = texts ? searchIndexKey(records, base, texts.version) : undefined;
  const previous = new Map(data.previous);
  const last = texts?.lastIndex;
  if (key !== undefined && last?.key === key && previous.size > 0 && last.files.every(([name, hash]) => previous.get(relative(name)) === hash)) {
    return { type: 'unchanged', files: last.files.map(([name, hash]) => [relative(name), hash]) };
  }
  const index = searchIndexFiles(records, base);
  if (dir === undefined) {
    // Only the files that differ from the output's are sent: one page changed at 5,000 pages changes a few of 5,000.
    const made: [string, string][] = [];
    const same: [string, string][] = [];
    const hashes: [string, string][] = [];
    for (const [name, text] of index) {
      const hash = contentHash(text);
      hashes.push([name, hash]);
      if (previous.get(relative(name)) === hash) same.push([relative(name), hash]);
      else made.push([relative(name), text]);
    }
    if (key !== undefined) await texts?.saveIndex({ key, files: hashes });
    return { type: 'made', files: made, same };
  }
  const files: [string, string, number][] = [];
  const made = new Set<string>();
  for (const [name, text] of index) {
    const bytes = Buffer.from(text);
    const full = outputPath(dir, relative(name));
    const parent = path.dirname(full);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    writeFileSync(full, bytes);
    files.push([relative(name), contentHash(bytes), bytes.length]);
  }
  if (key !== undefined) await texts?.saveIndex({ key, files: files.map(([file, hash]) => [file.slice(folder.length + 1), hash]) });
  return { type: 'written', files };
}

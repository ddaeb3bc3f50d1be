/**
 * The search thread's worker (search-thread.ts): makes the search index of the site model it is
 * handed, as `writeSearchIndex` does on the build's thread, writes its files into the staging
 * folder and sends back their hashes and sizes (or, given no folder, sends the files back); or, when
 * the output being replaced holds the index it would make, writes nothing and names those files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { useCopy } from '../openapi/spec-cache.ts';
import { searchIndexFiles } from '../search/index-files.ts';
import { searchRecords } from '../search/records.ts';
import { openSearchTextCache, searchIndexKey } from '../search/text-cache.ts';
import { outputPath } from './output.ts';
import { contentHash } from './ownership.ts';
import type { SearchReply, SearchWorkerData } from './search-thread.ts';

const data = workerData as SearchWorkerData;
const port = parentPort!;
for (const copy of data.remoteSpecs) useCopy(data.site.root, copy.url, copy);

port.postMessage(await searchIndex().catch((error: unknown): SearchReply => ({ type: 'failed', message: error instanceof Error ? error.message : String(error) })));

async function searchIndex(): Promise<SearchReply> {
  const { site, base, dir, folder } = data;
  const relative = (name: string): string => `${folder}/${name}`;
  const texts = data.cache ? await openSearchTextCache(site, { version: data.cache.version }) : undefined;
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
    const made: [string, string][] = [...index].map(([name, text]) => [relative(name), text]);
    if (key !== undefined) await texts?.saveIndex({ key, files: made.map(([file, text]) => [file.slice(folder.length + 1), contentHash(text)]) });
    return { type: 'made', files: made };
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

/**
 * The writer thread's worker (writer-thread.ts): writes each file of each batch it is sent into the
 * staging folder, as this build's own writes are (folders made once each, a file linked from the
 * output being replaced unlinked first, never written through), and sends back their hashes and
 * sizes for the output's record, and a page's ids when asked; after a file it cannot write, it
 * writes no more. It also keeps the entries of docjet's cache it is sent (`WriterThread.store`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { checkedText, writeAtomicSync } from '../shared/docjet-cache.ts';
import { idsOf } from '../validate/html-ids.ts';
import { outputPath, systemReason } from './output.ts';
import { contentHash } from './ownership.ts';
import type { WriterReply, WriterRequest, WriterWorkerData } from './writer-thread.ts';

const { dir } = workerData as WriterWorkerData;
const port = parentPort!;
const made = new Set<string>([dir]);
let failed = false;
/**
 * Each file is encoded into this one buffer, grown as needed: a Buffer a file was ~90 MB more peak
 * at 5,000 pages, as this thread makes little other garbage and so seldom collects the dead ones.
 */
let scratch = Buffer.allocUnsafe(1024 * 1024);

port.on('message', ({ batch, files, entries }: WriterRequest) => {
  if (failed) return;
  for (const [file, text] of entries) {
    try {
      writeAtomicSync(file, checkedText(text));
    } catch {
      // A cache entry not kept is only a later miss.
    }
  }
  const written: [string, string, number, string[]?][] = [];
  for (const [relative, text, ids] of files) {
    try {
      const bytes = encode(text);
      writeOne(outputPath(dir, relative), bytes);
      written.push(ids ? [relative, contentHash(bytes), bytes.length, [...idsOf(text)]] : [relative, contentHash(bytes), bytes.length]);
    } catch (error) {
      failed = true;
      port.postMessage({ batch, failed: { relative, reason: systemReason(error) } } satisfies WriterReply);
      return;
    }
  }
  port.postMessage({ batch, written } satisfies WriterReply);
});

/** The text's UTF-8 bytes, in `scratch` (valid until the next call). */
function encode(text: string): Buffer {
  // Three bytes at most per UTF-16 unit; else counted first.
  if (text.length * 3 > scratch.length) {
    const needed = Buffer.byteLength(text);
    if (needed > scratch.length) scratch = Buffer.allocUnsafe(Math.max(needed, scratch.length * 2));
  }
  return scratch.subarray(0, scratch.write(text));
}

function writeOne(full: string, bytes: Uint8Array): void {
  const folder = path.dirname(full);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  // A name already there was linked from the output being replaced (or written by an earlier page sharing it): unlinked, not written through.
  try {
    writeFileSync(full, bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    rmSync(full, { force: true });
    writeFileSync(full, bytes, { flag: 'wx' });
  }
}

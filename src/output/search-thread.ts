/**
 * The build's search index, made on a thread of its own while the pages render. The index is made
 * from the site model and the page files (search/records.ts), not from the rendered pages, yet it
 * was a serial stage after the last page: on the 1,000-page synthetic site a fifth of the build's
 * wall time with the second core idle. Here a thread is handed the site model once (structured
 * data, as a render worker is) and reads the pages, makes the index files and writes them into the
 * staging folder, while this thread renders; it sends back each file's hash and size for the
 * output's record.
 *
 * With a cache, the thread keeps what search read of each page (`.docjet/cache/search`) as this
 * thread did, and when the index would be what the output being replaced holds, it writes nothing
 * and says so: this thread then links those files from there (`writeSearchIndex`). A thread that
 * cannot start, fails or stops leaves the index to this thread, made as before.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { runCopiesOf, type SpecCopy } from '../openapi/spec-cache.ts';
import type { Site } from '../site/types.ts';
import { HELPER_LIMITS, startThread, workerBootstrap } from './pool.ts';

export interface SearchWorkerData {
  site: Site;
  base: string;
  /**
   * The staging folder the index files are written into, and their folder in it (`_docjet/search`).
   * None (a warm build whose output may stay or be updated in place): the files that differ from
   * the output's (`previous`) are sent back for the build's thread to write, the others named.
   */
  dir: string | undefined;
  folder: string;
  /** `.docjet/cache/search` is read and kept (not with `--no-cache`), with docjet's code version. */
  cache: { version: string } | undefined;
  /** The output being replaced: its record's hashes of the index files (`_docjet/search/…`), which may be linked from it rather than written. */
  previous: [relative: string, hash: string][];
  /** The remote specs' copies validation used (`openapi-schema:` pages read their models). */
  remoteSpecs: SpecCopy[];
}

/**
 * The thread's answer: the files it wrote (relative to the staging folder), or, when the output
 * being replaced holds the index as it would be made, those files and their hashes to link.
 */
export type SearchReply =
  | { type: 'written'; files: [relative: string, hash: string, size: number][] }
  /** No staging folder: the files that differ from the output's, and those it holds as they are (`previous`), by hash. */
  | { type: 'made'; files: [relative: string, text: string][]; same: [relative: string, hash: string][] }
  | { type: 'unchanged'; files: [relative: string, hash: string][] }
  | { type: 'failed'; message: string };

/**
 * Below this many pages, the thread (docjet's search code loaded, the site model cloned, ~36 MB of
 * peak whatever the site's size) costs more than the index it takes off the build's thread.
 * Measured on the synthetic site, pairs run side by side on the loaded 2-core machine (issue 33):
 * the build's thread's CPU at 50 pages 0.94 -> 1.06 and 1.24 -> 0.98 CPU-s (no gain), the whole
 * build's 1.60 -> 2.08 and 1.87 -> 1.83; at 100 pages 1.44 -> 1.22 (-15 %), whole 2.31 -> 2.36; at
 * 200, 1.86 -> 1.43 and 1.98 -> 1.38 (-23 to -30 %), whole 3.00 -> 2.94 and 3.14 -> 2.98; at 1,000,
 * 13.91 -> 10.68 and 9.31 -> 7.25 (-22 %), whole 18.80 -> 15.16 and 12.10 -> 10.72.
 */
const MIN_PAGES = 200;

/**
 * Whether the search index is made on a thread beside the pages: not for a small site, nor on a
 * single core, where the two would take turns. `DOCJET_SEARCH_THREAD=0|1` decides instead.
 */
export function wantsSearchThread(pages: number): boolean {
  const env = process.env['DOCJET_SEARCH_THREAD'];
  if (env === '0' || env === '1') return env === '1';
  return pages >= MIN_PAGES && availableParallelism() >= 2;
}

/** The index being made on its thread; `reply()` settles with its answer, undefined when the thread could not make it (this thread then does). */
export class SearchThread {
  private readonly worker: Worker | undefined;
  private readonly answer: Promise<SearchReply | undefined>;

  /**
   * Starts the thread on `data`; without it, the thread loads its code and waits for `give`: a warm
   * build starts it so while the site is read, and the index, which that build waits for last, is
   * ready 0.2 s sooner at 5,000 pages.
   */
  constructor(data?: Omit<SearchWorkerData, 'remoteSpecs'>) {
    let worker: Worker | undefined;
    try {
      worker = startThread(workerBootstrap('search-worker'), data === undefined ? undefined : withCopies(data), HELPER_LIMITS);
    } catch {
      // A site model that cannot be cloned, a thread that cannot start: the index is made here.
      worker = undefined;
    }
    this.worker = worker;
    this.answer =
      worker === undefined
        ? Promise.resolve(undefined)
        : new Promise((resolve) => {
            worker.once('message', (reply: SearchReply) => {
              resolve(reply.type === 'failed' ? undefined : reply);
              // Its files are written and its answer is here: its heap (the records, the index: ~70 MB at 5,000 pages) goes now, not when the build asks.
              void worker.terminate();
            });
            worker.once('error', () => resolve(undefined));
            worker.once('exit', () => resolve(undefined));
          });
    // Waiting for its site, it does not keep the process alive: a build that throws before handing it one (a bug) still ends.
    // After the listeners: listening for its messages refs the thread again.
    if (data === undefined) worker?.unref();
  }

  /** Hands a thread started without its data the site it makes the index of; one that cannot take it stops (this thread then makes the index). */
  give(data: Omit<SearchWorkerData, 'remoteSpecs'>): void {
    try {
      this.worker?.ref();
      this.worker?.postMessage(withCopies(data));
    } catch {
      void this.stop();
    }
  }

  /** The thread's answer, once it has written every file it says it wrote; the thread is then stopped. */
  async reply(): Promise<SearchReply | undefined> {
    const reply = await this.answer;
    await this.stop();
    return reply;
  }

  /** Stops the thread: it writes nothing into the staging folder after this settles. */
  async stop(): Promise<void> {
    await this.worker?.terminate();
  }
}

/** The thread's data: `data` with the remote specs' copies validation used. */
function withCopies(data: Omit<SearchWorkerData, 'remoteSpecs'>): SearchWorkerData {
  return { ...data, remoteSpecs: runCopiesOf(data.site.root) };
}

/**
 * The build's writer thread. A page rendered on this thread was then encoded, its folder made, its
 * HTML and Markdown files opened, written and closed, and each hashed for the output's record
 * (ownership.ts): on the 1,000-page synthetic site about a sixth of this thread's time while pages
 * render, one file at a time, with the second core mostly idle. Here the pages' files go as text
 * to a thread that writes them into the staging folder and hashes them, and sends back each
 * file's hash and size for the record (as a render worker's files are recorded: `StagedOutput.wrote`).
 *
 * The files are the same bytes at the same names. When the thread cannot start, the files are
 * written here; when it stops with files sent and not written, the build fails naming one (their
 * text is not kept here, see `sent`); a file the thread cannot write (no space left) fails the
 * build, as a failed write here does. The
 * thread also reads each page's ids from its HTML (`idsOf`, for the link check after the pages),
 * another few per cent of this thread's time.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { idsOf } from '../validate/html-ids.ts';
import { OutputWriteError } from './output.ts';
import { HELPER_LIMITS, startThread, workerBootstrap } from './pool.ts';

export interface WriterWorkerData {
  /** The staging folder the files are written into. */
  dir: string;
}

export interface WriterRequest {
  batch: number;
  /** Each file, and whether it is a page's HTML whose ids are wanted (`idsOf`). */
  files: [relative: string, text: string, ids: boolean][];
  /** Entries of docjet's cache (`store`): each written whole under its path, after a line of its SHA-256; one that cannot be is left out. */
  entries: [file: string, text: string][];
}

export type WriterReply =
  | { batch: number; written: [relative: string, hash: string, size: number, ids?: string[]][] }
  | { batch: number; failed: { relative: string; reason: string } };

/**
 * Below this many pages, the thread saves the build's thread too little to count. Measured on the
 * synthetic site, after-code with the thread off and on, interleaved on the loaded 2-core machine
 * (issue 33; main thread's CPU, whole build's CPU): 100 pages 0.54/0.54/0.58 -> 0.49/0.52/0.53 and
 * 1.03/1.07/1.12 -> 1.07/1.12/1.13 (within noise, +10-15 MB); 200 pages 0.82/0.73/0.67 ->
 * 0.71/0.61/0.61 (-13 %), 1.87/1.78/1.62 -> 1.90/1.67/1.66; 300 pages 1.10/1.14 -> 0.84/0.81
 * (-27 %), 2.34/2.31 -> 2.23/2.11. At 1,000 (before/after builds) 2.39/2.81/2.65 -> 1.69/1.84/1.96
 * and 4.31/5.18/4.94 -> 4.38/4.35/4.91, ~35 MB more peak.
 */
const MIN_PAGES = 200;
/**
 * Files gathered into one message (a page's HTML and Markdown, several pages at a time), or fewer
 * when they hold this many characters: each message wakes the thread, and on a busy machine the
 * woken thread can take this one's core.
 */
const BATCH_FILES = 16;
const BATCH_CHARS = 1024 * 1024;
/** Characters sent and not yet written beyond which a page waits to be written (the thread is slower than rendering only on a busy machine). */
const MAX_IN_FLIGHT = 4 * 1024 * 1024;

/**
 * Whether a build that renders this many pages on this thread writes them from a second one: not
 * for a small site, nor on a single core, where the two would take turns. `DOCJET_WRITER_THREAD=0|1`
 * decides instead.
 */
export function wantsWriterThread(pages: number): boolean {
  const env = process.env['DOCJET_WRITER_THREAD'];
  if (env === '0' || env === '1') return env === '1';
  return pages >= MIN_PAGES && availableParallelism() >= 2;
}

export interface WriterOptions {
  dir: string;
  /** Each file the thread wrote, with its hash (`contentHash`) and size. */
  onWritten: (relative: string, hash: string, size: number) => void;
  /** The ids of each page's HTML written with `ids` (by the thread, or here). */
  onIds?: (relative: string, ids: string[]) => void;
  /** Writes a file on this thread: those the thread did not write, once it stopped or could not start. */
  writeHere: (relative: string, text: string) => Promise<void>;
}

export class WriterThread {
  private worker: Worker | undefined;
  private pending: [string, string, boolean][] = [];
  private pendingEntries: [string, string][] = [];
  private pendingChars = 0;
  private nextBatch = 0;
  /**
   * Batches sent and not answered yet: the names of their files, and their size. Not their text:
   * kept until the thread answered, each page's text lived long enough to be moved to the old
   * generation, whose garbage then grew main's heap to 4 times what was live (+200 MB of peak at
   * 10,000 pages). A thread that stops with a batch unanswered fails the build, naming a file.
   */
  private readonly sent = new Map<number, { names: string[]; chars: number }>();
  private inFlight = 0;
  private readonly waiters: (() => void)[] = [];
  private failure: OutputWriteError | undefined;
  /** Writing here from now on: the thread could not start or stopped. */
  private here: Promise<void> | undefined;

  constructor(private readonly options: WriterOptions) {
    try {
      this.worker = startThread(workerBootstrap('writer-worker'), { dir: options.dir } satisfies WriterWorkerData, HELPER_LIMITS);
      this.worker.on('message', (reply: WriterReply) => this.receive(reply));
      this.worker.on('error', () => this.fallBack());
      this.worker.on('exit', () => this.fallBack());
    } catch {
      this.worker = undefined;
      this.here = Promise.resolve();
    }
  }

  /**
   * Writes a file of the output: sent to the thread, or written here once it has stopped; `ids`: a
   * page's HTML, whose ids go to `onIds`. Throws the first write that failed.
   */
  async write(relative: string, text: string, ids = false): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.here) {
      await this.here;
      return this.writeOneHere(relative, text, ids);
    }
    this.pending.push([relative, text, ids]);
    await this.added(text.length);
  }

  /**
   * Keeps an entry of docjet's cache (a page's body, render/body-cache.ts) at `file`, written by the
   * thread atomically, after a line of its SHA-256, as `writeAtomic` would here: off this thread, which
   * spent 0.3 CPU-s on the 1,000 entries of a cold 1,000-page build. False when the thread has stopped
   * or could not start: the caller keeps it itself. An entry that cannot be written is only a later miss.
   */
  async store(file: string, text: string): Promise<boolean> {
    if (this.here) return false;
    this.pendingEntries.push([file, text]);
    await this.added(text.length);
    return true;
  }

  /** Counts what was added; sends a batch once there is enough, and waits while the thread is far behind. */
  private async added(chars: number): Promise<void> {
    this.pendingChars += chars;
    this.inFlight += chars;
    if (this.pending.length + this.pendingEntries.length >= BATCH_FILES || this.pendingChars >= BATCH_CHARS) this.flush();
    while (this.inFlight > MAX_IN_FLIGHT && !this.failure && !this.here) await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.failure) throw this.failure;
  }

  /** Settles once every file was written (by the thread or here), then stops the thread; throws the first write that failed. */
  async finish(): Promise<void> {
    this.flush();
    while (this.sent.size > 0 && !this.failure && !this.here) await new Promise<void>((resolve) => this.waiters.push(resolve));
    await this.here;
    await this.stop();
    if (this.failure) throw this.failure;
  }

  /** Stops the thread: it writes nothing into the staging folder after this settles. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    await this.here?.catch(() => undefined);
  }

  private flush(): void {
    if (this.pending.length === 0 && this.pendingEntries.length === 0) return;
    const files = this.pending;
    const entries = this.pendingEntries;
    const chars = this.pendingChars;
    this.pending = [];
    this.pendingEntries = [];
    this.pendingChars = 0;
    if (this.here || !this.worker) {
      // The thread stopped with these entries not sent: each is only a later miss.
      this.inFlight -= chars;
      this.writeAllHere(files);
      return;
    }
    const batch = this.nextBatch++;
    this.sent.set(batch, { names: files.map(([relative]) => relative), chars });
    this.worker.postMessage({ batch, files, entries } satisfies WriterRequest);
  }

  private receive(reply: WriterReply): void {
    const sent = this.sent.get(reply.batch);
    if (sent === undefined) return;
    this.sent.delete(reply.batch);
    this.inFlight -= sent.chars;
    if ('failed' in reply) this.failure ??= new OutputWriteError('write', reply.failed.relative, reply.failed.reason);
    else
      for (const [relative, hash, size, ids] of reply.written) {
        this.options.onWritten(relative, hash, size);
        if (ids) this.options.onIds?.(relative, ids);
      }
    this.wake();
  }

  /**
   * The thread stopped (an error, or it exited: a bug in docjet, or no memory left): files sent and
   * not written fail the build, the first named (the staging folder is then removed, the output
   * left as it was); later files are written here.
   */
  private fallBack(): void {
    if (this.here || this.worker === undefined) return;
    const unanswered = [...this.sent.values()].flatMap((sent) => sent.names);
    this.sent.clear();
    this.inFlight = 0;
    if (unanswered.length > 0) this.failure ??= new OutputWriteError('write', unanswered[0]!, "docjet's writer thread stopped before writing it");
    this.here = Promise.resolve();
    this.wake();
  }

  private writeAllHere(files: [string, string, boolean][]): void {
    const previous = this.here ?? Promise.resolve();
    this.here = previous.then(async () => {
      for (const [relative, text, ids] of files) {
        try {
          await this.writeOneHere(relative, text, ids);
        } catch (error) {
          this.failure ??= OutputWriteError.from('write', relative, error);
        }
      }
    });
  }

  private async writeOneHere(relative: string, text: string, ids: boolean): Promise<void> {
    await this.options.writeHere(relative, text);
    if (ids) this.options.onIds?.(relative, [...idsOf(text)]);
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

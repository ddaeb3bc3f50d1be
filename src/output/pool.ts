/**
 * Rendering pages on every core (DESIGN.md: use every core for a cold build). Each worker thread
 * holds its own renderer; routes go out in small batches to whichever worker is free, so a slow
 * page (a long OpenAPI spec) does not hold the others back. Small sites render in-process: starting
 * a worker (loading Shiki, the icon packages) costs more than it saves under a few hundred pages.
 */
import { availableParallelism } from 'node:os';
import type { PageLinks } from '../validate/links.ts';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { runCopiesOf, type SpecCopy } from '../openapi/spec-cache.ts';
import { OutputWriteError } from './output.ts';
import { memoryTraced, startMemoryTrace, threadTraceCode } from './memory-trace.ts';
import type { RendererOptions } from '../render/page.ts';
import type { SchemaFragment } from '../render/endpoint/schema-fragment.ts';
import type { BodyInputs } from '../render/body-cache.ts';

export interface WorkerInit {
  renderer: RendererOptions;
  /** The staging folder pages are written into. */
  dir: string;
}

/** What a worker starts from: the init, and the remote specs' copies this run used (set by the pool). */
export interface WorkerData extends WorkerInit {
  remoteSpecs: SpecCopy[];
}

export type WorkerRequest = { type: 'render'; routes: string[] } | { type: 'finish' };

export interface RouteResult {
  route: string;
  diagnostics: Diagnostic[];
  math: boolean;
  mermaid: boolean;
  bytes: number;
  /** The files the worker wrote, with their hash (ownership.ts `contentHash`) and size, for the output's record. */
  written?: [relative: string, hash: string, size: number][];
  /** Schema fragments the page links to: this thread writes them, each once. */
  fragments: SchemaFragment[];
  /** The URLs the page writes and its element ids, for the link check after every page (page-links.ts). */
  links: PageLinks;
  /** Its body came from the cache (src/render/body-cache.ts), and the entry it is kept in there. */
  cached?: boolean;
  cacheKey?: string;
  /** What its body read besides its key's inputs, and whether it drew unknown icons (`RenderedPage`): for the reuse of its files. */
  inputs?: BodyInputs;
  unknownIcons?: boolean;
  /** The file of the request samples it leaves out (`_docjet/samples/<name>.html`), which its HTML links to: kept with it when its files are reused. */
  samples?: string;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'rendered'; results: RouteResult[] }
  | { type: 'finished'; diagnostics: Diagnostic[] }
  | { type: 'failed'; failure: WorkerFailure };

/** Why a batch failed: a file that could not be written (a user's problem), or a bug. */
export type WorkerFailure = { kind: 'write'; relative: string; reason: string } | { kind: 'internal'; message: string };

const BATCH = 8;
/** Below this many pages, one thread is faster than starting workers. */
export const WORKER_THRESHOLD = 300;

/**
 * How many workers beside this thread, which renders pages too (`renderPages`): none for small
 * sites, none on machines with fewer than four cores, else one per core but this one's (at most 8).
 * On the 2-core machine docjet is measured on, one worker beside this thread was measured for issue
 * 33 (1,000 synthetic pages, alternating pairs): CPU 6.5 -> 7.1 CPU-s and peak 216-226 -> 247-254 MB
 * at load 11 with no wall gained (13.3/11.1 -> 15.9/11.4 s); -20 % wall only at load 34-41; dify
 * 20.9 -> 25.4 CPU-s, same 15.6 s wall, peak 614 -> 804 MB; mintlify's docs peak 820 -> 1,215 MB. Each
 * renderer sets up its own site model, grammars and compiled code, and parsing is allocation-bound
 * (the second core already runs the GC): so on two cores the second core gets work that does not
 * repeat, colours (colour-thread.ts) and social cards (card-thread.ts). `DOCJET_WORKERS=n` overrides.
 */
export function workerCount(pages: number, cores: number = availableParallelism()): number {
  const env = Number(process.env.DOCJET_WORKERS);
  if (process.env.DOCJET_WORKERS !== undefined && Number.isInteger(env) && env >= 0) return env;
  if (pages < WORKER_THRESHOLD || cores < 4) return 0;
  return Math.min(cores - 1, 8);
}

/**
 * Renders the queue's routes on `count` workers, while the caller renders from the same queue.
 * `onResult` is called for every page a worker wrote; the returned diagnostics are those found once
 * per worker (unknown icons). When a page fails (`queue.fail`, here or in the caller), no worker is
 * given more pages, and this settles only once every worker has finished the batch it was writing:
 * the caller can then remove the staging folder with nothing writing into it.
 */
export async function renderInWorkers(options: { init: WorkerInit; queue: RouteQueue; count: number; onResult: (result: RouteResult) => void }): Promise<Diagnostic[]> {
  const { init, queue, count, onResult } = options;
  const bootstrap = workerBootstrap();
  const shared: Shared = { queue, finished: [], onResult };
  const workers: Worker[] = [];
  try {
    await Promise.all(
      Array.from({ length: count }, () => {
        const worker = startWorker(bootstrap, init);
        workers.push(worker);
        return drive(worker, shared);
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return shared.finished;
}

/** The routes of a build, handed out in order to whichever thread asks (workers in batches, this thread a page at a time). */
export class RouteQueue {
  /** Index of the next route to hand out. */
  private next = 0;
  /** The first failure; once set, no more pages are handed out. */
  failure: Error | undefined;

  constructor(private readonly routes: readonly string[]) {}

  /** Up to `count` routes not handed out yet; none once a page failed. */
  take(count: number): string[] {
    if (this.failure || this.next >= this.routes.length) return [];
    const batch = this.routes.slice(this.next, this.next + count);
    this.next += batch.length;
    return batch;
  }

  fail(error: unknown): void {
    this.failure ??= error instanceof Error ? error : new Error(String(error));
  }
}

/** The queue the workers share with this thread, and what they have sent back. */
interface Shared {
  readonly queue: RouteQueue;
  /** Diagnostics found once per worker. */
  readonly finished: Diagnostic[];
  readonly onResult: (result: RouteResult) => void;
}

/** The code a worker starts with (see threadBootstrap). */
export function workerBootstrap(name: 'render-worker' | 'colour-worker' | 'card-worker' | 'search-worker' | 'writer-worker' = 'render-worker'): string {
  return threadBootstrap(new URL(`./${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));
}

/**
 * The code a thread starts with to run `script`. Compiled (lib/), the script itself. From source: under
 * the test runner (DOCJET_TEST_BUILD=1), its compiled copy in .test-build/ (scripts/test-build.mjs);
 * otherwise through tsx, which does not register itself in worker threads (~0.5 CPU-s a thread).
 */
export function threadBootstrap(script: URL): string {
  if (!script.pathname.endsWith('.ts')) return `import(${JSON.stringify(script.href)})`;
  const root = new URL('../../', import.meta.url).href;
  if (process.env['DOCJET_TEST_BUILD'] === '1' && script.href.startsWith(`${root}src/`)) {
    return `import(${JSON.stringify(`${root}.test-build/${script.href.slice(root.length).replace(/\.ts$/, '.js')}`)})`;
  }
  return `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`;
}

function startWorker(bootstrap: string, init: WorkerInit): Worker {
  // The worker renders from the same remote copies as validation did, without reading or fetching them again.
  const workerData: WorkerData = { ...init, remoteSpecs: runCopiesOf(init.renderer.site.root) };
  return startThread(bootstrap, workerData);
}

/** A renderer's: a larger young generation, as rendering makes many short-lived strings (measured ~15 % faster). */
export const RENDER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 64 };
/**
 * The colour and card threads': V8's default young generation (16 MB). Their garbage is small
 * blocks' tokens and a card's layout; 64 MB of it only sat in their heaps (issue 33).
 */
export const HELPER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 16 };

/**
 * A worker thread of the build running `bootstrap`, with this process's Node flags less those a
 * worker rejects: `--input-type` (of `node -e`), and the process-wide ones (`node
 * --max-old-space-size=8192 …/docjet build`, a common way to give a large site more memory, made
 * every build with a worker fail with ERR_WORKER_INVALID_EXEC_ARGV). Node names the flags it
 * rejects; the thread is started again without them.
 */
export function startThread(bootstrap: string, workerData: unknown, resourceLimits: ResourceLimits = RENDER_LIMITS): Worker {
  if (memoryTraced()) {
    startMemoryTrace();
    bootstrap = threadTraceCode(/\/([a-z-]+)\.(?:ts|js)/.exec(bootstrap)?.[1] ?? 'thread') + bootstrap;
  }
  let execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  for (;;) {
    try {
      return new Worker(bootstrap, { eval: true, workerData, execArgv, resourceLimits });
    } catch (error) {
      const rejected = rejectedFlags(error);
      const kept = execArgv.filter((flag) => !rejected.has(flag));
      if (rejected.size === 0 || kept.length === execArgv.length) throw error;
      execArgv = kept;
    }
  }
}

/** The flags an ERR_WORKER_INVALID_EXEC_ARGV names (`…invalid execArgv flags: --a, --b=1`). */
function rejectedFlags(error: unknown): Set<string> {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') return new Set();
  const listed = /flags: (.*)$/.exec(error.message)?.[1] ?? '';
  return new Set(listed.split(', ').filter((flag) => flag !== ''));
}

/** Feeds one worker batches until the queue is empty or failed; settles once the worker has finished. */
function drive(worker: Worker, shared: Shared): Promise<void> {
  const { queue } = shared;
  return new Promise<void>((resolve, reject) => {
    const send = (): void => {
      const batch = queue.take(BATCH);
      if (batch.length === 0) {
        worker.postMessage({ type: 'finish' } satisfies WorkerRequest);
        return;
      }
      worker.postMessage({ type: 'render', routes: batch } satisfies WorkerRequest);
    };
    worker.on('message', (reply: WorkerReply) => {
      switch (reply.type) {
        case 'ready':
          send();
          break;
        case 'rendered':
          for (const result of reply.results) shared.onResult(result);
          send();
          break;
        case 'finished':
          shared.finished.push(...reply.diagnostics);
          void worker.terminate().then(() => resolve());
          break;
        case 'failed':
          queue.fail(fromWorkerFailure(reply.failure));
          send();
          break;
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`a render worker stopped with code ${code}`));
    });
  });
}

export function toWorkerFailure(error: unknown): WorkerFailure {
  if (error instanceof OutputWriteError) return { kind: 'write', relative: error.relative, reason: error.reason };
  return { kind: 'internal', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

function fromWorkerFailure(failure: WorkerFailure): Error {
  return failure.kind === 'write' ? new OutputWriteError('write', failure.relative, failure.reason) : new Error(failure.message);
}

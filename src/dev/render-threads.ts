/**
 * Where `docjet dev` renders pages: in worker threads (dev-render-worker.ts), never in the thread
 * that answers requests and signals. A page whose render never ends (a catastrophic regex in an
 * expression, a super-linear Markdown construct) then holds one thread: each render has a
 * deadline (`deadlineMs`, 60 s unless told otherwise: a big real page on a busy machine takes a few
 * seconds), past which its thread is terminated, the render fails with `RenderTimeout`, and the
 * other renders it held are handed to another thread.
 *
 * One thread renders while renders finish in time. A render waiting more than `SPARE_AFTER_MS`
 * behind another one on its thread moves to another thread (started then, up to `MAX_THREADS`),
 * so pages keep answering while a runaway page runs to its deadline; a thread left idle for
 * `RETIRE_AFTER_MS` beyond the first is stopped.
 */
import type { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { runCopiesOf, type SpecCopy } from '../openapi/spec-cache.ts';
import { startThread, threadBootstrap } from '../output/pool.ts';
import type { SchemaFragment } from '../render/endpoint/schema-fragment.ts';
import type { SamplesFile } from '../render/endpoint/samples-file.ts';
import type { RendererOptions } from '../render/page.ts';
import type { PageLinks } from '../validate/links.ts';

/** A render's deadline unless told otherwise: a big page on a machine busy with other work, many times over. */
export const DEFAULT_DEADLINE_MS = 60_000;
/** A render waiting this long behind another on its thread moves to another thread. */
const SPARE_AFTER_MS = 1_500;
/** Threads at most: one, a spare beside a runaway page, and one more beside a second. */
const MAX_THREADS = 3;
/** A thread beyond the first idle this long is stopped (each holds its own renderer and grammars). */
const RETIRE_AFTER_MS = 30_000;

/**
 * Test hook: the first render of `route`, and the first of its Markdown version, never ends (a busy
 * loop), as a runaway page's does, with its own deadline `deadlineMs`; every other render, of this
 * page again or of any other, ends and has the usual deadline.
 */
export interface HangHook {
  route: string;
  deadlineMs: number;
}

export type ThreadRequest =
  | { type: 'model'; model: number; options: RendererOptions; remoteSpecs: SpecCopy[] }
  | { type: 'render'; job: number; model: number; route: string; ahead: boolean; markdown: boolean; hang?: true }
  | { type: 'invalidate'; file?: string | undefined }
  | { type: 'warm'; job: number; grammar: string; code: string };

export type ThreadReply =
  | { type: 'ready' }
  | {
      type: 'rendered';
      job: number;
      html: string;
      diagnostics: Diagnostic[];
      fragments: SchemaFragment[];
      uncoloured: boolean;
      links?: PageLinks;
      feed?: string;
      samples?: SamplesFile;
    }
  | { type: 'failed'; job: number; code?: string; path?: string; message: string }
  | { type: 'later'; grammar: string; code: string }
  | { type: 'warmed'; job: number };

export interface ThreadRendered {
  html: string;
  diagnostics: Diagnostic[];
  fragments: SchemaFragment[];
  /** Some of its code is shown uncoloured: its grammar is being compiled. */
  uncoloured: boolean;
  /** The page's RSS feed, when it has one (src/render/feed.ts). */
  feed?: string;
  /** The request samples the page leaves out, which it links to (src/render/endpoint/samples-file.ts). */
  samples?: SamplesFile;
  /** The URLs the page writes and its element ids (not for a Markdown version). */
  links?: PageLinks;
}

/** A render that did not end before its deadline; its thread was terminated. */
export class RenderTimeout extends Error {
  constructor(
    readonly route: string,
    readonly milliseconds: number,
  ) {
    super(`rendering /${route} took longer than ${milliseconds / 1000} s`);
  }
}

/** A render that failed in its thread: `code` and `path` when it was a file that could not be read. */
export class RenderFailure extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

interface Job {
  id: number;
  route: string;
  model: number;
  ahead: boolean;
  /** The page's Markdown version (`/route.md`), not its HTML. */
  markdown: boolean;
  resolve(rendered: ThreadRendered): void;
  reject(error: Error): void;
  /** The thread rendering it now, and when it was handed to it. */
  thread: Thread | undefined;
  sentAt: number;
  timers: NodeJS.Timeout[];
  /** Handed to another thread already (a thread that stopped on its own is not retried twice). */
  moved: boolean;
  /** The test hook's render that never ends (HangHook). */
  hang: boolean;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  jobs: Set<Job>;
  retire: NodeJS.Timeout | undefined;
}

export interface RenderThreadsOptions {
  /** Per render, in ms (DEFAULT_DEADLINE_MS). */
  deadlineMs?: number | undefined;
  /** A thread showed code uncoloured: `grammar` wants compiling (`warm`). */
  onLater(grammar: string, code: string): void;
  /** Test hook (HangHook). */
  hang?: HangHook | undefined;
}

export class RenderThreads {
  private readonly threads: Thread[] = [];
  private model: { id: number; options: RendererOptions; root: string } | undefined;
  private nextJob = 0;
  /** Grammars being compiled, by job: the threads not done yet. */
  private readonly warming = new Map<number, { waiting: Set<Thread>; resolve(): void }>();
  private closed = false;
  /** The renders the test hook made hang already: `route` and `route.md`. */
  private readonly hung = new Set<string>();

  constructor(private readonly options: RenderThreadsOptions) {}

  get deadlineMs(): number {
    return this.options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  }

  private deadlineOf(job: Job): number {
    return job.hang ? this.options.hang!.deadlineMs : this.deadlineMs;
  }

  /** Starts the first thread, so that its modules load while the site is read. */
  warmUp(): void {
    if (this.threads.length === 0 && !this.closed) this.start();
  }

  /** The site model pages are rendered from from now on (navigation fragments and the highlighter are the thread's own). */
  setModel(id: number, options: RendererOptions): void {
    const { navFragments: _nav, lazySidebars: _lazy, highlight: _highlight, ...data } = options;
    this.model = { id, options: data, root: options.site.root };
    for (const thread of this.threads) this.sendModel(thread);
  }

  /**
   * Renders the page at `route` of model `model` in a thread (`markdown`: its Markdown version, in
   * `html`); rejects with RenderTimeout past the deadline.
   */
  render(model: number, route: string, ahead = false, markdown = false): Promise<ThreadRendered> {
    if (this.closed) return Promise.reject(new Error('the dev server is closing'));
    return new Promise<ThreadRendered>((resolve, reject) => {
      const kind = markdown ? `${route}.md` : route;
      const hang = this.options.hang?.route === route && !this.hung.has(kind);
      if (hang) this.hung.add(kind);
      const job: Job = { id: this.nextJob++, route, model, ahead, markdown, resolve, reject, thread: undefined, sentAt: 0, timers: [], moved: false, hang };
      this.dispatch(job, this.pick());
    });
  }

  /** The renderers forget a snippet (and what imports it), or every one. */
  invalidate(file?: string): void {
    for (const thread of this.threads) thread.worker.postMessage({ type: 'invalidate', file } satisfies ThreadRequest);
  }

  /** Compiles `grammar` with `code` in every thread. */
  warm(grammar: string, code: string): Promise<void> {
    const live = this.threads.filter((thread) => !this.stuck(thread));
    if (live.length === 0) return Promise.resolve();
    const job = this.nextJob++;
    return new Promise<void>((resolve) => {
      this.warming.set(job, { waiting: new Set(live), resolve });
      for (const thread of live) thread.worker.postMessage({ type: 'warm', job, grammar, code } satisfies ThreadRequest);
    });
  }

  /** Threads running now (tests). */
  get size(): number {
    return this.threads.length;
  }

  /** Terminates every thread; renders under way fail. */
  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    for (const thread of threads) {
      clearTimeout(thread.retire);
      for (const job of thread.jobs) this.settle(job, undefined, new Error('the dev server is closing'));
    }
    for (const { resolve } of this.warming.values()) resolve();
    this.warming.clear();
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  /** The thread for a new render: an idle one, else one whose renders are not stuck, else a new one (up to MAX_THREADS), else the least busy. */
  private pick(exclude?: Thread): Thread {
    const candidates = this.threads.filter((thread) => thread !== exclude);
    const free = candidates.find((thread) => thread.jobs.size === 0) ?? candidates.find((thread) => !this.stuck(thread));
    if (free) return free;
    if (this.threads.length < MAX_THREADS) return this.start();
    return candidates.sort((a, b) => a.jobs.size - b.jobs.size)[0] ?? this.threads[0]!;
  }

  /** Whether a render has been running on `thread` for longer than SPARE_AFTER_MS. */
  private stuck(thread: Thread): boolean {
    const now = performance.now();
    for (const job of thread.jobs) if (now - job.sentAt > SPARE_AFTER_MS) return true;
    return false;
  }

  private start(): Thread {
    const worker = startThread(renderThreadBootstrap(), {});
    let ready!: () => void;
    const thread: Thread = { worker, ready: new Promise<void>((resolve) => (ready = resolve)), jobs: new Set(), retire: undefined };
    this.threads.push(thread);
    worker.on('message', (reply: ThreadReply) => {
      switch (reply.type) {
        case 'ready':
          ready();
          return;
        case 'later':
          this.options.onLater(reply.grammar, reply.code);
          return;
        case 'warmed': {
          this.warmed(reply.job, thread);
          return;
        }
        case 'rendered':
        case 'failed': {
          const job = [...thread.jobs].find((each) => each.id === reply.job);
          if (!job) return;
          if (reply.type === 'rendered')
            this.settle(job, {
              html: reply.html,
              diagnostics: reply.diagnostics,
              fragments: reply.fragments,
              uncoloured: reply.uncoloured,
              ...(reply.links === undefined ? {} : { links: reply.links }),
              ...(reply.feed === undefined ? {} : { feed: reply.feed }),
              ...(reply.samples === undefined ? {} : { samples: reply.samples }),
            });
          else this.settle(job, undefined, new RenderFailure(reply.message, reply.code, reply.path));
          this.idleLater(thread);
          return;
        }
      }
    });
    // A thread that stops on its own (out of memory, a crash of native code): its renders go to another, once.
    const lost = (why: string): void => {
      if (!this.threads.includes(thread)) return;
      this.drop(thread);
      for (const job of thread.jobs) {
        thread.jobs.delete(job);
        if (job.moved || this.closed) this.settle(job, undefined, new Error(`the render thread stopped (${why})`));
        else this.move(job);
      }
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    if (this.model) this.sendModel(thread);
    return thread;
  }

  private sendModel(thread: Thread): void {
    const model = this.model!;
    thread.worker.postMessage({ type: 'model', model: model.id, options: model.options, remoteSpecs: runCopiesOf(model.root) } satisfies ThreadRequest);
  }

  /** Hands `job` to `thread`, with its deadline, and a look after SPARE_AFTER_MS whether it waits behind another render. */
  private dispatch(job: Job, thread: Thread): void {
    clearTimeout(thread.retire);
    for (const timer of job.timers) clearTimeout(timer);
    job.thread = thread;
    job.sentAt = performance.now();
    thread.jobs.add(job);
    // The deadline counts from when the thread can render: starting one (loading the renderer) is not the page's.
    void thread.ready.then(() => {
      if (job.thread !== thread || !thread.jobs.has(job)) return;
      job.sentAt = performance.now();
      const request: ThreadRequest = {
        type: 'render',
        job: job.id,
        model: job.model,
        route: job.route,
        ahead: job.ahead,
        markdown: job.markdown,
        ...(job.hang ? { hang: true as const } : {}),
      };
      thread.worker.postMessage(request);
      job.timers = [setTimeout(() => this.expire(job, thread), this.deadlineOf(job)), setTimeout(() => this.maybeMove(job, thread), SPARE_AFTER_MS)];
    });
  }

  /**
   * A render still waiting after SPARE_AFTER_MS behind an older one on its thread moves to another
   * thread (again, if it waits there too): the older one may be a runaway page.
   */
  private maybeMove(job: Job, thread: Thread): void {
    if (job.thread !== thread || this.closed) return;
    const older = [...thread.jobs].some((other) => other !== job && other.sentAt < job.sentAt);
    if (!older) return;
    thread.jobs.delete(job);
    this.move(job, thread);
  }

  private move(job: Job, from?: Thread): void {
    job.moved = true;
    this.dispatch(job, this.pick(from));
  }

  /** The deadline passed: the thread is terminated, the render fails, the thread's other renders go to another. */
  private expire(job: Job, thread: Thread): void {
    if (job.thread !== thread || !thread.jobs.has(job)) return;
    this.drop(thread);
    thread.jobs.delete(job);
    this.settle(job, undefined, new RenderTimeout(job.route, this.deadlineOf(job)));
    for (const other of thread.jobs) {
      thread.jobs.delete(other);
      this.move(other);
    }
    void thread.worker.terminate();
  }

  /** A thread stopped: its renders are the caller's to move; the grammars it was compiling are not waited for. */
  private drop(thread: Thread): void {
    clearTimeout(thread.retire);
    const index = this.threads.indexOf(thread);
    if (index !== -1) this.threads.splice(index, 1);
    for (const job of [...this.warming.keys()]) this.warmed(job, thread);
  }

  private warmed(job: number, thread: Thread): void {
    const warming = this.warming.get(job);
    if (!warming?.waiting.delete(thread) || warming.waiting.size > 0) return;
    this.warming.delete(job);
    warming.resolve();
  }

  private settle(job: Job, rendered: ThreadRendered | undefined, error?: Error): void {
    for (const timer of job.timers) clearTimeout(timer);
    job.thread?.jobs.delete(job);
    job.thread = undefined;
    if (rendered) job.resolve(rendered);
    else job.reject(error ?? new Error('render failed'));
  }

  /** A thread beyond the first, idle for RETIRE_AFTER_MS, is stopped. */
  private idleLater(thread: Thread): void {
    if (thread.jobs.size > 0 || this.threads[0] === thread) return;
    clearTimeout(thread.retire);
    thread.retire = setTimeout(() => {
      if (thread.jobs.size > 0 || this.threads[0] === thread || !this.threads.includes(thread)) return;
      this.drop(thread);
      void thread.worker.terminate();
    }, RETIRE_AFTER_MS);
    thread.retire.unref();
  }
}

/** The code a render thread starts with (from source: the test runner's compiled copy, or through tsx). */
function renderThreadBootstrap(): string {
  return threadBootstrap(new URL(`./dev-render-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));
}

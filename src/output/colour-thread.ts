/**
 * The build's colour thread. Colouring an API reference's request and response examples was a
 * third of GitHub's build (6 of 18 s: nine languages of samples and the JSON responses, 13,000
 * blocks), and code blocks an eighth of mintlify's docs, all of it on the thread that renders,
 * while the machine's second core mostly waited. Oniguruma's matching is compute-bound, so a
 * second thread colours well beside the renderer (two renderers do not: both are allocation-bound,
 * see `workerCount`; where there are render workers, each renderer colours its own code).
 *
 * A page's highlighter writes a stand-in for each block (`PageBlocks.highlight`); when the page
 * is rendered, its blocks go to the worker in one message and come back as their lines'
 * HTML (`CodeLines`), which the page's figure goes around. The pages rendered meanwhile keep this
 * thread busy. A block is coloured when this thread's highlighter would colour it (the worker
 * loads that grammar if it has not yet), so the pages are the same as when this thread colours
 * them, and it does so again if the worker cannot start or stops.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { codeFigureHtml, codeLinesHtml, type CodeLines, type CodeMeta, type Highlighter } from '../content/mdx/code.ts';
import type { BodyUi } from '../content/mdx/types.ts';
import { normalizeLanguage, type CodeHighlighter } from '../render/highlight.ts';
import type { ColourService, PageColours } from '../render/page-body.ts';
import { HELPER_LIMITS, startThread, workerBootstrap } from './pool.ts';

export interface ColourJob {
  code: string;
  lang: string | undefined;
  meta: CodeMeta;
  /** This thread's highlighter would colour it (its grammar is loaded here); else it is written plain. */
  coloured: boolean;
}

export interface ColourWorkerData {
  /** The grammars to load: those of the renderer the pages would otherwise be coloured by. */
  languages: string[];
}

export interface ColourRequest {
  batch: number;
  jobs: ColourJob[];
}

export type ColourReply = { batch: number; lines: CodeLines[] } | { batch: number; failed: string };

/**
 * The port on which this thread asks for one block and waits (`ColourThread.colourNow`), and the
 * flag the worker raises once its reply is on that port.
 */
export interface NowChannel {
  now: MessagePort;
  signal: SharedArrayBuffer;
}

/** How long this thread waits for a block it asked for now, before colouring it here (a worker that hangs): generous, for a busy machine. */
const NOW_TIMEOUT_MS = 60_000;

/** Below this many pages, starting the thread (~0.3 s of a core) costs more than it saves. */
const MIN_PAGES = 100;

/**
 * Whether a build of this many pages, rendered in this thread, colours on a second one: not on a
 * single core, where the two would take turns. `DOCJET_COLOUR_THREAD=0|1` decides instead.
 */
export function wantsColourThread(pages: number): boolean {
  const env = process.env['DOCJET_COLOUR_THREAD'];
  if (env === '0' || env === '1') return env === '1';
  return pages >= MIN_PAGES && availableParallelism() >= 2;
}

export class ColourThread implements ColourService {
  private readonly worker: Worker;
  /** Set when the worker failed or the thread was closed: blocks are then coloured here. */
  private stopped = false;
  private nextBatch = 0;
  private blocks = 0;
  private readonly waiting = new Map<number, { jobs: ColourJob[]; resolve: (lines: CodeLines[] | Promise<CodeLines[]>) => void }>();
  private readonly recent = new RecentBlocks();
  /** In every stand-in: text of a page cannot make one by chance or on purpose. */
  readonly stamp = randomBytes(8).toString('hex');
  /** This side of the channel for blocks written at once (`colourNow`), and its flag. */
  private readonly nowPort: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  /** The grammars loading here again once the worker stopped (`stop`). */
  private back: Promise<void> | undefined;

  /**
   * `here`: the renderer's highlighter, which from now on loads no grammar (the worker does) and
   * colours the blocks it writes itself (a page's HTML parsed again, an MDX page's endpoint) by
   * asking the worker (`colourNow`); it loads them again when the worker cannot colour.
   */
  constructor(
    options: ColourWorkerData,
    readonly here: CodeHighlighter,
  ) {
    this.worker = startThread(workerBootstrap('colour-worker'), options satisfies ColourWorkerData, HELPER_LIMITS);
    this.worker.on('message', (reply: ColourReply) => this.receive(reply));
    this.worker.on('error', () => this.stop());
    this.worker.on('exit', () => this.stop());
    const { port1, port2 } = new MessageChannel();
    this.nowPort = port1;
    port1.unref();
    this.worker.postMessage({ now: port2, signal: this.signal.buffer as SharedArrayBuffer } satisfies NowChannel, [port2]);
    void here.colourElsewhere((code, lang, meta) => this.colourNow({ code, lang, meta, coloured: true }));
  }

  /**
   * One block's lines, coloured by the worker while this thread waits: for a block the page needs
   * written now, not in a stand-in. Undefined when the worker has stopped or does not answer.
   */
  private colourNow(job: ColourJob): CodeLines | undefined {
    if (this.stopped) {
      void this.loadHere();
      return undefined;
    }
    Atomics.store(this.signal, 0, 0);
    this.nowPort.postMessage(job);
    if (Atomics.wait(this.signal, 0, 0, NOW_TIMEOUT_MS) === 'timed-out') {
      this.stop();
      return undefined;
    }
    const reply = receiveMessageOnPort(this.nowPort)?.message as ColourReply | undefined;
    return reply !== undefined && 'lines' in reply ? reply.lines[0] : undefined;
  }

  page(): PageColours {
    return new PageBlocks(this);
  }

  /**
   * The blocks' lines, coloured by the worker (here, once it has stopped). A block coloured lately,
   * or on its way, is not sent again: its lines are those it had (`RecentBlocks`).
   */
  colour(jobs: readonly ColourJob[]): Promise<CodeLines[]> {
    const unseen: ColourJob[] = [];
    let sent!: { resolve: (lines: CodeLines[]) => void; reject: (error: unknown) => void };
    const coloured = new Promise<CodeLines[]>((resolve, reject) => (sent = { resolve, reject }));
    const lines = jobs.map((job) =>
      this.recent.lines(job, () => {
        const index = unseen.push(job) - 1;
        return coloured.then((all) => all[index]!);
      }),
    );
    if (unseen.length > 0) this.colourUnseen(unseen).then(sent.resolve, sent.reject);
    return Promise.all(lines);
  }

  private async colourUnseen(jobs: ColourJob[]): Promise<CodeLines[]> {
    if (this.stopped) return this.colourHere(jobs);
    const batch = this.nextBatch++;
    return new Promise((resolve) => {
      this.waiting.set(batch, { jobs, resolve });
      this.worker.postMessage({ batch, jobs } satisfies ColourRequest);
    });
  }

  /** A number for a block's stand-in, unique in this thread. */
  nextBlock(): number {
    return this.blocks++;
  }

  /** Whether a block in `lang` is coloured: by this thread's highlighter, whose grammars the worker loads as it meets them. */
  colours(lang: string | undefined): boolean {
    return this.here.colours(lang);
  }

  /** Stops the worker; blocks asked for later are coloured here. */
  async close(): Promise<void> {
    this.stop();
    await this.worker.terminate();
  }

  private receive(reply: ColourReply): void {
    const waiting = this.waiting.get(reply.batch);
    if (waiting === undefined) return;
    this.waiting.delete(reply.batch);
    waiting.resolve('lines' in reply ? reply.lines : this.colourHere(waiting.jobs));
  }

  /** No more batches to the worker; those it still had are coloured here, once the grammars the pages named are loaded here. */
  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const [batch, { jobs, resolve }] of this.waiting) {
      this.waiting.delete(batch);
      resolve(this.colourHere(jobs));
    }
  }

  /** The grammars noted so far, loaded here: when a block is coloured here, not when the thread is closed after the last page. */
  private loadHere(): Promise<void> {
    this.back ??= this.here.colourElsewhere(undefined);
    return this.back;
  }

  private async colourHere(jobs: readonly ColourJob[]): Promise<CodeLines[]> {
    await this.loadHere();
    return jobs.map((job) => (job.coloured ? this.here.lines(job.code, job.lang, job.meta) : plainLines(job)));
  }
}

/**
 * Code this many characters long at most is kept by `RecentBlocks`; then it starts again. A block
 * recurs close to where it was first shown (half of the repeats within 14 blocks, 90 % within 200),
 * and a block's lines are about five times its code: ~5 MB of HTML.
 */
const MAX_RECENT_CHARS = 1_000_000;

/**
 * The lines of blocks coloured lately, by everything they depend on: the code, its language, its
 * meta (highlighted and focused lines) and whether it is coloured. An API reference shows the same
 * block on many pages: a sixth of GitHub's (2,229 of 14,168, 1.4 of its 9.5 MB of code, all JSON
 * responses, such as a list's items under each of its endpoints). Sent to the worker once, a block
 * is not serialised, coloured, written as HTML and sent back again.
 */
export class RecentBlocks {
  private readonly blocks = new Map<string, Promise<CodeLines>>();
  private chars = 0;

  /** The block's lines as kept, or those `colour` promises, which are kept. */
  lines(job: ColourJob, colour: () => Promise<CodeLines>): Promise<CodeLines> {
    // JSON has no bare line break: the code starts after the first.
    const key = `${JSON.stringify([job.coloured, job.lang, job.meta])}\n${job.code}`;
    let lines = this.blocks.get(key);
    if (lines === undefined) {
      lines = colour();
      if (this.chars + key.length > MAX_RECENT_CHARS) {
        this.blocks.clear();
        this.chars = 0;
      }
      this.blocks.set(key, lines);
      this.chars += key.length;
    }
    return lines;
  }
}

/** A block in one colour, as the highlighter writes one in a language whose grammar it has not loaded. */
export function plainLines(job: ColourJob): CodeLines {
  return codeLinesHtml({ code: job.code, lang: job.lang, meta: job.meta, language: job.lang === undefined ? undefined : normalizeLanguage(job.lang) });
}

/** One page's blocks: stand-ins while it renders, its figures once the worker has coloured them. */
class PageBlocks implements PageColours {
  private readonly jobs: ColourJob[] = [];
  private readonly uis: (BodyUi | undefined)[] = [];
  /** The thread's number of each of this page's blocks (stand-ins are unique across pages) → its index here. */
  private readonly indexes = new Map<number, number>();

  readonly highlight: Highlighter;

  constructor(private readonly thread: ColourThread) {
    this.highlight = Object.assign((code: string, lang: string | undefined, meta: CodeMeta, ui?: BodyUi) => this.standIn(code, lang, meta, ui), { now: thread.here });
  }

  private standIn(code: string, lang: string | undefined, meta: CodeMeta, ui: BodyUi | undefined): string {
    const id = this.thread.nextBlock();
    this.indexes.set(id, this.jobs.length);
    this.uis.push(ui);
    this.jobs.push({ code, lang, meta, coloured: this.thread.colours(lang) });
    return `\u0000${this.thread.stamp}:${id}\u0000`;
  }

  /** The lines of the blocks so far, coloured once however many parts of the page are settled (an endpoint's page and its samples file). */
  private coloured: { count: number; lines: Promise<CodeLines[]> } | undefined;

  async settle(html: string): Promise<string> {
    if (this.jobs.length === 0) return html;
    if (this.coloured?.count !== this.jobs.length) this.coloured = { count: this.jobs.length, lines: this.thread.colour(this.jobs) };
    const lines = await this.coloured.lines;
    const standIn = new RegExp(`\u0000${this.thread.stamp}:(\\d+)\u0000`, 'g');
    const settled = html.replace(standIn, (_, id: string) => {
      const index = this.indexes.get(Number(id));
      // A block of another page: HTML kept from one page and put into another would lose it.
      if (index === undefined) throw new Error(`a code block of another page (${id}) is in this page's HTML`);
      const job = this.jobs[index]!;
      const language = job.lang === undefined ? undefined : normalizeLanguage(job.lang);
      return codeFigureHtml({ lang: job.lang, meta: job.meta, language, ui: this.uis[index] }, lines[index]!);
    });
    // A stand-in changed on its way (HTML parsed again drops its NULs) would be left on the page as text.
    if (settled.includes(this.thread.stamp)) throw new Error("a code block's stand-in was changed before the page was finished");
    return settled;
  }
}

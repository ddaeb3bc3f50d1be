/**
 * The build's colour thread. Colouring an API reference's request and response examples was a
 * third of GitHub's build (6 of 18 s: nine languages of samples and the JSON responses, 13,000
 * blocks), all of it on the thread that renders, while the machine's second core mostly waited.
 * Oniguruma's matching is compute-bound, so a second thread colours well beside the renderer
 * (two renderers do not: both are allocation-bound, see `workerCount`).
 *
 * An endpoint page's highlighter writes a stand-in for each block (`PageBlocks.highlight`); when
 * the page is rendered, its blocks go to the worker in one message and come back as their lines'
 * HTML (`CodeLines`), which the page's figure goes around. The pages rendered meanwhile keep this
 * thread busy. The worker colours with the grammars this thread would have (`languages`), so
 * the pages are the same as when this thread colours them, and it does so again if the worker
 * cannot start or stops.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { codeFigureHtml, type CodeLines, type CodeMeta, type Highlighter } from '../content/mdx/code.ts';
import type { BodyUi } from '../content/mdx/types.ts';
import { normalizeLanguage, type CodeHighlighter } from '../render/highlight.ts';
import type { ColourService, PageColours } from '../render/page-body.ts';
import { workerBootstrap } from './pool.ts';

export interface ColourJob {
  code: string;
  lang: string | undefined;
  meta: CodeMeta;
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

/** Below this many endpoint pages, starting the thread (~0.3 s of a core) costs more than it saves. */
const MIN_ENDPOINT_PAGES = 50;

/** Whether a build with this many endpoint pages, rendered in this thread, colours on a second one; `DOCJET_COLOUR_THREAD=0|1` decides instead. */
export function wantsColourThread(endpointPages: number): boolean {
  const env = process.env['DOCJET_COLOUR_THREAD'];
  if (env === '0' || env === '1') return env === '1';
  return endpointPages >= MIN_ENDPOINT_PAGES;
}

export class ColourThread implements ColourService {
  private readonly worker: Worker;
  /** Set when the worker failed or the thread was closed: blocks are then coloured here. */
  private stopped = false;
  private nextBatch = 0;
  private readonly waiting = new Map<number, { jobs: ColourJob[]; resolve: (lines: CodeLines[]) => void }>();
  /** In every stand-in: text of a page cannot make one by chance or on purpose. */
  readonly stamp = randomBytes(8).toString('hex');

  /** `here`: the renderer's highlighter, which colours when the worker cannot. */
  constructor(
    options: ColourWorkerData,
    private readonly here: CodeHighlighter,
  ) {
    this.worker = new Worker(workerBootstrap('colour-worker'), {
      eval: true,
      workerData: options satisfies ColourWorkerData,
      execArgv: process.execArgv.filter((flag) => !flag.startsWith('--input-type')),
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    this.worker.on('message', (reply: ColourReply) => this.receive(reply));
    this.worker.on('error', () => this.stop());
    this.worker.on('exit', () => this.stop());
  }

  page(): PageColours {
    return new PageBlocks(this);
  }

  /** The blocks' lines, coloured by the worker (here, once it has stopped). */
  colour(jobs: ColourJob[]): Promise<CodeLines[]> {
    if (this.stopped) return Promise.resolve(this.colourHere(jobs));
    const batch = this.nextBatch++;
    return new Promise((resolve) => {
      this.waiting.set(batch, { jobs, resolve });
      this.worker.postMessage({ batch, jobs } satisfies ColourRequest);
    });
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

  /** No more batches to the worker; those it still had are coloured here. */
  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const [batch, { jobs, resolve }] of this.waiting) {
      this.waiting.delete(batch);
      resolve(this.colourHere(jobs));
    }
  }

  private colourHere(jobs: readonly ColourJob[]): CodeLines[] {
    return jobs.map((job) => this.here.lines(job.code, job.lang, job.meta));
  }
}

/** One page's blocks: stand-ins while it renders, its figures once the worker has coloured them. */
class PageBlocks implements PageColours {
  private readonly jobs: ColourJob[] = [];
  private readonly uis: (BodyUi | undefined)[] = [];

  constructor(private readonly thread: ColourThread) {}

  readonly highlight: Highlighter = (code, lang, meta, ui) => {
    this.uis.push(ui);
    return `\u0000${this.thread.stamp}:${this.jobs.push({ code, lang, meta }) - 1}\u0000`;
  };

  async settle(html: string): Promise<string> {
    if (this.jobs.length === 0) return html;
    const lines = await this.thread.colour(this.jobs);
    const standIn = new RegExp(`\u0000${this.thread.stamp}:(\\d+)\u0000`, 'g');
    return html.replace(standIn, (_, index: string) => {
      const { lang, meta } = this.jobs[Number(index)]!;
      const language = lang === undefined ? undefined : normalizeLanguage(lang);
      return codeFigureHtml({ lang, meta, language, ui: this.uis[Number(index)] }, lines[Number(index)]!);
    });
  }
}

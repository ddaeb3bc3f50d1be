/**
 * The build's social cards (`thumbnails`, src/render/social-card.ts), drawn beside the pages. A
 * card costs ~50 ms of CPU (satori's layout, resvg's rasterising) and mintlify's docs draw 1,061
 * of them on a first build: drawn on the main thread after the pages, they were a serial stage
 * with the second core idle. Here a card thread starts before the pages and draws while this
 * thread renders them; once the pages are written, this thread draws from the same queue too, so
 * both cores draw the cards that are left.
 *
 * Each card is drawn by `createCardDrawer`, in the thread or here, so it is the same PNG, read
 * from and kept in `.docjet/cache/cards/` as before. A thread that cannot start, or stops, hands
 * its cards back to the queue: they are drawn here. A card that cannot be drawn (resvg failing on
 * both attempts) fails the build as it did on the main thread: it is drawn here once more, and the
 * error raised.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Config } from '../config/schema.ts';
import { cardName, wantsCard } from '../render/card-name.ts';
import { createCardDrawer, type CardDrawer } from '../render/social-card.ts';
import type { Site } from '../site/types.ts';
import { HELPER_LIMITS, startThread, workerBootstrap } from './pool.ts';

/** One card to draw: its file name (a hash of what it shows) and the page text it shows. */
export interface CardJob {
  name: string;
  title: string;
  description?: string;
}

export interface CardWorkerData {
  root: string;
  config: Config;
}

export interface CardRequest {
  id: number;
  job: CardJob;
}

export type CardReply = { id: number; png: Uint8Array } | { id: number; failed: string };

/** Below this many cards, starting a thread (loading satori, resvg and the font) costs more than it saves. */
const MIN_CARDS = 8;
/** Cards sent to the thread ahead of its answers, so it never waits for this (busy) thread to send the next. */
const AHEAD = 2;

/** The cards the site's pages link to, each once (pages that show the same text share one). */
export function cardJobs(site: Site): CardJob[] {
  if (site.config.thumbnails === undefined) return [];
  const jobs = new Map<string, CardJob>();
  for (const page of site.pages.values()) {
    if (!wantsCard(site.config, page)) continue;
    const name = cardName(site.config, page);
    if (!jobs.has(name)) jobs.set(name, { name, title: page.title, ...(page.description === undefined ? {} : { description: page.description }) });
  }
  return [...jobs.values()];
}

/**
 * Whether the cards get a thread of their own: not for a few, nor on a single core, where the two
 * would take turns. `DOCJET_CARD_THREAD=0|1` decides instead.
 */
export function wantsCardThread(cards: number): boolean {
  const env = process.env['DOCJET_CARD_THREAD'];
  if (env === '0' || env === '1') return env === '1' && cards > 0;
  return cards >= MIN_CARDS && availableParallelism() >= 2;
}

/**
 * Draws `jobs` and hands each card to `write` (in no particular order). The thread starts drawing
 * at once; `finish()`, called once the pages are written, draws what is left here as well and
 * settles when every card was written.
 */
export class CardStage {
  private readonly queue: CardJob[];
  /** Cards the thread could not draw: drawn here, never sent to it again. */
  private readonly hereOnly: CardJob[] = [];
  private readonly inFlight = new Map<number, CardJob>();
  private worker: Worker | undefined;
  private nextId = 0;
  private failure: { error: unknown } | undefined;
  /** Writes still running, so that `finish` settles after the last. */
  private readonly writes = new Set<Promise<void>>();
  /** Wakes `finish` when the thread answers or stops. */
  private wake: (() => void) | undefined;
  private here: Promise<CardDrawer> | undefined;
  /** How many cards were drawn (or read from the cache) on the thread, and here. */
  readonly drawn = { thread: 0, here: 0 };

  constructor(private readonly options: { root: string; config: Config; jobs: readonly CardJob[]; write: (name: string, png: Uint8Array) => Promise<void>; thread: boolean }) {
    this.queue = [...options.jobs].reverse();
    if (options.thread && this.queue.length > 0) this.startThread();
  }

  /** Draws every card not drawn yet, here and on the thread; raises the first failure once nothing is writing. */
  async finish(): Promise<void> {
    try {
      while (!this.failure && (this.queue.length > 0 || this.inFlight.size > 0)) {
        const job = this.hereOnly.pop() ?? this.queue.pop();
        if (job !== undefined) {
          await this.drawHere(job);
          continue;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      await this.stop();
    }
    if (this.failure) throw this.failure.error;
  }

  /** Stops the thread and waits for the writes running: the build calls it when it stops early. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    await Promise.all(this.writes);
  }

  private startThread(): void {
    try {
      const data: CardWorkerData = { root: this.options.root, config: this.options.config };
      const worker = startThread(workerBootstrap('card-worker'), data, HELPER_LIMITS);
      this.worker = worker;
      worker.on('message', (reply: CardReply) => this.receive(reply));
      worker.on('error', () => this.lost(worker));
      worker.on('exit', () => this.lost(worker));
      for (let sent = 0; sent < AHEAD; sent++) this.send();
    } catch {
      this.worker = undefined;
    }
  }

  private send(): void {
    if (!this.worker || this.failure) return;
    const job = this.queue.pop();
    if (job === undefined) return;
    const id = this.nextId++;
    this.inFlight.set(id, job);
    this.worker.postMessage({ id, job } satisfies CardRequest);
  }

  private receive(reply: CardReply): void {
    const job = this.inFlight.get(reply.id);
    if (job === undefined) return;
    this.inFlight.delete(reply.id);
    // Drawn here again: the same error is then this build's, with its stack.
    if ('failed' in reply) this.hereOnly.push(job);
    else {
      this.drawn.thread++;
      this.track(this.options.write(job.name, reply.png));
    }
    this.send();
    this.wake?.();
  }

  /** The thread stopped: its cards go back to the queue, to be drawn here. */
  private lost(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const job of this.inFlight.values()) this.queue.push(job);
    this.inFlight.clear();
    this.wake?.();
  }

  private async drawHere(job: CardJob): Promise<void> {
    try {
      this.here ??= createCardDrawer(this.options.root, this.options.config);
      const png = await (await this.here).draw(job);
      this.drawn.here++;
      this.track(this.options.write(job.name, png));
    } catch (error) {
      this.failure ??= { error };
    }
  }

  private track(write: Promise<void>): void {
    const tracked = write.catch((error: unknown) => void (this.failure ??= { error })).finally(() => this.writes.delete(tracked));
    this.writes.add(tracked);
  }
}

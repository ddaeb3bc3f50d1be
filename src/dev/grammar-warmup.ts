/**
 * The first page that shows a code language pays for its grammar: Oniguruma compiles a grammar's
 * rules the first time code reaches them (on mintlify's docs: mdx 114 ms, tsx 50 ms, a page with
 * five languages 626 ms), where a page otherwise renders in 10 to 100 ms. So once the first page
 * has gone out, the dev server reads the fences of every page (a line scan, no parsing) and, in
 * idle time (idle.ts), colours the site's three longest blocks in each language it uses,
 * most-used first: the rules its pages reach are compiled before a reader opens them. Each step is
 * one file batch, one grammar's import or registration, or `WARM_SLICE_MS` of colouring a block
 * (highlight.ts), so a request waits for one short step at most: a whole grammar in one step held
 * a request or a save for up to 0.7 s.
 *
 * Measured on three corpus sites (mintlify, meilisearch, Portkey), colouring every page's blocks
 * after the warm-up: 3.5–5.4 s → 0.8–3.0 s in all, the slowest page 387–576 ms → 67–91 ms. The
 * three longest blocks reach more rules than the first three (slowest page 121–174 ms) for a
 * warm-up of 2.1–2.7 s instead of 1.6–2.1 s.
 */
import path from 'node:path';
import { fencedBlocks, grammarOf, type CodeHighlighter, type Step } from '../render/highlight.ts';
import type { IdleQueue } from './idle.ts';
import { HASH_LIMIT, readRegularFile } from './regular-file.ts';

/** Blocks coloured per grammar, the longest: one block reaches only some of its rules. */
const SAMPLES = 3;
/** Lines kept of a sample: most blocks whole, and a long one's start still reaches most rules. */
const SAMPLE_LINES = 150;
/** Page files read per step. */
const FILES_PER_STEP = 32;

/** What of a block a grammar is compiled with: its first SAMPLE_LINES lines. */
export function sampleOf(code: string): string {
  return code.split('\n', SAMPLE_LINES).join('\n');
}

/** A grammar the site's code uses: on how many pages, and its longest blocks, longest first. */
export interface GrammarUse {
  grammar: string;
  pages: number;
  samples: string[];
}

/** The grammars of a site's code blocks, counted page by page. */
export class GrammarTally {
  private readonly uses = new Map<string, GrammarUse>();

  /** Counts each grammar a page's blocks use once, and keeps its blocks among the SAMPLES longest. */
  add(text: string): void {
    const seen = new Set<string>();
    for (const block of fencedBlocks(text)) {
      const grammar = grammarOf(block.language);
      if (grammar === undefined) continue;
      const use = this.uses.get(grammar) ?? { grammar, pages: 0, samples: [] };
      if (!seen.has(grammar)) use.pages++;
      seen.add(grammar);
      // Stable: among blocks of the same length, the first one seen stays.
      use.samples = [...use.samples, sampleOf(block.code)].sort((a, b) => b.length - a.length).slice(0, SAMPLES);
      this.uses.set(grammar, use);
    }
  }

  /** Most pages first; among equals, the one seen first. */
  mostUsed(): GrammarUse[] {
    return [...this.uses.values()].sort((a, b) => b.pages - a.pages);
  }
}

export interface WarmupOptions {
  root: string;
  /** The site's page files (snippets included), site-relative. */
  files: readonly string[];
  idle: IdleQueue;
  /** The highlighter of the site as it is when a step runs (a change may have resolved it again). */
  highlighter: () => Pick<CodeHighlighter, 'warm'> | undefined;
  /** Stops the warm-up between two steps. */
  signal: AbortSignal;
}

/** Reads the pages' fences, then compiles their grammars most-used first; resolves with the grammars warmed, in order. */
export async function warmGrammars(options: WarmupOptions): Promise<string[]> {
  const { root, files, idle, signal } = options;
  const tally = new GrammarTally();
  for (let start = 0; start < files.length && !signal.aborted; start += FILES_PER_STEP) {
    await idle.run(async () => {
      const batch = files.slice(start, start + FILES_PER_STEP);
      // Regular files only (a named pipe renamed over a page would hold a thread of libuv's pool for ever).
      const texts = await Promise.all(
        batch.map((file) =>
          readRegularFile(path.join(root, file), HASH_LIMIT).then(
            (bytes) => bytes.toString('utf8'),
            () => '',
          ),
        ),
      );
      for (const text of texts) tally.add(text);
    });
  }
  const warmed: string[] = [];
  for (const use of tally.mostUsed()) {
    for (const sample of use.samples) {
      if (!signal.aborted) await options.highlighter()?.warm(use.grammar, sample, idleSteps(idle, signal));
    }
    if (signal.aborted) break;
    warmed.push(use.grammar);
  }
  return warmed;
}

/** Each step in idle time, after the steps handed over before it; none once `signal` is aborted (the server is closing). */
export function idleSteps(idle: IdleQueue, signal: AbortSignal, options: { first?: boolean } = {}): Step {
  return (work) =>
    idle.run(async () => {
      if (signal.aborted) throw new Error('the dev server is closing');
      return work();
    }, options);
}

/**
 * A temporary folder a test writes a site into, removed after the test once what uses it is closed.
 * Node runs a test's `t.after` hooks in the order they were registered, so a removal registered
 * before a server's close ran first: it failed with ENOTEMPTY while the server wrote its cache into
 * the folder, and the server left open kept the file running until the runner's limit (seen in
 * test/output/analytics.test.ts, 6171d3b).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Scratch {
  dir: string;
  /** Awaited before the folder is removed (servers, watchers, processes), the last registered first. */
  closeFirst(close: () => unknown): void;
}

export async function scratchFolder(t: { after(fn: () => Promise<void>): void }, prefix: string): Promise<Scratch> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const closers: (() => unknown)[] = [];
  t.after(async () => {
    try {
      for (const close of closers.reverse()) await close();
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 10 });
    }
  });
  return { dir, closeFirst: (close) => void closers.push(close) };
}

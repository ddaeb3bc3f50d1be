/**
 * How long a test waits for something before it fails. Tests assert what happens, never how fast:
 * these bounds only stop a test that would otherwise wait for ever, so they are generous (tens of
 * seconds), and they scale with the machine. `DOCJET_TEST_PATIENCE=3` triples every one of them
 * (a slow machine, an emulator, a debugger); on a machine with one core they are doubled.
 */
import os from 'node:os';

const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
const asked = Number(process.env['DOCJET_TEST_PATIENCE']);

/** The factor every bound below is multiplied by. */
export const PATIENCE = (Number.isFinite(asked) && asked > 0 ? asked : 1) * (cores < 2 ? 2 : 1);

/** `ms` on a quiet two-core machine, scaled (PATIENCE). */
export function patience(ms: number): number {
  return Math.round(ms * PATIENCE);
}

/** One browser action or navigation (Playwright's default is 30 s; the tests had 5 s, too short on a busy machine). */
export const BROWSER_STEP_MS = patience(30_000);
/** A dev server's first page: it reads, resolves and renders the site (a 640-page fixture) first. */
export const DEV_FIRST_PAGE_MS = patience(90_000);
/** UI that settles asynchronously (`eventually`), a dev server's change reaching the page. */
export const SETTLE_MS = patience(20_000);
/** One browser test, its fixtures built (a 640-page site, Chromium's first page). */
export const BROWSER_TEST_MS = patience(120_000);

/** Resolves once `check()` is true, polling every 10 ms; rejects after `ms` naming what was awaited. */
export async function until(check: () => boolean, what: string, ms = SETTLE_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

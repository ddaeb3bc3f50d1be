/**
 * Social cards drawn on a thread of their own while the pages render (card-thread.ts, issue 33):
 * the same PNGs as cards drawn in the build's main thread, kept in the same cache.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { CardStage, cardJobs } from '../../src/output/card-thread.ts';
import { validate } from '../../src/validate/index.ts';

const PAGES = 10;

async function writeSite(root: string): Promise<void> {
  const pages = Array.from({ length: PAGES }, (_, index) => `page-${index}`);
  const config = { name: 'Harbor', theme: 'mint', colors: { primary: '#0D9373' }, thumbnails: { appearance: 'dark' }, navigation: { groups: [{ group: 'Start', pages }] } };
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  for (const [index, page] of pages.entries()) {
    await fs.writeFile(path.join(root, `${page}.mdx`), `---\ntitle: Page ${index} of the guide\ndescription: What page ${index} says.\n---\n\nText ${index}.\n`);
  }
}

/** The cards of a build's output, by file name. */
async function cardsOf(out: string): Promise<Map<string, Buffer>> {
  const folder = path.join(out, '_docjet', 'cards');
  const names = (await fs.readdir(folder)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await fs.readFile(path.join(folder, name))] as const)));
}

test('the cards of a build drawn on the card thread are those the main thread draws, and land in the same cache', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-card-thread-'));
  const saved = process.env['DOCJET_CARD_THREAD'];
  t.after(async () => {
    if (saved === undefined) delete process.env['DOCJET_CARD_THREAD'];
    else process.env['DOCJET_CARD_THREAD'] = saved;
    await fs.rm(dir, { recursive: true, force: true });
  });
  const root = path.join(dir, 'site');
  await writeSite(root);
  const cache = path.join(root, '.docjet', 'cache', 'cards');

  process.env['DOCJET_CARD_THREAD'] = '0';
  const here = await build({ root, outDir: path.join(dir, 'here') });
  assert.equal(here.ok, true, JSON.stringify(here.diagnostics));
  const drawnHere = await cardsOf(path.join(dir, 'here'));
  assert.equal(drawnHere.size, PAGES);
  await fs.rm(path.join(root, '.docjet'), { recursive: true, force: true });

  process.env['DOCJET_CARD_THREAD'] = '1';
  const threaded = await build({ root, outDir: path.join(dir, 'thread') });
  assert.equal(threaded.ok, true, JSON.stringify(threaded.diagnostics));
  assert.deepEqual(await cardsOf(path.join(dir, 'thread')), drawnHere);
  assert.equal(here.stats.bytes, threaded.stats.bytes);
  // The thread kept what it drew in the cache, as the main thread does.
  assert.equal((await fs.readdir(cache)).filter((name) => name.endsWith('.png')).length, PAGES);
});

test('the card thread draws cards while the build renders; what is left when the pages are done is drawn in both threads', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-card-stage-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  await writeSite(root);
  const { site } = await validate({ root });
  const jobs = cardJobs(site!);
  assert.equal(jobs.length, PAGES);
  const written = new Map<string, Uint8Array>();
  const stage = new CardStage({ root, config: site!.config, jobs, thread: true, write: async (name, png) => void written.set(name, png) });
  await stage.finish();
  assert.deepEqual([...written.keys()].sort(), jobs.map((job) => job.name).sort());
  assert.equal(stage.drawn.thread + stage.drawn.here, PAGES);
  // The thread is handed cards as soon as it starts, before this thread draws any.
  assert.ok(stage.drawn.thread >= 2, JSON.stringify(stage.drawn));
  for (const png of written.values()) assert.equal(Buffer.from(png).subarray(1, 4).toString('latin1'), 'PNG');
});

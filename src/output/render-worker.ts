/**
 * A worker thread of the build: it sets up its own renderer from the site model it is handed
 * (pure data, cloned once), then renders the routes it is sent and writes their files straight
 * into the staging folder: each page's HTML, then its Markdown twin, made while the page's parse
 * is still in this thread's cache (page-markdown.ts). Only small results (diagnostics, byte
 * counts, the page's links and ids) travel back: `llms-full.txt` reads the Markdown from its file.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { markdownPath } from '../content/markdown/path.ts';
import { useCopy } from '../openapi/spec-cache.ts';
import { createRenderer, samplesOutputPath } from '../render/page.ts';
import { SourceTexts } from '../render/source-texts.ts';
import { OutputWriteError, outputPath } from './output.ts';
import { contentHash } from './ownership.ts';
import { cachedMarkdown, createPageMarkdown } from '../render/page-markdown.ts';
import { feedOutputPath } from '../render/feed.ts';
import { pageOutputPath } from './paths.ts';
import { toWorkerFailure, type RouteResult, type WorkerData, type WorkerReply, type WorkerRequest } from './pool.ts';
import { pageAt } from './render-pages.ts';
import { renderWithLinks, watchPageUrls } from './page-links.ts';

const init = workerData as WorkerData;
const port = parentPort!;

for (const copy of init.remoteSpecs) useCopy(init.renderer.site.root, copy.url, copy);
// Each page file read once, for its HTML and then its Markdown twin.
const sources = new SourceTexts(init.renderer.site.root);
const renderer = await createRenderer(init.renderer, undefined, watchPageUrls, sources);
const markdown = cachedMarkdown(createPageMarkdown({ site: init.renderer.site, base: init.renderer.base, sources }), () => renderer.cache);
port.postMessage({ type: 'ready' } satisfies WorkerReply);

port.on('message', (message: WorkerRequest) => {
  if (message.type === 'finish') {
    port.postMessage({ type: 'finished', diagnostics: renderer.iconDiagnostics() } satisfies WorkerReply);
    return;
  }
  void renderBatch(message.routes).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage({ type: 'failed', failure: toWorkerFailure(error) } satisfies WorkerReply),
  );
});

/** Settles every page of the batch before replying, so a failure leaves no write running. */
async function renderBatch(routes: readonly string[]): Promise<WorkerReply> {
  const settled = await Promise.allSettled(routes.map(renderRoute));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return { type: 'rendered', results: settled.map((outcome) => (outcome as PromiseFulfilledResult<RouteResult>).value) };
}

async function renderRoute(route: string): Promise<RouteResult> {
  const page = pageAt(init.renderer.site, route);
  const { rendered, links } = await renderWithLinks(renderer, page, init.renderer.base);
  // Encoded once, for its size and its file (as `build`'s own writes are).
  const html = Buffer.from(rendered.html);
  const written: [string, string, number][] = [];
  await writeOutput(pageOutputPath(route), html, written);
  const text = await markdown.render(page);
  const encoded = Buffer.from(text);
  await writeOutput(markdownPath(route), encoded, written);
  let bytes = html.length + encoded.length;
  if (rendered.feed !== undefined) {
    const feed = Buffer.from(rendered.feed);
    await writeOutput(feedOutputPath(route), feed, written);
    bytes += feed.length;
  }
  if (rendered.samples !== undefined) {
    const samples = Buffer.from(rendered.samples.html);
    await writeOutput(samplesOutputPath(rendered.samples.name), samples, written);
    bytes += samples.length;
  }
  return {
    route,
    diagnostics: rendered.diagnostics,
    math: rendered.math,
    mermaid: rendered.mermaid,
    bytes,
    written,
    fragments: rendered.fragments,
    links,
    ...(rendered.cached ? { cached: true } : {}),
    ...(rendered.cacheKey ? { cacheKey: rendered.cacheKey } : {}),
    ...(rendered.inputs ? { inputs: rendered.inputs } : {}),
    ...(rendered.unknownIcons ? { unknownIcons: true } : {}),
    ...(rendered.samples !== undefined ? { samples: samplesOutputPath(rendered.samples.name) } : {}),
  };
}

/** One file into the staging folder, its hash noted for the output's record; a failure names the file. */
async function writeOutput(relative: string, data: Uint8Array, written: [string, string, number][]): Promise<void> {
  const file = outputPath(init.dir, relative);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // A name already there was linked from the output being replaced (a warm build's kept page's
    // samples file, which this page shares): writing through it would change that output's file.
    await writeFile(file, data, { flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
      await rm(file, { force: true });
      await writeFile(file, data, { flag: 'wx' });
    });
  } catch (error) {
    throw OutputWriteError.from('write', relative, error);
  }
  written.push([relative, contentHash(data), data.length]);
}

/**
 * A worker thread of the build: it sets up its own `SiteRenderer` from the site model it is handed
 * (pure data, cloned once), then renders the routes it is sent and writes their files straight
 * into the staging folder. Only small results (diagnostics, byte counts) travel back.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pageOutputPath } from '../render/links.ts';
import { outputPath } from './output.ts';
import { createSiteRenderer } from './site-renderer.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './pool.ts';

const init = workerData as WorkerInit;
const port = parentPort!;

const renderer = await createSiteRenderer(init.renderer);
port.postMessage({ type: 'ready' } satisfies WorkerReply);

port.on('message', (message: WorkerRequest) => {
  if (message.type === 'finish') {
    port.postMessage({ type: 'finished', diagnostics: renderer.iconDiagnostics() } satisfies WorkerReply);
    return;
  }
  void renderBatch(message.routes).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply),
  );
});

async function renderBatch(routes: readonly string[]): Promise<WorkerReply> {
  const results = await Promise.all(
    routes.map(async (route) => {
      const rendered = await renderer.render(route);
      const file = outputPath(init.dir, pageOutputPath(route));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, rendered.html);
      return { route, diagnostics: rendered.diagnostics, math: rendered.math, mermaid: rendered.mermaid, bytes: Buffer.byteLength(rendered.html) };
    }),
  );
  return { type: 'rendered', results };
}

/**
 * The card thread's worker (card-thread.ts): draws each card it is sent with the site's drawer,
 * through the same cache as the main thread, and sends back the PNG's bytes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCardDrawer } from '../render/social-card.ts';
import type { CardReply, CardRequest, CardWorkerData } from './card-thread.ts';

const port = parentPort!;
const { root, config } = workerData as CardWorkerData;
const drawer = createCardDrawer(root, config);

port.on('message', ({ id, job }: CardRequest) => void draw(id, job));

async function draw(id: number, job: CardRequest['job']): Promise<void> {
  let reply: CardReply;
  try {
    const png = await (await drawer).draw(job);
    reply = { id, png };
  } catch (error) {
    reply = { id, failed: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
}

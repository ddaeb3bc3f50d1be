/**
 * The colour thread's worker (colour-thread.ts): loads the grammars it is given, then colours the
 * blocks of each batch it is sent and sends back their lines' HTML, in the order asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter } from '../render/highlight.ts';
import type { ColourReply, ColourRequest, ColourWorkerData } from './colour-thread.ts';

const port = parentPort!;
const highlighter = await createCodeHighlighter({ langs: (workerData as ColourWorkerData).languages });

port.on('message', ({ batch, jobs }: ColourRequest) => {
  let reply: ColourReply;
  try {
    reply = { batch, lines: jobs.map((job) => highlighter.lines(job.code, job.lang, job.meta)) };
  } catch (error) {
    reply = { batch, failed: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});

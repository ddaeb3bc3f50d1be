/**
 * The colour thread's worker (colour-thread.ts): loads the grammars it is given, then colours the
 * blocks of each batch it is sent (loading any other grammar a block needs) and sends back their
 * lines' HTML.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter } from '../render/highlight.ts';
import { plainLines, type ColourJob, type ColourReply, type ColourRequest, type ColourWorkerData } from './colour-thread.ts';

const port = parentPort!;
const highlighter = await createCodeHighlighter({ langs: (workerData as ColourWorkerData).languages });

port.on('message', ({ batch, jobs }: ColourRequest) => void colour(batch, jobs));

async function colour(batch: number, jobs: ColourJob[]): Promise<void> {
  let reply: ColourReply;
  try {
    const missing = jobs.filter((job) => job.coloured && !highlighter.colours(job.lang)).map((job) => job.lang!);
    if (missing.length > 0) await highlighter.load(missing);
    reply = { batch, lines: jobs.map((job) => (job.coloured ? highlighter.lines(job.code, job.lang, job.meta) : plainLines(job))) };
  } catch (error) {
    reply = { batch, failed: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
}

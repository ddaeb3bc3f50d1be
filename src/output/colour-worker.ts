/**
 * The colour thread's worker (colour-thread.ts): loads the grammars it is given, then colours the
 * blocks of each batch it is sent (loading any other grammar a block needs) and sends back their
 * lines' HTML.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter } from '../render/highlight.ts';
import { plainLines, type ColourJob, type ColourReply, type ColourRequest, type ColourWorkerData, type NowChannel } from './colour-thread.ts';

const port = parentPort!;
// Shiki's JavaScript regular expressions: Oniguruma's WebAssembly grew to 210 MB on mintlify's docs (highlight.ts `RegexEngineName`).
const highlighter = await createCodeHighlighter({ langs: (workerData as ColourWorkerData).languages, engine: 'javascript' });

port.on('message', (message: ColourRequest | NowChannel) => {
  if ('now' in message) answerNow(message);
  else void colour(message.batch, message.jobs).then((reply) => port.postMessage(reply));
});

/** A block the main thread waits for: the reply on its port, then the flag it waits on raised. */
function answerNow({ now, signal }: NowChannel): void {
  const flag = new Int32Array(signal);
  now.on(
    'message',
    (job: ColourJob) =>
      void colour(-1, [job]).then((reply) => {
        now.postMessage(reply);
        Atomics.store(flag, 0, 1);
        Atomics.notify(flag, 0);
      }),
  );
}

async function colour(batch: number, jobs: ColourJob[]): Promise<ColourReply> {
  try {
    const missing = jobs.filter((job) => job.coloured && !highlighter.colours(job.lang)).map((job) => job.lang!);
    if (missing.length > 0) await highlighter.load(missing);
    return { batch, lines: jobs.map((job) => (job.coloured ? highlighter.lines(job.code, job.lang, job.meta) : plainLines(job))) };
  } catch (error) {
    return { batch, failed: error instanceof Error ? error.message : String(error) };
  }
}

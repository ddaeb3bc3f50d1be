/**
 * `DOCJET_MEMORY_TRACE=1`: where a build's memory is at its peak (issue 33). Every 100 ms each
 * thread (this one and every worker the build starts) samples its own heap, external memory and
 * array buffers (WebAssembly memories and Buffers are counted there) and posts them on one
 * channel; this thread keeps the set of samples taken when the process's RSS was highest and
 * prints it to stderr on exit. Off by default: nothing is sampled or started.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { BroadcastChannel } from 'node:worker_threads';

const CHANNEL = 'docjet-memory';
const EVERY_MS = 100;

export function memoryTraced(): boolean {
  const value = process.env['DOCJET_MEMORY_TRACE'];
  return value !== undefined && value !== '' && value !== '0';
}

/**
 * `DOCJET_MEMORY_TRACE=snapshot`: also a heap snapshot of this thread each time its used heap
 * passes 1.25 times the last one's (from 64 MB), in the system's temporary folder; the last one
 * written is the nearest to this thread's peak. What it holds is what is live (V8 collects first).
 */
function snapshots(): ((heapUsed: number) => void) | undefined {
  if (process.env['DOCJET_MEMORY_TRACE'] !== 'snapshot') return undefined;
  let next = 64 * 1048576;
  let count = 0;
  return (heapUsed) => {
    if (heapUsed < next) return;
    const file = v8.writeHeapSnapshot(path.join(os.tmpdir(), `docjet-heap-${process.pid}-${++count}.heapsnapshot`));
    next = heapUsed * 1.25;
    process.stderr.write(`docjet memory: heap snapshot at ${(heapUsed / 1048576).toFixed(0)} MB used (${phase}): ${file}\n`);
  };
}

interface Sample {
  thread: string;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** When it was received: a thread silent for 500 ms has ended. */
  at?: number;
}

/** The code a worker runs first when traced: samples itself as `name` every 100 ms. */
export function threadTraceCode(name: string): string {
  return `Promise.all([import('node:worker_threads')]).then(([wt]) => {
  const channel = new wt.BroadcastChannel(${JSON.stringify(CHANNEL)});
  const thread = ${JSON.stringify(name)} + '#' + wt.threadId;
  const timer = setInterval(() => { const m = process.memoryUsage(); channel.postMessage({ thread, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers }); }, ${EVERY_MS});
  timer.unref(); channel.unref();
});\n`;
}

let started = false;
/** The stage of the build this thread is in (`memoryPhase`), named at the peak and with each snapshot. */
let phase = 'start';

/** Names the stage the build enters, for the trace's report (nothing happens untraced). */
export function memoryPhase(name: string): void {
  phase = name;
}

/** Starts sampling in this (the main) thread, once; prints the breakdown at the peak on exit. */
export function startMemoryTrace(): void {
  if (started || !memoryTraced()) return;
  started = true;
  const latest = new Map<string, Sample>();
  let peak = { rss: 0, at: 0, phase, threads: [] as Sample[] };
  const begun = Date.now();
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    const sample = (event as { data: Sample }).data;
    latest.set(sample.thread, { ...sample, at: Date.now() });
  };
  channel.unref();
  const snapshot = snapshots();
  let highWater = { bytes: 0, phases: phase };
  let lastPhase = phase;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    snapshot?.(m.heapUsed);
    latest.set('main', { thread: 'main', heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers });
    for (const [name, sample] of latest) if (sample.at !== undefined && Date.now() - sample.at > 5 * EVERY_MS) latest.delete(name);
    if (m.rss > peak.rss) peak = { rss: m.rss, at: Date.now() - begun, phase, threads: [...latest.values()] };
    // The kernel's high-water mark, which a peak between two samples (this thread busy) raises too: where it last rose.
    const highest = highWaterMark();
    if (highest > highWater.bytes) highWater = { bytes: highest, phases: lastPhase === phase ? phase : `${lastPhase} or ${phase}` };
    lastPhase = phase;
  }, EVERY_MS);
  timer.unref();
  process.on('exit', () => {
    const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MB`;
    const last = highWaterMark();
    if (last > highWater.bytes) highWater = { bytes: last, phases: lastPhase === phase ? phase : `${lastPhase} or ${phase}` };
    const lines = [`docjet memory: peak RSS ${mb(peak.rss)} at ${(peak.at / 1000).toFixed(1)} s (${peak.phase})`];
    let heaps = 0;
    for (const s of peak.threads) {
      heaps += s.heapTotal + s.external;
      lines.push(`  ${s.thread}: heap ${mb(s.heapUsed)} used of ${mb(s.heapTotal)}, external ${mb(s.external)} (array buffers and wasm ${mb(s.arrayBuffers)})`);
    }
    lines.push(`  rest (code, stacks, malloc, freed pages not returned): ${mb(peak.rss - heaps)}`);
    if (highWater.bytes > peak.rss) lines.push(`  the kernel's high-water mark: ${mb(highWater.bytes)}, reached between two samples (${highWater.phases})`);
    process.stderr.write(`${lines.join('\n')}\n`);
  });
}

/** The process's peak resident memory so far (`VmHWM`), in bytes; 0 where /proc does not say. */
function highWaterMark(): number {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'latin1'))?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

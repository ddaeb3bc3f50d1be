/**
 * The two maintained file watchers measured on a 5,000-page synthetic site: how long each takes
 * until it is watching, the memory it holds once it is, and how long an edit takes to reach it.
 * `node --import tsx bench/watchers.ts [--pages N] [--from <folder>]`. Each watcher runs in a fresh
 * process (memory is then its own). `--from` names a folder whose node_modules has the watchers
 * (docjet depends on one of them only; install the other beside it to compare:
 * `npm install --prefix /tmp/watchers @parcel/watcher@2.6.0 chokidar@4.0.3`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeSyntheticSite } from './synthetic-site.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : (args[index + 1] ?? fallback);
};
const pages = Number(option('--pages', '5000'));
const from = path.resolve(option('--from', path.resolve(import.meta.dirname, '..')));
const RUNS = 3;

/** Runs in the child: start the watcher, report ready time and memory, then time one edit. */
const CHILD = `
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
const [kind, from, root, file] = process.argv.slice(1);
const require = createRequire(path.join(from, 'package.json'));
const ignored = (name) => /(^|[\\\\/])(node_modules|\\.[^\\\\/]+)([\\\\/]|$)/.test(name);
const before = process.memoryUsage().rss;
const started = performance.now();
let onEvent = () => {};
let close;
if (kind === 'chokidar') {
  const { watch } = require('chokidar');
  const watcher = watch(root, { ignoreInitial: true, ignored: (name) => ignored(path.relative(root, name)) });
  watcher.on('all', (event, changed) => onEvent(changed));
  await new Promise((resolve) => watcher.once('ready', resolve));
  close = () => watcher.close();
} else {
  const parcel = require('@parcel/watcher');
  const subscription = await parcel.subscribe(root, (error, events) => { for (const event of events) onEvent(event.path); }, { ignore: ['node_modules', '.git', '.docjet'] });
  close = () => subscription.unsubscribe();
}
const ready = performance.now() - started;
global.gc?.();
const rss = process.memoryUsage().rss - before;
const seen = new Promise((resolve) => { onEvent = (changed) => { if (changed === file) resolve(performance.now()); }; });
await new Promise((resolve) => setTimeout(resolve, 200));
const saved = performance.now();
writeFileSync(file, 'edited\\n');
const latency = (await seen) - saved;
await close();
console.log(JSON.stringify({ ready, rss, latency }));
`;

interface Sample {
  ready: number;
  rss: number;
  latency: number;
}

const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-watchers-'));
try {
  const routes = await writeSyntheticSite(root, pages);
  const file = path.join(root, `${routes[Math.floor(routes.length / 2)]}.mdx`);
  console.log(`${pages} pages in ${root}; watchers from ${from}; median of ${RUNS} runs`);
  for (const kind of ['@parcel/watcher', 'chokidar']) {
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', CHILD, kind, from, root, file], { encoding: 'utf8' });
      if (child.status !== 0) {
        console.log(
          `${kind}: not measured (${
            child.stderr
              .trim()
              .split('\n')
              .find((line) => /Error/.test(line)) ?? `exit ${child.status}`
          })`,
        );
        break;
      }
      samples.push(JSON.parse(child.stdout.trim().split('\n').pop()!) as Sample);
    }
    if (samples.length < RUNS) continue;
    const median = (pick: (sample: Sample) => number): number => samples.map(pick).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
    console.log(
      `${kind.padEnd(16)} ready ${median((s) => s.ready)
        .toFixed(0)
        .padStart(5)} ms · memory +${(median((s) => s.rss) / 1024 / 1024).toFixed(1).padStart(5)} MB · edit seen after ${median((s) => s.latency).toFixed(0)} ms`,
    );
  }
} finally {
  await rm(root, { recursive: true, force: true });
}

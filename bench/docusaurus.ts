/**
 * docjet beside the fastest peer measured (issue 33): Docusaurus 3.10 with @docusaurus/faster (its
 * Rust bundler) building the same synthetic pages, when scripts/install-peers.sh installed it
 * (bench/peers.ts): `npm run bench -- peers [-- --pages 1000]`. The synthetic site
 * (bench/synthetic-site.ts) is built by docjet's command (`bin/docjet.js`: run `npm run build`
 * first), then converted into a Docusaurus docs folder in a temporary directory (the same pages,
 * `<Note>` as a `:::note` admonition, the tabs and groups as the sidebar) and built by Docusaurus.
 * Each build is its own process, timed by `/usr/bin/time` (CPU seconds of the process and its
 * children, and the largest resident set of one of them); wall seconds count the machine's load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { installHint, peerPackage, peersFolder } from './peers.ts';
import { writeSyntheticSite } from './synthetic-site.ts';

const TIME = '/usr/bin/time';
const DOCJET = path.resolve(import.meta.dirname, '../bin/docjet.js');

export interface Timed {
  ok: boolean;
  wallSeconds: number;
  /** User + system CPU seconds, children included; undefined without /usr/bin/time. */
  cpuSeconds?: number;
  /** Largest resident set of one process, MB. */
  peakMb?: number;
  output?: string;
}

/** Runs `command` in its own process, timed. */
function timed(command: string, args: readonly string[], cwd: string): Timed {
  const withTime = existsSync(TIME);
  const started = performance.now();
  const run = withTime
    ? spawnSync(TIME, ['-f', 'DOCJET-TIME %U %S %M', command, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    : spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wallSeconds = (performance.now() - started) / 1000;
  const line = /DOCJET-TIME (\S+) (\S+) (\d+)/.exec(run.stderr ?? '');
  const result: Timed = { ok: run.status === 0, wallSeconds, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.slice(-3000) };
  if (line) {
    result.cpuSeconds = Number(line[1]) + Number(line[2]);
    result.peakMb = Number(line[3]) / 1024;
  }
  return result;
}

/** The synthetic site in `root` as a Docusaurus site in `target`: docs, sidebar, config, static image. */
async function convertSite(root: string, target: string): Promise<void> {
  const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as { navigation: { tabs: { tab: string; groups: { group: string; pages: string[] }[] }[] } };
  const docs = path.join(target, 'docs');
  for (const folder of await readdir(root)) {
    if (!folder.startsWith('section-')) continue;
    await mkdir(path.join(docs, folder), { recursive: true });
    for (const file of await readdir(path.join(root, folder))) {
      const text = await readFile(path.join(root, folder, file), 'utf8');
      // Mintlify's callout as Docusaurus's admonition: the same box, in its own syntax.
      await writeFile(
        path.join(docs, folder, file),
        text.replace(/<Note>\n([\s\S]*?)\n<\/Note>/g, (_all, body: string) => `:::note\n\n${body.trim()}\n\n:::`),
      );
    }
  }
  await mkdir(path.join(target, 'static', 'images'), { recursive: true });
  await writeFile(path.join(target, 'static', 'images', 'diagram.svg'), await readFile(path.join(root, 'images', 'diagram.svg')));
  const sidebar = config.navigation.tabs.map((tab) => ({
    type: 'category',
    label: tab.tab,
    items: tab.groups.map((group) => ({ type: 'category', label: group.group, items: group.pages })),
  }));
  await writeFile(path.join(target, 'sidebars.js'), `module.exports = ${JSON.stringify({ docs: sidebar })};\n`);
  await writeFile(
    path.join(target, 'docusaurus.config.js'),
    `module.exports = ${JSON.stringify({
      title: 'Synthetic',
      url: 'http://127.0.0.1',
      baseUrl: '/',
      onBrokenLinks: 'warn',
      future: { v4: true, faster: true },
      presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: './sidebars.js' }, blog: false, theme: {} }]],
    })};\n`,
  );
  // CommonJS, as Docusaurus's own template: with `"type": "module"` the bundler leaves
  // `require.resolveWeak` calls in its server bundle, and the build fails when Node runs them.
  await writeFile(path.join(target, 'package.json'), '{ "name": "synthetic-docusaurus", "private": true }\n');
  // Docusaurus resolves its plugins and React from the site's own node_modules: the peers' folder.
  await symlink(path.join(peersFolder(), 'node_modules'), path.join(target, 'node_modules'), 'dir');
}

export interface PeerRow {
  pages: number;
  docjet: Timed;
  docusaurus?: Timed;
}

export async function runPeerBench(pages: number): Promise<PeerRow> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-bench-peers-'));
  try {
    const root = path.join(scratch, 'site');
    await writeSyntheticSite(root, pages);
    const row: PeerRow = { pages, docjet: timed(process.execPath, [DOCJET, 'build', root, '--out', path.join(scratch, 'docjet-out')], scratch) };
    const core = peerPackage('@docusaurus/core');
    if (core && peerPackage('@docusaurus/faster')) {
      const target = path.join(scratch, 'docusaurus');
      await convertSite(root, target);
      row.docusaurus = timed(process.execPath, [path.join(core, 'bin', 'docusaurus.mjs'), 'build', target, '--out-dir', path.join(scratch, 'docusaurus-out')], target);
    }
    return row;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function describe(name: string, run: Timed): string {
  const cpu = run.cpuSeconds === undefined ? '' : `${run.cpuSeconds.toFixed(1)} CPU-s, `;
  const peak = run.peakMb === undefined ? '' : `, peak ${Math.round(run.peakMb)} MB (one process)`;
  return `${name.padEnd(11)} ${run.ok ? '' : 'FAILED '}${cpu}${run.wallSeconds.toFixed(1)} s wall${peak}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const pages = Number(args[args.indexOf('--pages') + 1] ?? 1000) || 1000;
  const row = await runPeerBench(pages);
  console.log(`synthetic site of ${pages} pages, each build in its own process (wall seconds count the machine's load)`);
  console.log(describe('docjet', row.docjet));
  if (!row.docjet.ok) console.log(row.docjet.output);
  if (!row.docusaurus) console.log(installHint('Docusaurus'));
  else {
    console.log(describe('Docusaurus', row.docusaurus));
    if (!row.docusaurus.ok || !row.docjet.ok) {
      if (!row.docusaurus.ok) console.log(row.docusaurus.output);
      process.exit(1);
    }
    const ratio = (a?: number, b?: number): string => (a && b ? `${(b / a).toFixed(1)}×` : '-');
    console.log(
      `docjet is ${ratio(row.docjet.cpuSeconds, row.docusaurus.cpuSeconds)} Docusaurus's speed in CPU seconds, ${ratio(row.docjet.wallSeconds, row.docusaurus.wallSeconds)} in wall seconds`,
    );
  }
}

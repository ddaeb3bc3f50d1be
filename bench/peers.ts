/**
 * The peers `npm run bench` measures docjet against, when scripts/install-peers.sh installed them
 * outside the repository (never docjet's dependencies): Pagefind 1.6 and Docusaurus 3.10 with
 * @docusaurus/faster, in `$DOCJET_PEERS` (default `~/.cache/docjet-peers`). Missing, a bench says
 * how to install them and measures docjet alone.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export function peersFolder(): string {
  return process.env['DOCJET_PEERS'] || path.join(os.homedir(), '.cache', 'docjet-peers');
}

/** The folder of an installed peer package, or undefined. */
export function peerPackage(name: string): string | undefined {
  const folder = path.join(peersFolder(), 'node_modules', name);
  return existsSync(path.join(folder, 'package.json')) ? folder : undefined;
}

/** What a bench prints in place of a peer's figures when it is not installed. */
export function installHint(peer: string): string {
  return `${peer}: not installed in ${peersFolder()}; \`bash scripts/install-peers.sh\` installs Pagefind and Docusaurus there (DOCJET_PEERS=<folder> for another place), outside the repository.`;
}

/** A page as Pagefind is given it: the text docjet indexes, its title, and its scopes as filters. */
export interface PeerRecord {
  url: string;
  title: string;
  content: string;
  filters: Record<string, string[]>;
}

interface PagefindService {
  createIndex(config?: object): Promise<{ errors: string[]; index?: PagefindIndex }>;
  close(): Promise<unknown>;
}

interface PagefindIndex {
  addCustomRecord(record: { url: string; content: string; language: string; meta?: Record<string, string>; filters?: Record<string, string[]> }): Promise<{ errors: string[] }>;
  getFiles(): Promise<{ errors: string[]; files: { path: string; content: Uint8Array }[] }>;
}

/** Pagefind's browser module (`pagefind.js`, written with its index), run here with its `fetch` answered from memory. */
export interface PagefindRuntime {
  options(options: object): Promise<void>;
  search(query: string, options?: { filters?: Record<string, string> }): Promise<{ results: { data(): Promise<{ url: string; meta: { title?: string } }> }[] }>;
  destroy?(): Promise<void>;
}

export interface PagefindIndexFiles {
  files: Map<string, Uint8Array>;
  /** Wall seconds to index and hand over the files (its indexer is a separate process: its CPU is not this process's). */
  seconds: number;
}

/** Pagefind's index of `records` (one language: docjet's language scope is a filter here too). */
export async function pagefindIndex(records: readonly PeerRecord[]): Promise<PagefindIndexFiles | undefined> {
  const folder = peerPackage('pagefind');
  if (!folder) return undefined;
  const pagefind = (await import(pathToFileURL(path.join(folder, 'lib', 'index.js')).href)) as PagefindService;
  try {
    const started = performance.now();
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
    for (const record of records) {
      await index.addCustomRecord({ url: record.url, content: record.content, language: 'en', meta: { title: record.title }, filters: record.filters });
    }
    const { files } = await index.getFiles();
    return { files: new Map(files.map((file) => [file.path, file.content])), seconds: (performance.now() - started) / 1000 };
  } finally {
    await pagefind.close();
  }
}

let runtimeCount = 0;

function runtimeFolder(): string {
  return path.join(os.tmpdir(), `docjet-bench-pagefind-${process.pid}`);
}

/** Removes the copies of Pagefind's module the runs made. */
export async function pagefindCleanup(): Promise<void> {
  await rm(runtimeFolder(), { recursive: true, force: true });
}

/** Pagefind's own browser module for `files`, its requests answered from them and listed in `fetched`. */
export async function pagefindRuntime(files: ReadonlyMap<string, Uint8Array>, fetched: string[]): Promise<PagefindRuntime> {
  globalThis.fetch = async (input: string | URL | Request) => {
    const name = String(input)
      .replace(/^.*\/pagefind\//, '')
      .split('?')[0]!;
    fetched.push(name);
    const content = files.get(name);
    return content === undefined ? new Response('', { status: 404 }) : new Response(content);
  };
  // A fresh module each time: a first query from an empty cache.
  const folder = runtimeFolder();
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `pagefind-${++runtimeCount}.mjs`);
  await writeFile(file, files.get('pagefind.js')!);
  const runtime = (await import(pathToFileURL(file).href)) as PagefindRuntime;
  await runtime.options({ basePath: '/pagefind/' });
  return runtime;
}

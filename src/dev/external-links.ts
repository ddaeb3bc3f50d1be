/**
 * `docjet check --external`: whether each external http(s) URL of a site answers. At most
 * `concurrency` requests at once, one at a time per host and `hostIntervalMs` apart (a site with 200
 * links to github.com does not hammer it), each within `timeoutMs`, redirects followed with the same
 * address checks as remote OpenAPI specs (`probeUrl`: no private or loopback address without
 * `--allow-private-network`). Answers are kept in `.docjet/cache/links/external.json` for
 * `maxAgeHours`, so a second run asks again only for new URLs. Without network (`offline`, or no
 * answer at all: a name that does not resolve, a refused or timed-out connection) a URL is
 * "not checked", never broken: only an HTTP answer of 404 or 410 (or another 4xx/5xx but 401, 403,
 * 405 and 429, which a server gives robots for pages that exist) makes it broken.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { probeUrl } from '../openapi/fetch-spec.ts';
import { cacheFolder, writeAtomic } from '../shared/docjet-cache.ts';
import type { FetchFailure } from '../shared/messages.ts';

export interface ExternalOptions {
  root: string;
  offline?: boolean;
  allowPrivateNetwork?: boolean;
  concurrency?: number;
  timeoutMs?: number;
  hostIntervalMs?: number;
  maxAgeHours?: number;
}

export type ExternalAnswer =
  | { kind: 'ok'; status: number }
  | { kind: 'broken'; status: number }
  /** No HTTP answer: why (offline, unreachable, timeout, a private address refused). */
  | { kind: 'unchecked'; reason: string };

interface CacheEntry {
  status: number;
  at: number;
}

const CACHE_FILE = 'external.json';
/** Answers that say nothing about whether the page exists (a robot refused, a method not allowed, too many requests). */
const NOT_A_VERDICT = new Set([401, 403, 405, 429]);

export async function checkExternal(urls: Iterable<string>, options: ExternalOptions): Promise<Map<string, ExternalAnswer>> {
  const answers = new Map<string, ExternalAnswer>();
  const maxAge = (options.maxAgeHours ?? 24) * 3600_000;
  const cache = await readCache(options.root);
  const now = Date.now();
  const byHost = new Map<string, string[]>();
  for (const url of new Set(urls)) {
    const cached = cache.get(url);
    if (cached && now - cached.at < maxAge) {
      answers.set(url, verdict(cached.status));
      continue;
    }
    if (options.offline) {
      answers.set(url, { kind: 'unchecked', reason: 'offline' });
      continue;
    }
    const host = URL.canParse(url) ? new URL(url).host : url;
    byHost.set(host, [...(byHost.get(host) ?? []), url]);
  }
  const hosts = [...byHost.values()];
  const timeoutMs = options.timeoutMs ?? 10_000;
  const interval = options.hostIntervalMs ?? 250;
  let fetched = 0;
  const worker = async (): Promise<void> => {
    for (let queue = hosts.shift(); queue; queue = hosts.shift()) {
      for (const [index, url] of queue.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, interval));
        const probed = await probeUrl(url, { timeoutMs, allowPrivateNetwork: options.allowPrivateNetwork ?? false });
        if ('status' in probed) {
          answers.set(url, verdict(probed.status));
          cache.set(url, { status: probed.status, at: Date.now() });
          fetched++;
        } else {
          answers.set(url, { kind: 'unchecked', reason: reasonOf(probed.failure) });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  if (fetched > 0) await writeCache(options.root, cache);
  return answers;
}

function verdict(status: number): ExternalAnswer {
  if (status < 400 || NOT_A_VERDICT.has(status)) return { kind: 'ok', status };
  return { kind: 'broken', status };
}

function reasonOf(failure: FetchFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return `no answer in ${failure.seconds} s`;
    case 'unreachable':
      return `${failure.host} could not be reached${failure.code ? ` (${failure.code})` : ''}: offline?`;
    case 'private-address':
      return `${failure.host} is a ${failure.range} address (--allow-private-network checks it)`;
    case 'redirect-loop':
      return `more than ${failure.count} redirects`;
    case 'redirect-scheme':
      return `redirected to a ${failure.scheme} URL`;
    default:
      return failure.kind;
  }
}

async function readCache(root: string): Promise<Map<string, CacheEntry>> {
  const folder = await cacheFolder(root, 'links', { create: false }).catch(() => undefined);
  if (!folder?.ok) return new Map();
  try {
    const value = JSON.parse(await readFile(path.join(folder.path, CACHE_FILE), 'utf8')) as Record<string, CacheEntry>;
    return new Map(Object.entries(value).filter(([, entry]) => typeof entry?.status === 'number' && typeof entry.at === 'number'));
  } catch {
    return new Map();
  }
}

async function writeCache(root: string, cache: Map<string, CacheEntry>): Promise<void> {
  const folder = await cacheFolder(root, 'links', { create: true }).catch(() => undefined);
  if (!folder?.ok) return; // a .docjet that leads out of the site is never written through
  await writeAtomic(path.join(folder.path, CACHE_FILE), `${JSON.stringify(Object.fromEntries(cache), null, 1)}\n`).catch(() => undefined);
}

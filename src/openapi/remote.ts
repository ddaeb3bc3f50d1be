/**
 * A remote OpenAPI spec (`"openapi": "https://…"`) for one run: fetched when the network allows,
 * else its cached copy (with a note saying from when), else nothing, with the reason for the
 * `openapi-remote` warning. Once loaded it is an ordinary document: diagnostics inside it name the
 * URL, and rendering reads the same copy (spec-cache.ts).
 */
import { encodingDiagnostic } from '../shared/read-text.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { cachedCopyNote, diagnostic, type FetchFailure, type PrivateAddressRefused } from '../shared/messages.ts';
import { DEFAULT_FETCH_TIMEOUT_MS, fetchSpec, literalPrivateAddress, MAX_SPEC_BYTES, type FetchLimits } from './fetch-spec.ts';
import { loadOpenApi, type OpenApiResult } from './load.ts';
import { readCopy, saveCopy, useCopy, type CacheProblem, type SpecCopy } from './spec-cache.ts';

export interface RemoteOptions {
  /** Use the cache only; never touch the network (`--offline`, `DOCJET_OFFLINE=1`). */
  offline?: boolean;
  /** How long one fetch may take, redirects and body included (default 10 s). */
  timeoutMs?: number;
  /** The largest spec downloaded (default 50 MB). */
  maxBytes?: number;
  /**
   * Fetch from loopback, private and link-local addresses too (`--allow-private-network`). Without
   * it such a URL is neither fetched nor read from the cache: its copy came from the same place.
   */
  allowPrivateNetwork?: boolean;
  /** Name resolution and address checks for tests (fetch-spec.ts `FetchLimits`). */
  network?: Pick<FetchLimits, 'lookup' | 'classify'>;
}

export interface RemoteResult extends OpenApiResult {
  /** Said when the cached copy stood in for a fetch. */
  note?: string;
}

/** Loads `url` for the site at `root`: fetch, else the cache, else unread; called once per URL and run. */
export async function loadRemoteOpenApi(options: RemoteOptions & { root: string; url: string }): Promise<RemoteResult> {
  const { root, url, offline = false, timeoutMs = DEFAULT_FETCH_TIMEOUT_MS, maxBytes = MAX_SPEC_BYTES, allowPrivateNetwork = false, network = {} } = options;
  if (!allowPrivateNetwork) {
    const refused = literalPrivateAddress(url, network.classify);
    if (refused) return refuse(root, url, refused);
  }
  const cached = await readCopy(root, url);
  if (offline) return fromCache(root, url, cached, { kind: 'offline' });
  const fetched = await fetchSpec(url, { timeoutMs, maxBytes, etag: cached.copy?.etag, allowPrivateNetwork, ...network });
  switch (fetched.status) {
    case 'failed':
      if (fetched.failure.kind === 'private-address') return refuse(root, url, fetched.failure);
      return fromCache(root, url, cached, fetched.failure);
    case 'not-modified':
      // Asked with the cached copy's etag only: the server confirms that copy, which counts as fetched now.
      if (!cached.copy) return fromCache(root, url, cached, { kind: 'status', status: 304 });
      return use(root, { ...cached.copy, fetchedAt: new Date().toISOString() }, { save: true });
    case 'fetched': {
      const result = await use(root, { url, text: fetched.decoded.text, fetchedAt: new Date().toISOString(), etag: fetched.etag }, { save: true });
      return { ...result, diagnostics: [...encodingDiagnostic(url, fetched.decoded, 'OpenAPI file'), ...result.diagnostics] };
    }
  }
}

/** A URL that leads to a private address: unread, whatever the cache holds (a copy of what it answered). */
function refuse(root: string, url: string, failure: PrivateAddressRefused): RemoteResult {
  useCopy(root, url, undefined);
  return { diagnostics: [], unread: { problem: 'remote', failure } };
}

/**
 * The cached copy when there is one, with a note; else the spec is unread, and the warning says
 * why. A cache that could not be read is said too: it may be why there is no copy.
 */
async function fromCache(root: string, url: string, cached: { copy?: SpecCopy; problem?: CacheProblem }, failure: FetchFailure): Promise<RemoteResult> {
  const problems = cached.problem ? [cacheDiagnostic(url, 'read', cached.problem)] : [];
  if (!cached.copy) {
    useCopy(root, url, undefined);
    return { diagnostics: problems, unread: { problem: 'remote', failure } };
  }
  const result = await use(root, cached.copy, { save: false });
  return { ...result, diagnostics: [...problems, ...result.diagnostics], note: cachedCopyNote({ url, fetchedAt: cached.copy.fetchedAt, failure }) };
}

/**
 * Makes `copy` this run's copy and parses it. A fresh copy is saved only when it is a usable
 * document: a server that starts answering garbage does not replace the last good copy.
 */
async function use(root: string, copy: SpecCopy, { save }: { save: boolean }): Promise<RemoteResult> {
  useCopy(root, copy.url, copy);
  const result = await loadOpenApi({ root, file: copy.url });
  if (!save || !result.document) return result;
  const problem = await saveCopy(root, copy);
  return problem ? { ...result, diagnostics: [...result.diagnostics, cacheDiagnostic(copy.url, 'save', problem)] } : result;
}

function cacheDiagnostic(url: string, action: 'save' | 'read', problem: CacheProblem): Diagnostic {
  const folder = problem.problem === 'outside' ? problem.folder : '.docjet/cache';
  return diagnostic('openapi-cache-unusable', undefined, folder, { url, action, ...problem });
}

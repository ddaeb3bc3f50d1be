/**
 * One remote OpenAPI spec over HTTP(S): Node's `fetch`, bounded in time (one deadline for the
 * redirects and the body) and in size, redirects followed by hand so that none leads to another
 * scheme (`file:`, `data:`). Nothing here throws: every way of not getting a spec is a `FetchFailure`
 * the catalogue words.
 */
import { decodeText, type DecodedText } from '../content/read-text.ts';
import type { FetchFailure } from '../messages.ts';

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
/** Larger than any real spec (Stripe's, the largest we know, is about 7 MB as JSON). */
export const MAX_SPEC_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** The validator of the cached copy: an unchanged spec then comes back as `not-modified`, without its body. */
  etag?: string | undefined;
}

export type Fetched =
  | { status: 'fetched'; decoded: DecodedText; etag: string | undefined }
  | { status: 'not-modified' }
  | { status: 'failed'; failure: FetchFailure };

/** `"openapi": "https://…"`: a spec to fetch rather than a file of the site. */
export function isRemoteSpec(spec: string): boolean {
  return /^https?:\/\//i.test(spec);
}

export async function fetchSpec(url: string, limits: FetchLimits): Promise<Fetched> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return failed({ kind: 'invalid-url' });
  }
  if (!isHttp(current)) return failed({ kind: 'invalid-url' });
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const headers: Record<string, string> = { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' };
  if (limits.etag) headers['if-none-match'] = limits.etag;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(current, { redirect: 'manual', signal, headers });
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (location !== null) {
        await response.body?.cancel();
        if (redirects === MAX_REDIRECTS) return failed({ kind: 'redirect-loop', count: MAX_REDIRECTS });
        const next = URL.canParse(location, current.href) ? new URL(location, current) : undefined;
        if (!next) return failed({ kind: 'invalid-url' });
        if (!isHttp(next)) return failed({ kind: 'redirect-scheme', scheme: next.protocol });
        current = next;
        continue;
      }
      return await readResponse(response, limits);
    }
  } catch (error) {
    return failed(describeError(error, current, limits.timeoutMs));
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

async function readResponse(response: Response, limits: FetchLimits): Promise<Fetched> {
  if (response.status === 304) return { status: 'not-modified' };
  const refuse = (failure: FetchFailure): Fetched => {
    response.body?.cancel().catch(() => undefined);
    return failed(failure);
  };
  if (!response.ok) return refuse({ kind: 'status', status: response.status });
  // A login page or a captive portal answers 200 with HTML; caching it would hide the spec for good.
  if (/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return refuse({ kind: 'html' });
  const tooLarge: FetchFailure = { kind: 'too-large', limitMb: Math.round(limits.maxBytes / 1024 / 1024) };
  if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) return refuse(tooLarge);
  const body = await readLimited(response, limits.maxBytes);
  if (!body) return failed(tooLarge);
  return { status: 'fetched', decoded: decodeText(body), etag: response.headers.get('etag') ?? undefined };
}

/** The body, or undefined once it passes `maxBytes` (a missing or lying content-length is not trusted). */
async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** `fetch` rejects with a TimeoutError when the deadline passes, else a TypeError whose `cause` holds the system's code. */
function describeError(error: unknown, url: URL, timeoutMs: number): FetchFailure {
  if (error instanceof Error && error.name === 'TimeoutError') return { kind: 'timeout', seconds: timeoutMs / 1000 };
  const cause = error instanceof Error ? (error.cause as { code?: unknown; errors?: { code?: unknown }[] } | undefined) : undefined;
  // Several addresses (IPv4 and IPv6) fail together as an AggregateError.
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return { kind: 'unreachable', host: url.host, code: typeof code === 'string' ? code : undefined };
}

function failed(failure: FetchFailure): Fetched {
  return { status: 'failed', failure };
}

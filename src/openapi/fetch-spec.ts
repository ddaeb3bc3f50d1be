/**
 * One remote OpenAPI spec over HTTP(S), bounded in time (one deadline for the redirects and the
 * body) and in size, redirects followed by hand so that none leads to another scheme (`file:`,
 * `data:`) or to a private address. Nothing here throws: every way of not getting a spec is a
 * `FetchFailure` the catalogue words.
 *
 * Private addresses (loopback, RFC 1918, link-local…: network-address.ts) are refused unless
 * `allowPrivateNetwork`: an address written in the URL before any request, a name through the
 * `lookup` the connection itself uses, so every address DNS gives is checked and the socket
 * connects to the address checked (a name that resolves to a public address for a check and to
 * 127.0.0.1 for the connection, DNS rebinding, has no second resolution to slip into). That needs
 * node:http's `lookup` option: `fetch` has no such hook without the undici package.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { decodeText, type DecodedText } from '../shared/read-text.ts';
import type { FetchFailure, PrivateAddressRefused } from '../shared/messages.ts';
import { privateRange, type PrivateRange } from './network-address.ts';

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
/** Larger than any real spec (Stripe's, the largest we know, is about 7 MB as JSON). */
export const MAX_SPEC_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** The validator of the cached copy: an unchanged spec then comes back as `not-modified`, without its body. */
  etag?: string | undefined;
  /** Loopback, private and link-local addresses may be fetched from (`--allow-private-network`). */
  allowPrivateNetwork?: boolean | undefined;
  /** Resolves host names (default: the system's `dns.lookup`). */
  lookup?: LookupFunction | undefined;
  /**
   * Which kind of non-public address an address is, if any (default: network-address.ts). Tests
   * let a loopback server stand for a public one with it; nothing else should.
   */
  classify?: ((address: string) => PrivateRange | undefined) | undefined;
}

export type Fetched = { status: 'fetched'; decoded: DecodedText; etag: string | undefined } | { status: 'not-modified' } | { status: 'failed'; failure: FetchFailure };

/** `"openapi": "https://…"`: a spec to fetch rather than a file of the site. */
export function isRemoteSpec(spec: string): boolean {
  return /^https?:\/\//i.test(spec);
}

/**
 * Why `url` is refused without a request when its host is an address (`http://127.0.0.1/`,
 * `http://[::ffff:7f00:1]/`, `http://2130706433/`, which the URL parser writes as 127.0.0.1) or a
 * localhost name; undefined for a public address, another name, or a URL that does not parse.
 */
export function literalPrivateAddress(url: string, classify: (address: string) => PrivateRange | undefined = privateRange): PrivateAddressRefused | undefined {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  return parsed && refusedHost(parsed, classify, false);
}

export async function fetchSpec(url: string, limits: FetchLimits): Promise<Fetched> {
  const headers: Record<string, string> = {
    accept: 'application/json, application/yaml, text/yaml, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': 'docjet',
  };
  if (limits.etag) headers['if-none-match'] = limits.etag;
  const opened = await open(url, limits, headers);
  if ('failure' in opened) return failed(opened.failure);
  try {
    return await readResponse(opened.response, limits);
  } catch (error) {
    return failed(describeError(error, opened.url, limits.timeoutMs, opened.signal));
  }
}

/**
 * Whether `url` answers (`docjet check --external`): the status of its final response after
 * redirects, with the same address checks and deadline as a spec; the body is not read.
 */
export async function probeUrl(url: string, limits: Omit<FetchLimits, 'maxBytes' | 'etag'>): Promise<{ status: number } | { failure: FetchFailure }> {
  const opened = await open(url, limits, { accept: 'text/html, */*;q=0.8', 'user-agent': 'docjet' });
  if ('failure' in opened) return opened;
  opened.response.destroy();
  return { status: opened.response.statusCode ?? 0 };
}

/** The response to `url` once redirects are followed (each checked as the first), or why there is none. */
async function open(
  url: string,
  limits: Omit<FetchLimits, 'maxBytes' | 'etag'>,
  headers: Record<string, string>,
): Promise<{ response: IncomingMessage; url: URL; signal: AbortSignal } | { failure: FetchFailure }> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return { failure: { kind: 'invalid-url' } };
  }
  if (!isHttp(current)) return { failure: { kind: 'invalid-url' } };
  const classify = limits.allowPrivateNetwork ? () => undefined : (limits.classify ?? privateRange);
  const lookup = guardedLookup(limits.lookup ?? (systemLookup as LookupFunction), classify);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const refused = refusedHost(current, classify, redirects > 0);
      if (refused) return { failure: refused };
      let response: IncomingMessage;
      try {
        response = await get(current, { headers, signal, lookup });
      } catch (error) {
        if (error instanceof RefusedAddress) return { failure: { ...error.refused, redirected: redirects > 0 } };
        throw error;
      }
      const location = REDIRECTS.has(response.statusCode ?? 0) ? response.headers.location : undefined;
      if (location !== undefined) {
        response.destroy();
        if (redirects === MAX_REDIRECTS) return { failure: { kind: 'redirect-loop', count: MAX_REDIRECTS } };
        const next = URL.canParse(location, current.href) ? new URL(location, current) : undefined;
        if (!next) return { failure: { kind: 'invalid-url' } };
        if (!isHttp(next)) return { failure: { kind: 'redirect-scheme', scheme: next.protocol } };
        current = next;
        continue;
      }
      return { response, url: current, signal };
    }
  } catch (error) {
    return { failure: describeError(error, current, limits.timeoutMs, signal) };
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

function refusedHost(url: URL, classify: (address: string) => PrivateRange | undefined, redirected: boolean): PrivateAddressRefused | undefined {
  const address = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // RFC 6761: localhost names are this machine's, whatever a resolver says; known without one (offline too).
  const local = /^localhost$|\.localhost$/i.test(address);
  if (!local && isIP(address) === 0) return undefined; // a name: its addresses are checked when it is resolved
  const range = classify(local ? '127.0.0.1' : address);
  return range === undefined ? undefined : { kind: 'private-address', host: url.hostname, address, range, redirected };
}

/** Thrown by the guarded lookup, so that the socket never connects. */
export class RefusedAddress extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(readonly refused: Omit<PrivateAddressRefused, 'redirected'>) {
    super(`${refused.host} resolves to ${refused.address}, a ${refused.range} address`);
  }
}

/**
 * `lookup` as the socket calls it, answering only when every address the name has is public: the
 * connection then goes to one of the addresses checked here, not to a second resolution's.
 */
export function guardedLookup(lookup: LookupFunction, classify: (address: string) => PrivateRange | undefined): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses: LookupAddress[] = typeof found === 'string' ? [{ address: found, family: isIP(found) }] : found;
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      for (const { address } of addresses) {
        const range = classify(address);
        if (range !== undefined) return callback(new RefusedAddress({ kind: 'private-address', host: hostname, address, range }), '', 0);
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * One GET, answered with the response's head. A fresh agent each time (`agent: false`): a pooled
 * socket would skip the lookup that checks where it goes.
 */
function get(url: URL, options: { headers: Record<string, string>; signal: AbortSignal; lookup: LookupFunction }): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'GET', agent: false, ...options }, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readResponse(response: IncomingMessage, limits: FetchLimits): Promise<Fetched> {
  const status = response.statusCode ?? 0;
  const refuse = (failure: FetchFailure): Fetched => {
    response.destroy();
    return failed(failure);
  };
  if (status === 304) {
    response.destroy();
    return { status: 'not-modified' };
  }
  if (status < 200 || status > 299) return refuse({ kind: 'status', status });
  // A login page or a captive portal answers 200 with HTML; caching it would hide the spec for good.
  if (/^text\/html\b/i.test(response.headers['content-type'] ?? '')) return refuse({ kind: 'html' });
  const tooLarge: FetchFailure = { kind: 'too-large', limitMb: Math.round(limits.maxBytes / 1024 / 1024) };
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  // A compressed body's length says nothing of the spec's size: only the bytes read out count then.
  if (encoding === '' && Number(response.headers['content-length'] ?? 0) > limits.maxBytes) return refuse(tooLarge);
  const body = await readLimited(decoded(response, encoding), limits.maxBytes);
  if (!body) return refuse(tooLarge);
  const etag = response.headers.etag;
  return { status: 'fetched', decoded: decodeText(body), etag: etag === undefined ? undefined : etag };
}

/** The body as the server meant it: gzip, deflate and brotli undone (docjet asks for them). */
function decoded(response: IncomingMessage, encoding: string): Readable {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return response;
  // An error on either side ends both; the reader below sees it.
  return pipeline(response, decoder, () => {});
}

/** The body, or undefined once it passes `maxBytes` (a missing or lying content-length is not trusted). */
async function readLimited(body: Readable, maxBytes: number): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The deadline aborts the request or its body; anything else is the system's error, with its code. */
function describeError(error: unknown, url: URL, timeoutMs: number, signal: AbortSignal): FetchFailure {
  if (signal.aborted) return { kind: 'timeout', seconds: timeoutMs / 1000 };
  const failure = error as { code?: unknown; errors?: { code?: unknown }[] } | undefined;
  // Several addresses (IPv4 and IPv6) fail together as an AggregateError.
  const code = failure?.code ?? failure?.errors?.[0]?.code;
  return { kind: 'unreachable', host: url.host, code: typeof code === 'string' ? code : undefined };
}

function failed(failure: FetchFailure): Fetched {
  return { status: 'failed', failure };
}

/**
 * The Try-it proxy of `docjet dev` and `docjet serve`, for APIs that allow no calls from other
 * sites (CORS): the panel (src/client/playground-proxy.ts) sends the request it would have sent to
 * `<base>_docjet/proxy?url=<the request's URL>`, with the same method, headers and body, and this
 * forwards it and answers with what the API answered.
 *
 * Never an open proxy: the URL must be on one of the servers the site's specs declare, their
 * variables as the spec allows them (src/openapi/servers.ts); any other is refused with 403 and a
 * sentence that says why. The request must come from the site's own pages: a header a form
 * cannot send (`x-docjet-proxy`), and no `Origin` or `Sec-Fetch-Site` of another site. Loopback
 * and private addresses are refused as remote specs are, unless `--allow-private-network`, and the
 * connection goes to the address checked. Bodies are bounded (10 MB up, 50 MB down) and the call
 * is given 30 s. The site's cookies never go to the API, and the API's `Set-Cookie` never reaches
 * the site; a redirect is answered as it came, not followed (its `Location` renamed, so the
 * browser does not follow it either).
 */
import { lookup as systemLookup } from 'node:dns';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { guardedLookup, literalPrivateAddress, RefusedAddress } from '../openapi/fetch-spec.ts';
import { privateRange } from '../openapi/network-address.ts';
import { serverPattern, type ServerTemplate } from '../openapi/servers.ts';

export const PROXY_PATH = '_docjet/proxy';
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
export const PROXY_TIMEOUT_MS = 30_000;

export interface ProxyOptions {
  /** The site's path prefix (`/`, `/docs/`). */
  base: string;
  /** The servers of the site's specs, as they are now (dev reads the site again on a change). */
  servers: () => readonly ServerTemplate[];
  allowPrivateNetwork?: boolean;
  /** Name resolution, for tests. */
  lookup?: LookupFunction;
}

/** Headers that belong to one connection or to the docs site, never forwarded to the API. */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'origin',
  'referer',
  'cookie',
  'x-docjet-proxy',
  'accept-encoding',
  'content-length',
  'expect',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
]);
/** Headers of the API's answer that would act on the docs site or on this connection. */
const NOT_RETURNED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'trailer',
  'set-cookie',
  'set-cookie2',
  'content-length',
  'location',
  'strict-transport-security',
  'alt-svc',
  'clear-site-data',
]);

/** A handler for the proxy's path: false when the request is not the proxy's. */
export function createProxy(options: ProxyOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const path = `${options.base}${PROXY_PATH}`;
  return (request, response) => {
    const url = request.url ?? '/';
    if (url !== path && !url.startsWith(`${path}?`)) return false;
    void forward(options, request, response).catch(() => refuse(response, 502, 'the request could not be forwarded.'));
    return true;
  };
}

async function forward(options: ProxyOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.headers['x-docjet-proxy'] === undefined) return refuse(response, 403, 'only the Try it panel of this site may use it (the x-docjet-proxy header is missing).');
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (
    (site !== undefined && site !== 'same-origin') ||
    (origin !== undefined && origin !== `http://${request.headers.host ?? ''}` && origin !== `https://${request.headers.host ?? ''}`)
  ) {
    return refuse(response, 403, 'only pages of this site may use it.');
  }
  const written = new URL(request.url ?? '/', 'http://proxy.invalid').searchParams.get('url') ?? '';
  let target: URL;
  try {
    target = new URL(written);
  } catch {
    return refuse(response, 400, `"${written}" is not a URL.`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return refuse(response, 400, 'only http and https URLs are forwarded.');
  if (target.username !== '' || target.password !== '') return refuse(response, 400, 'a URL with a user name or password in it is not forwarded.');
  target.hash = '';
  const servers = options.servers();
  if (!servers.some((server) => serverPattern(server).test(target.href))) {
    const named = servers.length === 0 ? "the site's specs declare no server" : `the specs declare ${servers.map((server) => server.url).join(', ')}`;
    return refuse(response, 403, `${target.host} is not a server of this site's API (${named}); it forwards requests to those only.`);
  }
  const classify = options.allowPrivateNetwork ? () => undefined : privateRange;
  const literal = literalPrivateAddress(target.href, classify);
  if (literal) return refuse(response, 403, `${target.hostname} is a ${literal.range} address; pass --allow-private-network to call servers on this machine or your network.`);

  const body = await readBody(request, MAX_REQUEST_BYTES);
  if (!body) return refuse(response, 413, `the request body is over ${MAX_REQUEST_BYTES / 1024 / 1024} MB.`);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name) || name.startsWith('sec-') || name.startsWith('proxy-')) continue;
    headers[name] = value;
  }
  if (body.length > 0 || !['GET', 'HEAD'].includes(request.method ?? 'GET')) headers['content-length'] = String(body.length);

  const lookup = guardedLookup(options.lookup ?? (systemLookup as LookupFunction), classify);
  const signal = AbortSignal.timeout(PROXY_TIMEOUT_MS);
  const client = target.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve) => {
    const outgoing = client.request(target, { method: request.method ?? 'GET', headers, agent: false, lookup, signal }, (answer) => {
      const returned: Record<string, string | string[]> = { 'x-docjet-proxy': 'forwarded', 'cache-control': 'no-store' };
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || NOT_RETURNED.has(name)) continue;
        returned[name] = value;
      }
      if (answer.headers.location !== undefined) returned['x-docjet-location'] = answer.headers.location;
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage ?? '', returned);
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          answer.destroy();
          response.destroy();
        } else response.write(chunk);
      });
      answer.on('end', () => {
        response.end();
        resolve();
      });
      answer.on('error', () => {
        response.destroy();
        resolve();
      });
    });
    outgoing.on('error', (error) => {
      if (error instanceof RefusedAddress)
        refuse(
          response,
          403,
          `${error.refused.host} resolves to ${error.refused.address}, a ${error.refused.range} address; pass --allow-private-network to call servers on this machine or your network.`,
        );
      else if (signal.aborted) refuse(response, 504, `${target.host} did not answer within ${PROXY_TIMEOUT_MS / 1000} seconds.`);
      else refuse(response, 502, `${target.host} could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message}).`);
      resolve();
    });
    outgoing.end(body);
  });
}

/** The whole body, or undefined past `limit` bytes. */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The proxy's own answer (`x-docjet-proxy: refused`), a sentence the panel shows as it is. */
function refuse(response: ServerResponse, status: number, reason: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-docjet-proxy': 'refused', 'cache-control': 'no-store' });
  response.end(`docjet proxy: ${reason}`);
}

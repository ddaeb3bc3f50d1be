/**
 * A small static file server for a built site, the way production hosts serve it: `/a/b` and
 * `/a/b/` serve `a/b/index.html`, percent-encoded paths are decoded (`/search%3Fq` is the folder
 * `search?q`), unknown paths get `404.html` with status 404, and nothing outside the folder can be
 * reached: not by `..` in any spelling, nor through a symbolic link (a file is served only when its
 * real path is inside the folder). A request that fails answers 500 (or 404 when the file went
 * away); the server itself never stops on one. Used by `docjet serve`, and by the browser tests.
 */
import type { FileHandle } from 'node:fs/promises';
import { open, realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { isMissing } from '../shared/fs-errors.ts';
import type { McpDocs } from './mcp/docs.ts';
import { answerMcp, isMcpRequest } from './mcp/http.ts';
import { contentType, realFileInside, requestPath, resolveInside } from './request-files.ts';
import { createProxy, type ProxyOptions } from './proxy.ts';

export interface StaticServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  dir: string;
  port?: number;
  host?: string;
  base?: string;
  /** Opens a file to serve (a test seam: tests make it fail or vanish). */
  openFile?: (file: string) => Promise<FileHandle>;
  /** The site `/mcp` answers AI tools from (mcp/http.ts); without it, `/mcp` is a path like any other. */
  mcp?: McpDocs;
  /** Forward the Try-it panel's requests to the servers of the site's specs (src/dev/proxy.ts). */
  proxy?: Omit<ProxyOptions, 'base'>;
}

/** What a request resolves to: a file to send with a status, or a bare status. */
type Answer = { status: number; file?: string };

const ALLOWED = 'GET, HEAD';

/** The served folder, as every request reads it. */
interface Served {
  dir: string;
  base: string;
  openFile: (file: string) => Promise<FileHandle>;
  mcp: McpDocs | undefined;
}

export async function serveStatic(options: StaticServerOptions): Promise<StaticServer> {
  const served: Served = { dir: path.resolve(options.dir), base: options.base ?? '/', openFile: options.openFile ?? ((file: string) => open(file, 'r')), mcp: options.mcp };
  const proxy = options.proxy && createProxy({ ...options.proxy, base: served.base });
  const server = createServer((request, response) => {
    if (proxy?.(request, response)) return;
    respond(served, request, response).catch(() => fail(response, 500));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}${served.base}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function respond(served: Served, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  if (served.mcp && isMcpRequest(request, served.base)) return answerMcp(served.mcp, request, response);
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { allow: ALLOWED, 'content-type': 'text/plain; charset=utf-8' });
    response.end('Method not allowed');
    return;
  }
  const answer = await resolveUrl(served, request.url ?? '/');
  if (!answer.file) return fail(response, answer.status);
  await send(served, answer.file, answer.status, method === 'HEAD', response);
}

/** Sends a file; a file that vanished is a 404, any other failure a 500 (or a cut connection). */
async function send(served: Served, file: string, status: number, head: boolean, response: ServerResponse): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await served.openFile(file);
  } catch (error) {
    return fail(response, isMissing(error) ? 404 : 500);
  }
  const size = await regularFileSize(handle);
  if (typeof size === 'object') return fail(response, size.status);
  const headers = { 'content-type': contentType(file), 'cache-control': 'no-cache' };
  if (head) {
    await handle.close();
    response.writeHead(status, { ...headers, 'content-length': size });
    response.end();
    return;
  }
  // The reader may have gone while the file was opened: its 'close' has passed, and a stream no one
  // reads would keep the file open until garbage collection.
  if (response.destroyed) {
    await handle.close().catch(() => undefined);
    return;
  }
  const stream = handle.createReadStream();
  // The status goes out with the first bytes, so a file that cannot be read still gets a 500;
  // an error after that can only cut the connection.
  stream.once('error', () => fail(response, 500));
  stream.once('readable', () => {
    if (response.headersSent || response.destroyed) {
      stream.destroy();
      return;
    }
    response.writeHead(status, headers);
    stream.pipe(response);
  });
  response.once('close', () => stream.destroy());
}

/** The size of an opened file; not a regular file (404) or unreadable (500) closes it and says which. */
async function regularFileSize(handle: FileHandle): Promise<number | { status: number }> {
  try {
    const info = await handle.stat();
    if (info.isFile()) return info.size;
    await handle.close();
    return { status: 404 };
  } catch {
    await handle.close().catch(() => undefined);
    return { status: 500 };
  }
}

/** The file a URL names, the way a production host finds it; 404.html for anything else. */
async function resolveUrl({ dir, base }: Served, url: string): Promise<Answer> {
  const requested = requestPath(url, base);
  if ('status' in requested) return requested.status === 404 ? notFound(dir) : requested;
  const root = await realpath(dir);
  const full = resolveInside(root, requested.path);
  if (!full) return notFound(dir);
  for (const candidate of [full, path.join(full, 'index.html')]) {
    const file = await realFileInside(root, candidate);
    if (file) return { file, status: 200 };
  }
  return notFound(dir);
}

async function notFound(dir: string): Promise<Answer> {
  const root = await realpath(dir).catch(() => undefined);
  const page = root && (await realFileInside(root, path.join(root, '404.html')));
  return page ? { file: page, status: 404 } : { status: 404 };
}

/** A bare status answer; once the status line is out, the only thing left is to cut the connection. */
function fail(response: ServerResponse, status: number): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const text = status === 404 ? 'Not found' : status === 400 ? 'Bad request' : 'Internal error';
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/**
 * A small static file server for a built site, the way production hosts serve it: `/a/b` and
 * `/a/b/` serve `a/b/index.html`, percent-encoded paths are decoded (`/search%3Fq` is the folder
 * `search?q`), unknown paths get `404.html` with status 404, and nothing outside the folder can be
 * reached. Used by `docjet serve`, and by the browser tests.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
};

export interface StaticServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function serveStatic(options: { dir: string; port?: number; host?: string; base?: string }): Promise<StaticServer> {
  const dir = path.resolve(options.dir);
  const base = options.base ?? '/';
  const server = createServer((request, response) => {
    void handle(request.url ?? '/', request.method ?? 'GET').then(
      ({ file, status }) => {
        if (!file) {
          response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
          response.end('Not found');
          return;
        }
        response.writeHead(status, { 'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
        if (request.method === 'HEAD') response.end();
        else createReadStream(file).pipe(response);
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });

  async function handle(url: string, method: string): Promise<{ file?: string; status: number }> {
    if (method !== 'GET' && method !== 'HEAD') return { status: 405 };
    let pathname = url.split(/[?#]/)[0]!;
    if (!pathname.startsWith(base)) return notFound();
    pathname = pathname.slice(base.length);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return notFound();
    }
    const full = path.resolve(dir, decoded.replace(/^\/+/, ''));
    if (full !== dir && !full.startsWith(dir + path.sep)) return notFound();
    for (const candidate of [full, path.join(full, 'index.html')]) {
      const info = await stat(candidate).catch(() => undefined);
      if (info?.isFile()) return { file: candidate, status: 200 };
    }
    return notFound();
  }

  async function notFound(): Promise<{ file?: string; status: number }> {
    const page = path.join(dir, '404.html');
    const info = await stat(page).catch(() => undefined);
    return info?.isFile() ? { file: page, status: 404 } : { status: 404 };
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}${base}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

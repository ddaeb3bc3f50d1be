/** HTTP helpers for the server tests. */
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:http';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to `server` with the path sent exactly as written (no client-side normalisation). */
export function fetchRaw(server: { url: string }, target: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: options.method ?? 'GET', path: target, headers: options.headers ?? {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

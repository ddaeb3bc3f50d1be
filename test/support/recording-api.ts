/**
 * A local API on 127.0.0.1 for the Try-it and sample tests: records each request as it arrived
 * (method, URL, headers, body as UTF-8), then answers as `answer` says. With `cors`, any page may
 * call it: preflights are answered 204 and not recorded. Without, no page's call is allowed (what
 * the proxy is for), and preflights are recorded like any request.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordingApi {
  server: Server;
  received: Received[];
  /** The port it listens on, as text (for a server variable or a URL). */
  port(): string;
  listen(): Promise<void>;
  close(): Promise<void>;
}

export function recordingApi(answer: (call: Received, response: ServerResponse) => void, options: { cors?: boolean } = {}): RecordingApi {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (options.cors) {
        response.setHeader('access-control-allow-origin', '*');
        response.setHeader('access-control-allow-methods', 'GET, POST');
        response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '');
        if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      }
      const call = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(call);
      answer(call, response);
    });
  });
  return {
    server,
    received,
    port: () => String((server.address() as AddressInfo).port),
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    close: async () => {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

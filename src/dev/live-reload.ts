/**
 * The live-reload channel: one Server-Sent Events stream per open page (`/_docjet/dev/events?page=/a/b`),
 * through which the server tells that page its content changed, that it must reload, or what the
 * error overlay shows. Only pages of this server may listen: a request another site's page makes
 * (cross-origin, by its `Origin` or `Sec-Fetch-Site` header) is refused with 403, so no other tab
 * learns what the docs being written say.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveEvent } from '../portable/dev-channel.ts';

export const EVENTS_PATH = '_docjet/dev/events';

/** What the server sends, declared in src/portable: the dev client (src/client/dev-client.ts) handles each. */
export type { LiveEvent };

export interface Listener {
  /** Decoded path of the page (`guides/install`), as its URL names it. */
  path: string;
  /** Hash of the HTML the page has. */
  hash: string | undefined;
  /** The overlay last sent, as JSON, to send only changes. */
  overlay: string;
  send(event: LiveEvent): void;
}

/** Whether a request comes from a page of this server (or from no page at all: a local tool like curl). */
export function isSameOrigin(request: Pick<IncomingMessage, 'headers'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  return origin === undefined || origin === `http://${request.headers.host ?? ''}`;
}

/** The open pages listening, and the stream of each. */
export class LiveReload {
  private readonly listeners = new Set<Listener & { response: ServerResponse }>();

  get all(): readonly Listener[] {
    return [...this.listeners];
  }

  /** Takes an events request: 403 for another origin, else a stream kept open until the page goes. */
  accept(request: IncomingMessage, response: ServerResponse, path: string, hash: string | undefined): Listener | undefined {
    if (!isSameOrigin(request)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end('The live-reload channel answers pages of this server only.');
      return undefined;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    // Reconnect quickly after a restart of the server.
    response.write('retry: 300\n\n');
    const listener = {
      path,
      hash,
      overlay: '[]',
      response,
      send: (event: LiveEvent): void => {
        const { type, ...data } = event;
        if ('overlay' in data) listener.overlay = JSON.stringify(data.overlay);
        response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      },
    };
    this.listeners.add(listener);
    response.once('close', () => this.listeners.delete(listener));
    return listener;
  }

  /** Ends every stream (the server is stopping). */
  close(): void {
    for (const listener of this.listeners) listener.response.end();
    this.listeners.clear();
  }
}

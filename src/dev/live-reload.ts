/**
 * The live-reload channel: one Server-Sent Events stream per open page (`/_docjet/dev/events?page=/a/b`),
 * through which the server tells that page its content changed, that it must reload, or what the
 * error overlay shows. Only pages of this server may listen: a request another site's page makes
 * (cross-origin, by its `Origin` or `Sec-Fetch-Site` header) is refused with 403, so no other tab
 * learns what the docs being written say.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OverlayEntry } from './overlay.ts';

export const EVENTS_PATH = '_docjet/dev/events';

/** What the server sends; the dev client (client-script.ts) handles each. */
export type LiveEvent =
  /**
   * On connecting: this server's id (a new one after a restart), the overlay, and whether the page
   * changed since it was served (`stale`: reload), or only coloured its code since (`colours`).
   */
  | { type: 'hello'; instance: string; overlay: OverlayEntry[]; stale: boolean; colours: boolean }
  /** Only the page's code changed, from uncoloured to coloured: fetch it and colour the code in place. */
  | { type: 'colours' }
  /** The page's HTML changed: fetch it and swap what changed in place (or reload when its navigation did). */
  | { type: 'content'; overlay: OverlayEntry[] }
  /** The Tailwind utilities' CSS changed (a page used a new class): fetch it again, no reload. */
  | { type: 'utilities' }
  /** Reload the page (a stylesheet or script of the site changed). */
  | { type: 'reload' }
  /** Only the overlay changed (a config error, or its fix). */
  | { type: 'overlay'; overlay: OverlayEntry[] };

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

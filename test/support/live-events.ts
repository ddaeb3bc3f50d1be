/** A dev page's live-reload stream (`/_docjet/dev/events`), read the way the page script reads it: the overlay's entries. */
import { request } from 'node:http';
import { SETTLE_MS } from './patience.ts';

export interface OverlayEntry {
  where: string;
  severity: string;
  code: string;
  message: string;
  fix?: string;
}

/** Opens the stream of `page`; `onEvent` gets each event's name and parsed data. Returns how to close it. */
function liveEvents(serverUrl: string, page: string, onEvent: (name: string, data: { overlay?: OverlayEntry[] }) => void, onError: (error: Error) => void): () => void {
  const url = new URL(serverUrl);
  let buffer = '';
  const req = request({ host: url.hostname, port: url.port, path: `/_docjet/dev/events?page=${encodeURIComponent(page)}` }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data !== undefined) onEvent(/^event: (.*)$/m.exec(block)?.[1] ?? 'message', JSON.parse(data) as { overlay?: OverlayEntry[] });
      }
    });
  });
  req.on('error', onError);
  req.end();
  return () => req.destroy();
}

/** The overlay of a page's first live-reload event (`hello`). */
export function helloOverlay(serverUrl: string, page: string): Promise<OverlayEntry[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no hello within ${SETTLE_MS / 1000} s`)), SETTLE_MS);
    const close = liveEvents(
      serverUrl,
      page,
      (name, data) => {
        if (name !== 'hello') return;
        clearTimeout(timer);
        close();
        resolve(data.overlay ?? []);
      },
      reject,
    );
  });
}

/** The stream of a page: the overlay of each event that carries one, the latest last. */
export function overlays(serverUrl: string, page: string): { latest(): OverlayEntry[] | undefined; close(): void } {
  let latest: OverlayEntry[] | undefined;
  const close = liveEvents(
    serverUrl,
    page,
    (_name, data) => {
      if (data.overlay) latest = data.overlay;
    },
    () => {},
  );
  return { latest: () => latest, close };
}

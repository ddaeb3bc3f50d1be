/**
 * `dev()`: the live preview. It listens at once (on 127.0.0.1 unless told otherwise, on the next
 * free port when the one asked for is taken), reads and resolves the site while the browser starts
 * (requests that come sooner wait), renders each page when it is asked for, and watches the folder:
 * each change is handled in turn (session.ts) and the open pages are told over the live-reload
 * channel. `close()` stops the watcher, ends the streams and closes the server.
 */
import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import { normalizeBase } from '../render/links.ts';
import { CLIENT_PATH } from './client-script.ts';
import { LiveReload } from './live-reload.ts';
import { createProxy } from './proxy.ts';
import { respond, type Responder } from './respond.ts';
import { snapshotOf, type DocsSnapshot, type McpDocs } from './mcp/docs.ts';
import { searchIndexOf } from '../search/index.ts';
import type { HangHook } from './render-threads.ts';
import { DevSession, type SessionEvent } from './session.ts';
import { watchSite, type FileChange, type Watcher } from './watch.ts';

export interface DevOptions {
  /** The folder holding docs.json (default: the current folder). */
  root?: string;
  /** Default 3000; when taken, the next free one. 0: any free port. */
  port?: number;
  /** Default 127.0.0.1: only this machine can connect. */
  host?: string;
  /** Watch the folder for changes (default true; tests hand changes over with `changed`). */
  watch?: boolean;
  /** Told what happens, for the terminal. */
  onEvent?: (event: DevEvent) => void;
  /** Remote OpenAPI specs may come from loopback and private addresses (validate's `allowPrivateNetwork`). */
  allowPrivateNetwork?: boolean;
  /** Pages load the site's `integrations` (`--analytics`; off by default). */
  analytics?: boolean;
  /** How long one page may take to render, in ms, before its render is stopped (default 60 s; `DOCJET_DEV_RENDER_DEADLINE_MS`). */
  renderDeadlineMs?: number;
  /**
   * Test hook (default true): false leaves out the work done ahead of the reader (the home page
   * rendered at the start, the pages an opened page links to, the grammars of the site's code, the
   * slow pages), which a test of something else pays for without using: up to ~100 pages of a
   * fixture and every grammar it names. Code a page shows is still coloured once its grammar is compiled.
   */
  ahead?: boolean;
  /** Test hook: a route whose first render never ends, as a runaway page's does, with its own deadline (render-threads.ts HangHook). */
  testHang?: HangHook;
}

export type DevEvent =
  | SessionEvent
  | { type: 'listening'; url: string; port: number; requestedPort: number }
  | { type: 'watch-failed'; message: string }
  /** Reading the site threw: a bug of docjet, not a problem of the site. */
  | { type: 'failed'; message: string };

export interface DevServer {
  url: string;
  port: number;
  /** Resolves once the site was read and resolved the first time (with errors or not). */
  ready: Promise<void>;
  /** Handles changed files as the watcher does (tests, editors that tell). */
  changed(changes: FileChange[]): Promise<void>;
  /** Resolves once every change seen so far is handled. */
  idle(): Promise<void>;
  /** How many request paths the server remembers (bounded, whatever is asked for). */
  remembered(): number;
  close(): Promise<void>;
}

/** Ports tried after the one asked for, when it is taken. */
const PORT_ATTEMPTS = 20;

export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const root = path.resolve(options.root ?? '.');
  const host = options.host ?? '127.0.0.1';
  const onEvent = options.onEvent ?? (() => {});
  const base = normalizeBase('/');
  const live = new LiveReload();
  const session = new DevSession({
    root,
    base,
    extraScripts: [base + CLIENT_PATH],
    listeners: () => live.all,
    onEvent,
    renderDeadlineMs: options.renderDeadlineMs ?? positive(process.env['DOCJET_DEV_RENDER_DEADLINE_MS']),
    hang: options.testHang,
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    analytics: options.analytics ?? false,
    ahead: options.ahead ?? true,
  });
  const responder: Responder = {
    session,
    live,
    root,
    ready: Promise.resolve(),
    allowsHost: (name) => allowsHost(name, host),
    mcp: sessionDocs(session, () => responder.ready, base),
  };
  // Try it's requests to the servers of the site's specs, as the site is now.
  const proxy = createProxy({ base, servers: () => session.model?.apiServers ?? [], allowPrivateNetwork: options.allowPrivateNetwork ?? false });
  const server = createServer((request, response) => {
    if (allowsHost(request.headers.host, host) && proxy(request, response)) return;
    respond(responder, request, response).catch(() => {
      if (response.headersSent) response.destroy();
      else response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal error');
    });
  });
  const requestedPort = options.port ?? 3000;
  const port = await listenFrom(server, requestedPort, host);
  const url = `http://${isIP(host) === 6 ? `[${host}]` : host === '0.0.0.0' ? 'localhost' : host}:${port}${base}`;
  onEvent({ type: 'listening', url, port, requestedPort });
  // Read once listening, so the address is out first; requests that come sooner wait for it.
  const settled = session.start().catch((error: unknown) => onEvent({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
  responder.ready = settled;

  let watcher: Watcher | undefined;
  if (options.watch !== false) {
    try {
      watcher = await watchSite(root, (changes) => void session.changed(changes));
    } catch (error) {
      onEvent({ type: 'watch-failed', message: error instanceof Error ? error.message : String(error) });
    }
  }
  return {
    url,
    port,
    ready: settled,
    changed: (changes) => session.changed(changes),
    idle: () => session.idle(),
    remembered: () => session.remembered,
    async close() {
      await watcher?.close();
      live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await settled;
      await session.stop();
      await session.idle();
    },
  };
}

/**
 * What `/mcp` reads: the model the session serves now (the last one without errors), with the
 * search index and the pages' Markdown made as the browser's are (kept across changes, rendered in
 * a render thread), so that an AI client reads what the preview shows.
 */
function sessionDocs(session: DevSession, ready: () => Promise<void>, base: string): McpDocs {
  const snapshots = new WeakMap<object, DocsSnapshot>();
  return {
    name: () => session.model?.site.config.name,
    async current() {
      await ready();
      const model = session.model;
      if (!model) return { problem: 'The site has errors, which docjet dev shows in the terminal and on every page; the tools answer once they are fixed.' };
      let snapshot = snapshots.get(model);
      if (!snapshot) {
        snapshot = snapshotOf(model.site, base, {
          searchFiles: () => searchIndexOf(session, model.sources, model.site, base),
          markdown: async (route) => (await session.markdown(route))?.text,
        });
        snapshots.set(model, snapshot);
      }
      return snapshot;
    },
  };
}

/** Listens on `port`, or the next free one of PORT_ATTEMPTS; returns the port it got. */
async function listenFrom(server: Server, port: number, host: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const candidate = port === 0 ? 0 : port + attempt;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      return typeof address === 'object' && address ? address.port : candidate;
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || port === 0 || attempt + 1 >= PORT_ATTEMPTS || candidate >= 65535) throw error;
    }
  }
}

/**
 * Whether a request's Host header names this server: localhost, an IP address, or the name given
 * with `--host`. A web page cannot make its browser send another site's requests with one of these
 * names, so a DNS name pointed at 127.0.0.1 (DNS rebinding) cannot reach the preview.
 */
export function allowsHost(header: string | undefined, host: string): boolean {
  if (header === undefined) return true;
  const name = header
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0 || name === host.toLowerCase();
}

/** A positive number of ms from the environment, else undefined. */
function positive(text: string | undefined): number | undefined {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

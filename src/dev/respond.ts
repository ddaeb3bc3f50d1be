/**
 * How `docjet dev` answers one request. In order: docjet's own files (`/_docjet/…`: the stylesheet
 * and script bundle, navigation fragments, schema fragments, KaTeX, mermaid, the dev client and its events), a page's
 * Markdown version (`/route.md`, or `Accept: text/markdown`), a page's RSS feed (`/route/rss.xml`), a page of the site (rendered on
 * request), a static file, the site's `llms.txt` and `llms-full.txt`, a redirect (301 or 302, as docs.json says, and
 * `/` to the first page), the default favicon, else the site's 404 page with status 404. Nothing is cached by the browser (`Cache-Control: no-store`): what it shows is what
 * is on disk.
 *
 * Static files are only those `build` would copy (the scan's files: no dot-folders, node_modules,
 * output folder or docjet cache, nothing `.mintignore` leaves out), and only when their real path
 * is still inside the site. Nothing else of the disk is reachable, and folders are never listed.
 */
import { realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { katexAssets } from '../content/mdx/math.ts';
import { ASSETS_FOLDER } from '../render/assets.ts';
import { DEV_UTILITIES_FILE } from '../render/site-rendering.ts';
import { mermaidScript } from '../output/copy.ts';
import { llmsTxt, partitions, renderLlmsFullTxt } from '../render/llms.ts';
import { createPageMarkdown } from '../render/page-markdown.ts';
import { defaultFavicon } from '../output/favicon.ts';
import { NAV_FOLDER } from '../render/shell/fragments.ts';
import { CARDS_FOLDER, cardName, wantsCard } from '../render/card-name.ts';
import { createCardDrawer, type CardDrawer } from '../render/social-card.ts';
import { isFragmentId, SCHEMA_FOLDER } from '../render/endpoint/schema-fragment.ts';
import { SAMPLES_FOLDER } from '../render/endpoint/samples-file.ts';
import { SEARCH_FOLDER, searchIndexOf } from '../search/index.ts';
import { CLIENT_PATH, clientScript } from './client-script.ts';
import { EVENTS_PATH, type LiveReload } from './live-reload.ts';
import { answerMcp, isMcpRequest } from './mcp/http.ts';
import type { McpDocs } from './mcp/docs.ts';
import { openRegularFile } from './regular-file.ts';
import { contentType, realFileInside, requestPath, resolveInside } from './request-files.ts';
import type { DevSession, PageAnswer } from './session.ts';
import type { DevSite } from './site-model.ts';
import { resolveRequest } from '../validate/resolve-request.ts';

/** What a request is answered with. */
type Answer = { kind: 'body'; status: number; type: string; body: string | Buffer } | { kind: 'file'; file: string } | { kind: 'redirect'; status: 301 | 302; location: string };

const ALLOWED = 'GET, HEAD';
const FEED_TYPE = 'application/rss+xml; charset=utf-8';
const NO_STORE = 'no-store';

export interface Responder {
  session: DevSession;
  live: LiveReload;
  root: string;
  /** Resolves once the site was read the first time: requests that come sooner wait for it. */
  ready: Promise<void>;
  allowsHost(host: string | undefined): boolean;
  /** What `/mcp` answers from: the site this server shows. */
  mcp: McpDocs;
}

export async function respond(responder: Responder, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  // A page of another site reaching this server through a DNS name that it points at 127.0.0.1 (DNS rebinding).
  if (!responder.allowsHost(request.headers.host)) return send(response, method, plain(403, 'docjet dev answers requests for localhost only; pass --host to serve another name.'));
  // The site for AI tools (mcp/http.ts): its own methods, the same Host rule as every request.
  if (isMcpRequest(request, '/')) return answerMcp(responder.mcp, request, response);
  if (method !== 'GET' && method !== 'HEAD')
    return send(response, method, { kind: 'body', status: 405, type: 'text/plain; charset=utf-8', body: 'Method not allowed' }, { allow: ALLOWED });
  const requested = requestPath(request.url ?? '/');
  if ('status' in requested && requested.status === 400) return send(response, method, plain(400, 'Bad request'));
  const relative = 'path' in requested ? requested.path : undefined;
  if (relative === CLIENT_PATH) return send(response, method, { kind: 'body', status: 200, type: 'text/javascript; charset=utf-8', body: clientScript() });
  if (relative === EVENTS_PATH && method === 'GET') return listen(responder, request, response);
  await responder.ready;
  const answer = relative === undefined ? await notFound(responder) : await answerFor(responder, relative, request);
  return send(response, method, answer);
}

/** A page opens its live-reload stream: refused from another origin; else told its state first (once the site is read). */
async function listen({ session, live, ready }: Responder, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const query = (request.url ?? '').split('?')[1] ?? '';
  const decoded = requestPath(new URLSearchParams(query).get('page') ?? '/');
  const listener = live.accept(request, response, 'path' in decoded ? decoded.path : '', undefined);
  if (!listener) return;
  await ready;
  listener.send(await session.hello(listener));
}

async function answerFor(responder: Responder, relative: string, request: IncomingMessage): Promise<Answer> {
  const { session } = responder;
  const model = session.model;
  if (!model) {
    if (relative.startsWith(`${ASSETS_FOLDER}/`)) return (await docjetFile(responder, relative.slice(ASSETS_FOLDER.length + 1))) ?? notFound(responder);
    return pageAnswer(responder, relative, request.headers['x-docjet-dev'] === undefined);
  }
  const target = resolveRequest(model, relative, request.headers.accept);
  switch (target.kind) {
    case 'docjet':
      return (await docjetFile(responder, target.name)) ?? notFound(responder);
    case 'markdown':
      return markdownAnswer(responder, target.route);
    case 'feed': {
      const xml = await responder.session.feed(target.route);
      if (xml !== undefined) return { kind: 'body', status: 200, type: FEED_TYPE, body: xml };
      break;
    }
    case 'page':
      return pageAnswer(responder, relative, request.headers['x-docjet-dev'] === undefined);
    case 'asset': {
      const file = await siteFile(responder.root, relative);
      if (file) return { kind: 'file', file };
      break;
    }
    case 'llms':
      return { kind: 'body', status: 200, type: 'text/plain; charset=utf-8', body: await llmsFile(model, relative, target.name) };
    case 'redirect':
      return { kind: 'redirect', status: target.permanent ? 301 : 302, location: locationOf(target.to) };
    case 'favicon':
      return { kind: 'body', status: 200, type: contentType(relative), body: defaultFavicon(model.site.config.colors?.primary) };
    case 'missing':
      break;
  }
  // Recorded like a page: its live-reload stream then compares with this 404, not with the page that was here before.
  return notFound(responder, relative, request.headers['x-docjet-dev'] === undefined);
}

/** A page's Markdown, made on request from what is on disk now, in a render thread (session.ts). */
async function markdownAnswer(responder: Responder, route: string): Promise<Answer> {
  const answer = await responder.session.markdown(route);
  if (!answer) return notFound(responder);
  return { kind: 'body', status: answer.status, type: 'text/markdown; charset=utf-8', body: answer.text };
}

/**
 * `llms.txt` or `llms-full.txt` of a version and language (`resolveRequest` found its folder).
 * `llms-full.txt` holds every page's Markdown, made on request from what is on disk now, as `/route.md` is.
 */
async function llmsFile(model: DevSite, relative: string, name: 'llms.txt' | 'llms-full.txt'): Promise<string> {
  const partition = partitions(model.site).find((each) => each.folder + name === relative)!;
  const { base, siteUrl } = model.rendering.options;
  if (name === 'llms.txt') return llmsTxt(model.site, partition, { base, siteUrl, apis: model.apis, published: model.assets });
  return renderLlmsFullTxt(partition, model.site, createPageMarkdown({ site: model.site, base }));
}

/** A page (`record`: for a browser's navigation, not the dev client's own fetch). */
async function pageAnswer({ session }: Responder, relative: string, record: boolean): Promise<Answer> {
  return html(await session.page(relative, record));
}

/** The 404 page; `record` a browser's navigation to `path`, as for a page. */
async function notFound({ session }: Responder, path?: string, record = false): Promise<Answer> {
  return html(await session.notFound(path, record));
}

function html(page: PageAnswer): Answer {
  return { kind: 'body', status: page.status, type: 'text/html; charset=utf-8', body: page.html };
}

/** One of docjet's files under `_docjet/`: undefined when there is none by that name. */
async function docjetFile({ session }: Responder, name: string): Promise<Answer | undefined> {
  const rendering = session.model?.rendering;
  if (!rendering) return undefined;
  const { css, js, playground, samples, fields, analytics } = rendering.bundle;
  if (`${ASSETS_FOLDER}/${name}` === DEV_UTILITIES_FILE) return { kind: 'body', status: 200, type: 'text/css; charset=utf-8', body: await session.utilities.text() };
  for (const asset of [css, js, playground, samples, fields, analytics]) {
    if (`${ASSETS_FOLDER}/${name}` === asset.file) return { kind: 'body', status: 200, type: contentType(asset.file), body: asset.text };
  }
  for (const script of [rendering.search.entry, rendering.search.dialog]) {
    if (name === script.file) return { kind: 'body', status: 200, type: contentType(script.file), body: script.text };
  }
  // The search index is made on the first search, not when dev starts (src/search/index.ts).
  if (name.startsWith(`${SEARCH_FOLDER}/`) && session.model) {
    const { sources, site } = session.model;
    const file = (await searchIndexOf(session, sources, site, rendering.options.base)).get(name.slice(SEARCH_FOLDER.length + 1));
    return file === undefined ? undefined : { kind: 'body', status: 200, type: contentType(name), body: file };
  }
  const fragment = name.startsWith(`${NAV_FOLDER}/`) ? rendering.fragments.get(name.slice(NAV_FOLDER.length + 1).replace(/\.html$/, '')) : undefined;
  if (fragment !== undefined) return { kind: 'body', status: 200, type: 'text/html; charset=utf-8', body: fragment };
  // A schema fragment a page rendered here links to, made on request from the spec as it is now.
  const schema = name.startsWith(`${SCHEMA_FOLDER}/`) && name.endsWith('.html') ? name.slice(SCHEMA_FOLDER.length + 1, -'.html'.length) : undefined;
  if (schema !== undefined && session.model && isFragmentId(schema)) {
    const rendered = await session.fragmentById(schema);
    if (rendered) return { kind: 'body', status: 200, type: 'text/html; charset=utf-8', body: rendered.html };
  }
  // The request samples a page rendered lately leaves out (src/render/endpoint/samples-file.ts).
  const samplesName = name.startsWith(`${SAMPLES_FOLDER}/`) && name.endsWith('.html') ? name.slice(SAMPLES_FOLDER.length + 1, -'.html'.length) : undefined;
  const samplesFile = samplesName === undefined ? undefined : session.samplesFile(samplesName);
  if (samplesFile !== undefined) return { kind: 'body', status: 200, type: 'text/html; charset=utf-8', body: samplesFile };
  // A page's generated social card (`thumbnails`), drawn on request (or taken from the cache).
  if (name.startsWith(`${CARDS_FOLDER}/`) && session.model?.site.config.thumbnails) {
    const card = await cardAnswer(session.model, name.slice(CARDS_FOLDER.length + 1));
    if (card) return card;
  }
  if (name === 'mermaid.min.js') return { kind: 'file', file: mermaidScript() };
  const katex = katexAssets();
  if (name === 'katex/katex.min.css') return { kind: 'file', file: katex.css };
  if (name.startsWith('katex/fonts/')) {
    const fonts = await realpath(katex.fonts);
    const candidate = resolveInside(fonts, name.slice('katex/fonts/'.length));
    const file = candidate && (await realFileInside(fonts, candidate));
    if (file) return { kind: 'file', file };
  }
  return undefined;
}

const cardDrawers = new WeakMap<DevSite, Promise<CardDrawer>>();

/** The card named `name` of a page of the site, if one has that name. */
async function cardAnswer(model: DevSite, name: string): Promise<Answer | undefined> {
  const config = model.site.config;
  const page = [...model.site.pages.values()].find((each) => wantsCard(config, each) && cardName(config, each) === name);
  if (!page) return undefined;
  let drawer = cardDrawers.get(model);
  if (!drawer) cardDrawers.set(model, (drawer = createCardDrawer(model.site.root, config)));
  return { kind: 'body', status: 200, type: 'image/png', body: await (await drawer).draw(page) };
}

/** A static file of the site, by its real path, when that is still a file inside the site. */
async function siteFile(root: string, relative: string): Promise<string | undefined> {
  const real = await realpath(root).catch(() => undefined);
  const candidate = real && resolveInside(real, relative);
  return candidate ? realFileInside(real, candidate) : undefined;
}

/** A redirect's target as a Location header: percent-encoded, never anything but ASCII. */
function locationOf(to: string): string {
  if (to.startsWith('/')) {
    const url = new URL(to, 'http://localhost');
    return url.pathname + url.search + url.hash;
  }
  try {
    return new URL(to).href;
  } catch {
    return encodeURI(to);
  }
}

function plain(status: number, text: string): Answer {
  return { kind: 'body', status, type: 'text/plain; charset=utf-8', body: text };
}

async function send(response: ServerResponse, method: string, answer: Answer, extra: Record<string, string> = {}): Promise<void> {
  const head = method === 'HEAD';
  if (answer.kind === 'redirect') {
    response.writeHead(answer.status, { location: answer.location, 'cache-control': NO_STORE, ...extra });
    response.end();
    return;
  }
  if (answer.kind === 'body') {
    response.writeHead(answer.status, { 'content-type': answer.type, 'content-length': Buffer.byteLength(answer.body), 'cache-control': NO_STORE, ...extra });
    response.end(head ? undefined : answer.body);
    return;
  }
  // Opened without waiting, and only if still a regular file: a named pipe renamed over it since would never be read.
  const opened = await openRegularFile(answer.file).catch(() => undefined);
  if (!opened) return send(response, method, plain(404, 'Not found'), extra);
  const { handle, size } = opened;
  response.writeHead(200, { 'content-type': contentType(answer.file), 'content-length': size, 'cache-control': NO_STORE, ...extra });
  if (head) {
    response.end();
    await handle.close();
    return;
  }
  // The reader may have gone while the file was opened: its 'close' has passed (as in docjet serve).
  if (response.destroyed) {
    await handle.close().catch(() => undefined);
    return;
  }
  const stream = handle.createReadStream();
  stream.once('error', () => response.destroy());
  response.once('close', () => stream.destroy());
  stream.pipe(response);
}

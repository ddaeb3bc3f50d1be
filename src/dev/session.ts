/**
 * One run of `docjet dev`: the site as last resolved without errors (and the pages rendered from
 * it, by content hash), the errors of the latest attempt when it failed, and what the open pages
 * were last told. A change reads again only what it touched, then each open page is rendered
 * again and told only if what it shows changed: its HTML (swapped in place or reloaded), or its
 * overlay. A change that breaks the site keeps the last good one on screen, under the overlay.
 * While the reader reads, in idle time (idle.ts): the pages the open one links to are rendered
 * (prerender.ts), the grammars of the site's code compiled (grammar-warmup.ts), then the pages
 * slowest to render rendered (slow-pages.ts).
 *
 * Code in a grammar not compiled yet is shown uncoloured rather than making the page wait (up to
 * half a second for a page with several languages): the grammar is compiled first thing in idle
 * time, then each open page showing such code is told to colour it in place.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { escapeHtml } from '../shared/html-escape.ts';
import { isMissing } from '../shared/fs-errors.ts';
import { plural, sortDiagnostics, type Diagnostic } from '../shared/diagnostics.ts';
import { diagnostic } from '../shared/messages.ts';
import type { RenderedFragment } from '../render/page.ts';
import type { SchemaFragment } from '../render/endpoint/schema-fragment.ts';
import type { Page } from '../site/types.ts';
import { createCodeHighlighter, type CodeHighlighter, type Step } from '../render/highlight.ts';
import { pageHref } from '../render/links.ts';
import { analyticsSettings } from '../render/analytics.ts';
import { isEmptyPlan, planChanges, type ChangePlan } from './changes.ts';
import { CLIENT_PATH } from './client-script.ts';
import type { Listener, LiveEvent } from './live-reload.ts';
import { overlayEntries, type OverlayEntry } from './overlay.ts';
import { hashOf, PageCache, type CachedPage } from './page-cache.ts';
import { checkRegularFile, contentStamp } from './regular-file.ts';
import { RenderThreads, RenderTimeout, type HangHook } from './render-threads.ts';
import { idleSteps, sampleOf, warmGrammars } from './grammar-warmup.ts';
import { IdleQueue } from './idle.ts';
import { LinkPrerenderer } from './prerender.ts';
import { LiveUtilities } from './utilities.ts';
import { SlowPages } from './slow-pages.ts';
import { modelSummary, resolveModel, type DevSite } from './site-model.ts';
import { pageFileAt, readSources, rereadPage, rescanSources, type SiteSources } from './site-sources.ts';
import type { FileChange } from './watch.ts';
import { anchorPages, resolveLinks } from '../validate/links.ts';

/** A page as a browser gets it: the page, the site's 404 page, or (no site could be resolved yet) the errors. */
export interface PageAnswer {
  status: 200 | 404 | 500;
  html: string;
  hash: string;
  /** The page's own problems: its frontmatter's and its rendering's. */
  diagnostics: Diagnostic[];
}

/** What the terminal is told. */
export type SessionEvent =
  | {
      type: 'ready';
      ok: boolean;
      pages: number;
      endpointPages: number;
      warnings: number;
      diagnostics: Diagnostic[];
      milliseconds: number;
      /** `integrations` keys that would load on built pages but not here (no `--analytics`), for the terminal to say so. */
      analyticsOff?: string[];
    }
  | { type: 'change'; files: string[]; ok: boolean; rebuilt: string; milliseconds: number; diagnostics: Diagnostic[] }
  | { type: 'page'; route: string; diagnostics: Diagnostic[] }
  /** The grammars of the site's code were compiled, most-used first, after the first page (grammar-warmup.ts). */
  | { type: 'warmed'; grammars: string[]; milliseconds: number }
  /** The pages guessed slow to render were rendered ahead of the reader, after the first page or a new model (slow-pages.ts). */
  | { type: 'ahead'; routes: string[]; milliseconds: number };

interface Current {
  model: DevSite;
  cache: PageCache;
  /**
   * By route: the `#fragment`s its links give other pages that have no such id (`anchor-missing`),
   * found once those pages' ids were known (`checkOtherAnchors`), for the version of it with `hash`.
   */
  otherAnchors: BoundedMap<string, { hash: string; diagnostics: Diagnostic[] }>;
}

export class DevSession {
  /** This run, so that a page open across a restart of the server reloads. */
  readonly instance = randomUUID();
  private sources: SiteSources | undefined;
  private current: Current | undefined;
  /** Errors of the latest resolve, when it failed: shown over every page until fixed. */
  private problems: Diagnostic[] = [];
  private configFiles = new Set(['docs.json', 'mint.json']);
  /**
   * Hash of the HTML last served for each path: a page that connects with an older one is stale.
   * The most recent PATHS_KEPT paths: a browser's open pages are among them, and 60,000 distinct
   * missing addresses asked for no longer cost a gigabyte.
   */
  private readonly served = new BoundedMap<string, string>(PATHS_KEPT);
  /** The problems last printed for each route, to print a page's problems once. */
  private readonly printed = new BoundedMap<string, string>(FILES_KEPT);
  private queue: Promise<void> = Promise.resolve();
  /** The frontmatter cache being written after the start. */
  private saving: Promise<void> = Promise.resolve();
  /** Content stamp of each file as last handled (regular-file.ts): a second event for the same save is not a change. */
  private readonly handled = new BoundedMap<string, string>(FILES_KEPT);
  /** Where pages are rendered: threads with a deadline per render, so that a runaway page cannot block the server. */
  private readonly threads: RenderThreads;
  /** Which model the threads render: bumped with each model resolved. */
  private modelId = 0;
  /** Schema fragments the pages rendered in the threads link to, by id, for the model served now. */
  private fragments = new BoundedMap<string, SchemaFragment>(FILES_KEPT);
  /** The request samples files of the pages rendered lately (src/render/endpoint/samples-file.ts), by name: ~20 KB each. */
  private samples = new BoundedMap<string, string>(SAMPLES_KEPT);
  /** Work done while the reader reads, between requests: pages rendered ahead, grammars compiled. */
  private readonly idleTasks = new IdleQueue();
  /** The pages the open page links to, rendered while the reader reads. */
  private readonly prerender: LinkPrerenderer;
  /** Compiling the grammars of the site's code, from the first page on. */
  private warming: Promise<void> | undefined;
  /** The pages slowest to render, rendered while the reader reads: once the grammars are compiled, again with each new model. */
  private readonly slowPages: SlowPages;
  private slowPagesStarted = false;
  /** Grammars waiting to be compiled for code shown uncoloured. */
  private readonly colouring = new Set<string>();
  private readonly stopping = new AbortController();
  /** The checks of other pages' anchors, one after another, and the latest asked for each route (a newer one replaces it). */
  private otherAnchorsRun: Promise<void> = Promise.resolve();
  private readonly otherAnchorsAsked = new BoundedMap<string, number>(FILES_KEPT);
  private otherAnchorsAsks = 0;
  /** The route last served to a browser's navigation: its check goes on before its live-reload stream connects. */
  private lastViewed: string | undefined;
  /** The CSS of the Tailwind utilities the pages rendered so far use. */
  readonly utilities = new LiveUtilities();
  /** The version of that CSS each open page has. */
  private readonly utilityVersions = new WeakMap<Listener, number>();

  constructor(
    private readonly options: {
      root: string;
      base: string;
      extraScripts: readonly string[];
      listeners: () => readonly Listener[];
      onEvent: (event: SessionEvent) => void;
      /** Per render, in ms (render-threads.ts DEFAULT_DEADLINE_MS); tests shorten it. */
      renderDeadlineMs?: number | undefined;
      /** Test hook: a route whose first render never ends, with its own deadline (render-threads.ts HangHook). */
      hang?: HangHook | undefined;
      allowPrivateNetwork?: boolean;
      /** Pages load the site's `integrations` (`docjet dev --analytics`). */
      analytics?: boolean;
      /** Test hook: false leaves out the work done ahead of the reader (DevOptions.ahead). */
      ahead?: boolean;
    },
  ) {
    this.threads = new RenderThreads({
      deadlineMs: options.renderDeadlineMs,
      hang: options.hang,
      onLater: (grammar, code) => this.colourLater(this.threadGrammars, grammar, code),
    });
    this.prerender = new LinkPrerenderer({ base: options.base, idle: this.idleTasks, render: (route) => this.renderAhead(route) });
    this.slowPages = new SlowPages({ root: options.root, idle: this.idleTasks, render: (route) => this.renderAhead(route) });
  }

  /** Request paths remembered (what each was last served): at most PATHS_KEPT. */
  get remembered(): number {
    return this.served.size;
  }

  get model(): DevSite | undefined {
    return this.current?.model;
  }

  /** Reads and resolves the site the first time; changes seen meanwhile are handled after it. */
  start(): Promise<void> {
    this.queue = this.load();
    return this.queue;
  }

  private async load(): Promise<void> {
    const started = performance.now();
    // The render thread loads the renderer while the site is read.
    this.threads.warmUp();
    // The highlighter's WebAssembly compiles while the site's files are read, not after.
    const highlight = createCodeHighlighter({ langs: [] }).catch(() => undefined);
    const read = await readSources(this.options.root);
    this.sources = read.sources;
    const highlighter = await highlight;
    highlighter?.colourLater((grammar, code) => this.colourLater(highlighter, grammar, code));
    const resolved = await this.resolve(this.sources, highlighter);
    const model = this.current?.model;
    const summary = model ? modelSummary(model) : { pages: 0, endpointPages: 0, warnings: 0 };
    const diagnostics = resolved ? (model?.diagnostics ?? []) : this.problems;
    const integrations = model?.site.config.integrations;
    const analyticsOff = !this.options.analytics && analyticsSettings(integrations) ? Object.keys(integrations ?? {}) : [];
    this.options.onEvent({ type: 'ready', ok: resolved, ...summary, diagnostics, milliseconds: performance.now() - started, ...(analyticsOff.length > 0 ? { analyticsOff } : {}) });
    // The home page, rendered while the browser starts: the first render also loads what every
    // page needs (grammars, icons), so the first request finds it done or under way. The
    // frontmatter cache for the next start is written after it in idle time, pausing between its
    // batches: 60 ms of a core on mintlify's docs, which the pages asked for right after the
    // first page shared with it.
    const home = model?.site.home;
    const warm =
      home === undefined || this.options.ahead === false
        ? Promise.resolve()
        : this.render(home).then(
            () => undefined,
            () => undefined,
          );
    this.saving = warm.then(() => this.idleTasks.run(() => read.save(() => this.idleTasks.pause())));
  }

  /**
   * Handles a batch of changes after those before it; never throws (a failure is reported as a
   * change that failed). Work ahead of the reader waits meanwhile, as for a request: the open page
   * is rendered again and told.
   */
  changed(changes: readonly FileChange[]): Promise<void> {
    this.queue = this.queue.then(() => this.idleTasks.serving(() => this.apply(changes)));
    return this.queue;
  }

  /** Resolves once every change handed over so far is handled, and the cache is written. */
  async idle(): Promise<void> {
    await Promise.all([this.queue, this.saving]);
  }

  /** The page at a decoded path (`guides/install/`), or the 404 page; `record` when it goes to a browser's navigation. */
  async page(path: string, record = false): Promise<PageAnswer> {
    const answer = await this.idleTasks.serving(() => this.render(path));
    if (record) {
      this.served.set(path, answer.hash);
      if (answer.status === 200) {
        this.lastViewed = routeOf(path);
        this.checkOtherAnchors(this.lastViewed);
        if (this.options.ahead !== false) this.workAhead(path, answer.html);
      }
    }
    return answer;
  }

  /** The pages `path` links to rendered, the grammars of the site's code compiled, then the slow pages, while the reader reads it. */
  private workAhead(path: string, html: string): void {
    this.prerender.follow(routeOf(path), html);
    // The slow pages after the grammars: a page opened right after the first waits for one
    // step of background work at most, and a grammar's step is shorter than a slow page.
    this.warming ??= this.warmGrammars().then(() => {
      if (!this.stopping.signal.aborted) this.renderSlowPages();
    });
  }

  /** Stops the work done ahead of the reader (the server is closing). */
  async stop(): Promise<void> {
    this.stopping.abort();
    // Renders under way (a runaway page's too) end now: the threads are terminated.
    await this.threads.close();
    await Promise.all([this.prerender.stop(), this.slowPages.stop(), this.warming, this.otherAnchorsRun]);
  }

  /** The threads' grammars, compiled where pages are rendered. */
  private readonly threadGrammars = {
    warm: (grammar: string, code: string, step?: Step) => (step ? step(() => this.threads.warm(grammar, code)) : this.threads.warm(grammar, code)),
  };

  /**
   * A page's Markdown version (`/route.md`), made in a render thread from what is on disk now
   * (snippets and specs read afresh): undefined when the page is gone; past the deadline, the
   * Markdown says it was stopped.
   */
  async markdown(route: string): Promise<{ status: 200 | 500; text: string } | undefined> {
    const page = this.current?.model.site.pages.get(route);
    if (!this.current || !page) return undefined;
    try {
      if (page.source.type === 'file') await checkRegularFile(path.join(this.options.root, page.source.file));
      return { status: 200, text: (await this.threads.render(this.modelId, route, false, true)).html };
    } catch (error) {
      if (isMissing(error)) return undefined;
      const problem = failureProblem(page, error);
      if (!problem) throw error;
      return { status: 500, text: `${problem.file}: ${problem.message}. ${problem.fix ?? ''}\n` };
    }
  }

  /**
   * A page's RSS feed (`/route/rss.xml`), made in a render thread from what is on disk now:
   * undefined when the page is gone or has no feed.
   */
  async feed(route: string): Promise<string | undefined> {
    const page = this.current?.model.site.pages.get(route);
    if (!this.current || !page) return undefined;
    try {
      if (page.source.type === 'file') await checkRegularFile(path.join(this.options.root, page.source.file));
      return (await this.threads.render(this.modelId, route)).feed;
    } catch (error) {
      if (isMissing(error) || failureProblem(page, error)) return undefined;
      throw error;
    }
  }

  /**
   * The request samples file a page rendered lately links to, by name; undefined for one no such
   * page links to (the page's script then writes its samples itself, uncoloured).
   */
  samplesFile(name: string): string | undefined {
    return this.samples.get(name);
  }

  /** A schema fragment a page rendered here links to, by id (dev serves them on request). */
  async fragmentById(id: string): Promise<RenderedFragment | undefined> {
    const model = this.current?.model;
    if (!model) return undefined;
    const fragment = this.fragments.get(id);
    return fragment ? model.renderer.fragment(fragment) : model.renderer.fragmentById(id);
  }

  /** Renders the pages guessed slow of the model served now, in idle time; says so when done. */
  private renderSlowPages(): void {
    const pages = this.current?.model.site.pages.values();
    if (!pages) return;
    this.slowPagesStarted = true;
    const started = performance.now();
    void this.slowPages.start(pages).then((routes) => {
      if (routes && !this.stopping.signal.aborted) this.options.onEvent({ type: 'ahead', routes, milliseconds: performance.now() - started });
    });
  }

  /** Compiles the grammars of the site's code in idle time, after the first page went out, not before it. */
  private async warmGrammars(): Promise<void> {
    const started = performance.now();
    const files = [...(this.sources?.files.pages.values() ?? [])].map((page) => page.file);
    const grammars = await warmGrammars({
      root: this.options.root,
      files,
      idle: this.idleTasks,
      highlighter: () => (this.current ? this.threadGrammars : undefined),
      signal: this.stopping.signal,
    }).catch(() => []);
    if (!this.stopping.signal.aborted) this.options.onEvent({ type: 'warmed', grammars, milliseconds: performance.now() - started });
  }

  /** Compiles `grammar` (with a block that showed uncoloured) before other idle work, step by step, then colours the open pages that show it. */
  private colourLater(highlighter: Pick<CodeHighlighter, 'warm'>, grammar: string, code: string): void {
    if (this.colouring.has(grammar)) return;
    this.colouring.add(grammar);
    const warm = highlighter.warm(grammar, sampleOf(code), idleSteps(this.idleTasks, this.stopping.signal, { first: true }));
    void warm.then(
      () => {
        this.colouring.delete(grammar);
        // A render the closing server stopped rejects: nothing waits for this work then, so it must not reject.
        if (!this.stopping.signal.aborted) this.queue = this.queue.then(() => this.recolour()).catch(() => undefined);
      },
      () => this.colouring.delete(grammar),
    );
  }

  /** Renders the open pages again with the colours now known: a page whose only change is its code's colours colours it in place. */
  private async recolour(): Promise<void> {
    const current = this.current;
    if (!current) return;
    current.cache.recoloured();
    for (const listener of this.options.listeners()) {
      const before = listener.hash;
      const answer = await this.render(listener.path);
      if (before === undefined || answer.hash === before) continue;
      listener.hash = answer.hash;
      const page = current.model.site.pages.get(routeOf(listener.path));
      const coloursOnly = page !== undefined && (await current.cache.colouredSince(page, before));
      listener.send(coloursOnly ? { type: 'colours' } : { type: 'content', overlay: await this.overlay(answer) });
    }
  }

  /**
   * Checks the `#fragment`s a page's links give other pages against those pages' ids, after the
   * page went out: each page it links to is taken from the cache, or rendered in idle time, one at
   * a time (a page linking 500 others delays no request), then the problems are kept for this
   * version of the page and its open views' overlays told. Stops when asked again for the page,
   * or once the page is neither open nor the last one served.
   */
  private checkOtherAnchors(route: string): void {
    const current = this.current;
    const page = current?.model.site.pages.get(route);
    if (!current || !page) return;
    const asked = ++this.otherAnchorsAsks;
    this.otherAnchorsAsked.set(route, asked);
    const stale = (): boolean =>
      this.stopping.signal.aborted ||
      this.current !== current ||
      this.otherAnchorsAsked.get(route) !== asked ||
      (this.lastViewed !== route && !this.options.listeners().some((listener) => routeOf(listener.path) === route));
    const check = async (): Promise<void> => {
      if (stale()) return;
      const viewed = await this.idleTasks.run(() => current.cache.get(page));
      if (!viewed.links || stale()) return;
      const pages = [viewed.links];
      for (const linked of anchorPages(current.model, this.options.base, viewed.links)) {
        const target = current.model.site.pages.get(linked);
        const links = target && (await this.idleTasks.run(async () => (stale() ? undefined : current.cache.linksAhead(target).catch(() => undefined))));
        if (stale()) return;
        if (links) pages.push({ route: linked, urls: [], ids: links.ids });
      }
      const { root, base } = this.options;
      const followed = await resolveLinks({ root, base, targets: current.model, pages, pagesOnly: true, otherPagesAnchorsOnly: true });
      if (stale()) return;
      current.otherAnchors.set(route, { hash: viewed.hash, diagnostics: followed.diagnostics });
      for (const listener of this.options.listeners()) {
        if (routeOf(listener.path) !== route || listener.hash !== viewed.hash) continue;
        const overlay = await this.overlay(await this.render(listener.path));
        if (JSON.stringify(overlay) !== listener.overlay) listener.send({ type: 'overlay', overlay });
      }
    };
    this.otherAnchorsRun = this.otherAnchorsRun.then(check).catch(() => undefined);
  }

  /** A page rendered ahead of the reader, into the cache: how long it took (undefined: cached, or gone); nothing is printed (the reader has not opened it). */
  private async renderAhead(route: string): Promise<number | undefined> {
    const current = this.current;
    const page = current?.model.site.pages.get(route);
    return current && page ? current.cache.ahead(page) : undefined;
  }

  /**
   * The site's 404 page (status 404), without its jump home: in a preview the writer should see
   * that a page is missing (a mistyped address, the open page renamed) and stay where they are.
   */
  async notFound(path?: string, record = false): Promise<PageAnswer> {
    const current = this.current;
    if (!current) return problemsPage(this.problems, this.options.base);
    const html = current.model.renderer.notFound({ redirect: false });
    const answer: PageAnswer = { status: 404, html, hash: hashOf(html), diagnostics: [] };
    // A browser's navigation to a missing page: when its stream says hello, it is up to date (were
    // the hash of the page once at this path kept, the 404 would be told it is stale, and reload for ever).
    if (path !== undefined && record) this.served.set(path, answer.hash);
    return answer;
  }

  /** What the overlay of a page shows: the site's errors (while it is broken), then the page's problems. */
  async overlay(answer: PageAnswer): Promise<OverlayEntry[]> {
    return overlayEntries(this.options.root, [...this.problems, ...answer.diagnostics]);
  }

  /** The first event of a page that starts listening. */
  async hello(listener: Listener): Promise<LiveEvent> {
    // A request: work ahead of the reader (a grammar compiling) waits, so the page's colours cannot change under it.
    const answer = await this.idleTasks.serving(() => this.render(listener.path));
    const served = this.served.get(listener.path);
    listener.hash = answer.hash;
    this.utilityVersions.set(listener, this.utilities.version);
    const changed = served !== undefined && served !== answer.hash;
    const page = this.current?.model.site.pages.get(routeOf(listener.path));
    const colours = changed && page !== undefined && (await this.current!.cache.colouredSince(page, served));
    // Its overlay then follows the ids of the pages it links to as they are now (sent after this event: idle time).
    if (page) this.checkOtherAnchors(page.route);
    return { type: 'hello', instance: this.instance, overlay: await this.overlay(answer), stale: changed && !colours, colours };
  }

  private async render(path: string): Promise<PageAnswer> {
    const current = this.current;
    if (!current) return problemsPage(this.problems, this.options.base);
    const route = routeOf(path);
    const page = current.model.site.pages.get(route);
    if (!page) return this.notFound();
    let rendered: CachedPage;
    try {
      rendered = await current.cache.get(page);
    } catch (error) {
      // Its file went between the watcher's last batch and this read (a rename or a delete, whose
      // change is on its way): missing now, as the next resolve will say. Anything else is a bug.
      if (isMissing(error)) return this.notFound();
      throw error;
    }
    const meta = page.source.type === 'file' ? (current.model.sources.metaDiagnostics.get(page.source.id) ?? []) : [];
    const others = current.otherAnchors.get(route);
    const diagnostics = sortDiagnostics([...meta, ...rendered.diagnostics, ...(others?.hash === rendered.hash ? others.diagnostics : [])]);
    this.notePageProblems(route, diagnostics);
    return { status: rendered.failed ? 500 : 200, html: rendered.html, hash: rendered.hash, diagnostics };
  }

  /**
   * What a page that cannot be rendered shows, kept until its files change: a render past its
   * deadline (its thread was terminated), or a page file that cannot be read. Undefined for
   * anything else (a bug, which the request reports).
   */
  private failedPage(page: Page, error: unknown): CachedPage | undefined {
    const problem = failureProblem(page, error);
    if (!problem) return undefined;
    const html = problemsPage([problem], this.options.base, 'the page could not be rendered').html;
    return { html, hash: hashOf(html), diagnostics: [problem], failed: true };
  }

  /** Tells the terminal a page's problems when they differ from those it was last told. */
  private notePageProblems(route: string, diagnostics: Diagnostic[]): void {
    const key = JSON.stringify(diagnostics);
    if ((this.printed.get(route) ?? '[]') === key) return;
    this.printed.set(route, key);
    if (diagnostics.length > 0) this.options.onEvent({ type: 'page', route, diagnostics });
  }

  /**
   * Resolves the model from `sources`; true when it has no errors (and is now the one served). The
   * highlighter goes on from the last model's, so that a change does not compile every grammar again.
   */
  private async resolve(sources: SiteSources, first?: CodeHighlighter): Promise<boolean> {
    const highlight = this.current?.model.renderer.highlight ?? first;
    const result = await resolveModel({
      root: this.options.root,
      sources,
      base: this.options.base,
      extraScripts: this.options.extraScripts,
      highlight,
      allowPrivateNetwork: this.options.allowPrivateNetwork ?? false,
      analytics: this.options.analytics ?? false,
    });
    if (!result.ok) {
      this.configFiles = new Set([...this.configFiles, ...result.configFiles]);
      this.problems = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      return false;
    }
    this.configFiles = new Set(['docs.json', 'mint.json', ...result.model.configFiles]);
    this.problems = [];
    const model = ++this.modelId;
    this.threads.setModel(model, result.model.rendering.options);
    this.fragments = new BoundedMap(FILES_KEPT);
    this.samples = new BoundedMap(SAMPLES_KEPT);
    const threads = this.threads;
    const renderer = {
      render: async (page: Page, pause?: () => Promise<void>) => {
        // A page file that is not a regular file (a FIFO renamed over it) is never opened: its read would wait for ever.
        if (page.source.type === 'file') await checkRegularFile(path.join(this.options.root, page.source.file));
        const rendered = await threads.render(model, page.route, pause !== undefined);
        for (const fragment of rendered.fragments) this.fragments.set(fragment.id, fragment);
        if (rendered.samples) this.samples.set(rendered.samples.name, rendered.samples.html);
        this.utilities.add(rendered.html, result.model.site.config);
        return rendered;
      },
      invalidate: (file?: string) => threads.invalidate(file),
    };
    const cache = new PageCache(this.options.root, renderer, { pause: (hurry) => this.idleTasks.pause(hurry), failed: (page, error) => this.failedPage(page, error) });
    this.current = { model: result.model, cache, otherAnchors: new BoundedMap(FILES_KEPT) };
    // The new model's cache is empty: its slow pages are rendered again, once a reader is there.
    if (this.slowPagesStarted) this.renderSlowPages();
    return true;
  }

  private async apply(all: readonly FileChange[]): Promise<void> {
    const started = performance.now();
    const changes = await this.realChanges(all);
    const files = [...new Set(changes.map((change) => change.file))];
    if (files.length === 0) return;
    try {
      const sources = this.sources;
      if (!sources) return;
      const plan = planChanges(changes, {
        configFiles: this.configFiles,
        isPage: (file) => pageFileAt(sources, file) !== undefined,
        isAsset: (file) => sources.files.assets.includes(file),
      });
      if (isEmptyPlan(plan)) return;
      const before = this.current?.model.diagnostics ?? [];
      const outcome = await this.redo(sources, plan);
      const notified = await this.notify(plan);
      const diagnostics = outcome.ok ? newDiagnostics(before, this.current?.model.diagnostics ?? []) : this.problems;
      const rebuilt = `${outcome.did}${notified.length > 0 ? `; updated ${notified.map((path) => `/${path}`).join(', ')}` : ''}`;
      this.options.onEvent({ type: 'change', files, ok: outcome.ok, rebuilt, milliseconds: performance.now() - started, diagnostics });
    } catch (error) {
      // A bug must not stop the server: say it, keep serving what was there.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      this.options.onEvent({ type: 'change', files, ok: false, rebuilt: `failed: ${message}`, milliseconds: performance.now() - started, diagnostics: [] });
    }
  }

  /** The changes whose file differs from when it was last handled (watchers report one save several times). */
  private async realChanges(changes: readonly FileChange[]): Promise<FileChange[]> {
    const real: FileChange[] = [];
    for (const change of changes) {
      if (change.kind === 'delete') {
        this.handled.delete(change.file);
        real.push(change);
        continue;
      }
      // Never read whole, nor opened when it is not a regular file (regular-file.ts).
      const hash = await contentStamp(path.join(this.options.root, change.file));
      if (hash !== undefined && this.handled.get(change.file) === hash) continue;
      if (hash !== undefined) this.handled.set(change.file, hash);
      real.push(change);
    }
    return real;
  }

  /** Reads again what the plan says and resolves the model again if needed; says what was done. */
  private async redo(sources: SiteSources, plan: ChangePlan): Promise<{ ok: boolean; did: string }> {
    let next = sources;
    let model = plan.model || plan.rescan || this.problems.length > 0;
    if (plan.rescan) next = await rescanSources(this.options.root, sources, new Set(plan.pages));
    else {
      for (const file of plan.pages) {
        const page = pageFileAt(next, file);
        if (!page) continue;
        const reread = await rereadPage(this.options.root, next, page);
        next = reread.sources;
        model ||= reread.changed;
      }
    }
    this.sources = next;
    if (model) {
      const hadProblems = this.problems.length > 0;
      if (!(await this.resolve(next))) return { ok: false, did: `${plural(this.problems.length, 'error')}: still showing the last good site` };
      const summary = modelSummary(this.current!.model);
      return { ok: true, did: `${hadProblems ? 'fixed; ' : ''}site resolved again (${plural(summary.pages, 'page')}, ${plural(summary.warnings, 'warning')})` };
    }
    // The same model: the renderer forgets the files pages import, and page metadata is updated in place.
    const current = this.current;
    if (current) {
      current.model.sources = next;
      for (const file of plan.shared) current.cache.sharedFileChanged(file);
    }
    if (plan.pages.length > 0) return { ok: true, did: 'page read again' };
    if (plan.shared.length > 0) return { ok: true, did: 'included file read again' };
    return { ok: true, did: 'static file changed' };
  }

  /** Tells each open page what changed for it; returns the paths whose content changed. */
  private async notify(plan: ChangePlan): Promise<string[]> {
    const changed: string[] = [];
    const reloadAll = plan.assets.some((file) => this.current?.model.pageAssets.has(file));
    for (const listener of this.options.listeners()) {
      const answer = await this.render(listener.path);
      const uses = plan.assets.some((file) => answer.html.includes(`"${pageHref(file, this.options.base)}"`));
      if (reloadAll || uses) {
        listener.hash = answer.hash;
        listener.send({ type: 'reload' });
        changed.push(listener.path);
        continue;
      }
      const overlay = await this.overlay(answer);
      if (answer.hash !== listener.hash) {
        listener.hash = answer.hash;
        // A class no page used before: its CSS first, then the content that uses it.
        await this.utilities.settled();
        if (this.utilityVersions.get(listener) !== this.utilities.version) {
          this.utilityVersions.set(listener, this.utilities.version);
          listener.send({ type: 'utilities' });
        }
        listener.send({ type: 'content', overlay });
        changed.push(listener.path);
      } else if (JSON.stringify(overlay) !== listener.overlay) {
        listener.send({ type: 'overlay', overlay });
      }
    }
    // A page it links to may have renamed a heading: the open pages' anchors are checked again.
    for (const listener of this.options.listeners()) this.checkOtherAnchors(routeOf(listener.path));
    return [...new Set(changed)];
  }
}

/** A page's route from a decoded path (`guides/install/` → `guides/install`). */
function routeOf(path: string): string {
  return path.replace(/\/+$/, '');
}

/** What every path answers while no site could be resolved: the errors, as text (the dev client shows the overlay). */
function problemsPage(problems: readonly Diagnostic[], base: string, what = 'the site could not be read'): PageAnswer {
  const items = problems
    .map(
      (problem) =>
        `<li><code>${escapeHtml(`${problem.file}:${problem.line}:${problem.column}`)}</code> ${escapeHtml(problem.message)}${problem.fix ? `. ${escapeHtml(problem.fix)}` : ''}</li>`,
    )
    .join('');
  const title = what === 'the site could not be read' ? 'the site has errors' : what;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docjet dev: ${escapeHtml(title)}</title></head>` +
    `<body><main><h1>${escapeHtml(what[0]!.toUpperCase() + what.slice(1))}</h1><p>Fix these and the page shows:</p><ul>${items}</ul></main>` +
    `<script src="${base}${CLIENT_PATH}" defer></script></body></html>`;
  return { status: 500, html, hash: hashOf(html), diagnostics: [] };
}

/** Diagnostics in `after` that were not in `before`: what a change brought. */
function newDiagnostics(before: readonly Diagnostic[], after: readonly Diagnostic[]): Diagnostic[] {
  const known = new Set(before.map((diagnostic) => JSON.stringify(diagnostic)));
  return after.filter((diagnostic) => !known.has(JSON.stringify(diagnostic)));
}

/** Request paths remembered (`served`), the most recently used. */
export const PATHS_KEPT = 1_000;
/** Routes, files and fragments remembered each, the most recently used: bounded by the site, and by this. */
export const FILES_KEPT = 20_000;
/** Request samples files kept (`samplesFile`): those of the pages a reader opened and the pages rendered ahead of them. */
const SAMPLES_KEPT = 1_000;

/** A Map of at most `limit` entries: setting one past it drops the one set or read longest ago. */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly limit: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }
}

/** Why a page could not be rendered, when it is the writer's to fix: past its deadline, or its file cannot be read. */
function failureProblem(page: Page, error: unknown): Diagnostic | undefined {
  const file = page.source.type === 'file' ? page.source.file : page.source.spec;
  if (error instanceof RenderTimeout) return diagnostic('page-render-timeout', undefined, file, { route: page.route, seconds: error.milliseconds / 1000 });
  if (isUnreadable(error)) return diagnostic('page-unreadable', undefined, file, { reason: readReason(error) });
  return undefined;
}

/** A file that is there but cannot be read: permissions, not a regular file, a folder. */
function isUnreadable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EACCES' || code === 'EPERM' || code === 'EISDIR' || code === 'ENOTREG' || code === 'ELOOP' || code === 'EIO';
}

function readReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTREG' || code === 'EISDIR') return 'it is not a regular file';
  return code ?? String(error);
}

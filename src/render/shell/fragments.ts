/**
 * The navigation of each section a page can be switched into, written once as a small HTML file
 * (`_docjet/nav/<hash>.html`) that the page script fetches when the reader switches version or
 * language on a page listed in several (src/client/nav-switch.ts). Embedding every variant in
 * every page would not scale: crewAI lists each of its 942 files in 13 versions. Names are content
 * hashes, so a fragment can be cached like the other assets and a rebuild never serves stale ones.
 *
 * A section whose sidebar is large has one more: its sidebar's groups whole, which pages of the
 * section carry only in part (`LAZY_SIDEBAR_BYTES`, src/client/lazy-sidebar.ts).
 */
import { createHash } from 'node:crypto';
import { createIconSet, pageIcons, type DrawIcon, type IconLibrary } from '../icons/index.ts';
import type { Placement, Site } from '../../site/types.ts';
import { switchablePlacements } from './chrome.ts';
import { Shell, type ShellOptions } from './document.ts';
import { LAZY_SIDEBAR_BYTES } from './sidebar.ts';

/** Where fragments go, under docjet's assets folder; the page script builds the same URL. */
export const NAV_FOLDER = 'nav';

/**
 * The navigation fragments of a site: the navigation of each section a page can be switched
 * into, and the full sidebar of each section whose sidebar is over `lazyAbove` bytes. Each is made the first time it is asked for, by section or by name, and
 * kept; names are content hashes, so a name asked for before its section was made (a page open
 * from an earlier start) makes them all.
 */
export class NavigationFragments implements Iterable<[string, string]> {
  /** Section id → name of its navigation fragment, for `ShellOptions.navFragments`. */
  readonly names: LazyMap<string, string>;
  /** Section id → name of its full sidebar's fragment, for `ShellOptions.lazySidebars`. */
  readonly lazy: LazyMap<string, string>;
  private readonly files = new Map<string, string>();
  private readonly shell: Shell;
  private drawing: DrawIcon | undefined;

  constructor(
    private readonly options: ShellOptions,
    lazyAbove = LAZY_SIDEBAR_BYTES,
  ) {
    this.shell = new Shell(options);
    const { switchable, canonical } = fragmentSections(options.site);
    this.names = new LazyMap(switchable.keys(), (sectionId) => {
      const placement = switchable.get(sectionId);
      return placement && this.add(this.shell.sectionNavigation(placement, this.draw()));
    });
    // Measured without the icons' drawings: whether a sidebar is lazy depends on its entries, not
    // on how many bytes the icon library spends on each icon.
    this.lazy = new LazyMap(canonical, (sectionId) =>
      this.shell.sectionSidebar(sectionId).length > lazyAbove ? this.add(this.shell.sectionSidebar(sectionId, this.draw())) : undefined,
    );
  }

  /** The fragment named `name`, its icons drawn. */
  get(name: string): string | undefined {
    if (!this.files.has(name)) this.makeAll();
    return this.files.get(name);
  }

  /** Every fragment once, by name. */
  [Symbol.iterator](): MapIterator<[string, string]> {
    this.makeAll();
    return this.files.entries();
  }

  private makeAll(): void {
    this.names.makeAll();
    this.lazy.makeAll();
  }

  private add(html: string): string {
    const name = createHash('sha256').update(html).digest('hex').slice(0, 10);
    this.files.set(name, html);
    return name;
  }

  /** Unknown icons show the neutral icon, as in pages; the pages report those they show. */
  private draw(): DrawIcon {
    const { site, base } = this.options;
    this.drawing ??= pageIcons(createIconSet({ library: (site.config.icons?.library ?? 'fontawesome') as IconLibrary, base })).draw;
    return this.drawing;
  }
}

/**
 * The sections that have fragments: those holding a placement some page can be switched to (with
 * the first such placement, in page order, which its fragment shows), and those some page is
 * first placed in (whose sidebar may be lazy).
 */
function fragmentSections(site: Site): { switchable: Map<string, Placement>; canonical: Set<string> } {
  const switchable = new Map<string, Placement>();
  const canonical = new Set<string>();
  for (const page of site.pages.values()) {
    for (const placement of switchablePlacements(page)) if (!switchable.has(placement.sectionId)) switchable.set(placement.sectionId, placement);
    const sectionId = page.placements[0]?.sectionId;
    if (sectionId !== undefined) canonical.add(sectionId);
  }
  return { switchable, canonical };
}

/**
 * A map whose keys are among `candidates` and whose values are made by `make` when first read
 * (`undefined`: no entry for that key). Reading the whole map makes every value.
 */
class LazyMap<K, V> implements ReadonlyMap<K, V> {
  private readonly made = new Map<K, V | undefined>();
  private readonly candidates: ReadonlySet<K>;

  constructor(
    candidates: Iterable<K>,
    private readonly make: (key: K) => V | undefined,
  ) {
    this.candidates = new Set(candidates);
  }

  get(key: K): V | undefined {
    if (!this.candidates.has(key)) return undefined;
    if (!this.made.has(key)) this.made.set(key, this.make(key));
    return this.made.get(key);
  }

  /** Makes every value not made yet. */
  makeAll(): void {
    for (const key of this.candidates) this.get(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  get size(): number {
    return [...this.entries()].length;
  }

  *entries(): MapIterator<[K, V]> {
    for (const key of this.candidates) {
      const value = this.get(key);
      if (value !== undefined) yield [key, value];
    }
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
}

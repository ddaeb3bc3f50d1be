/**
 * Icons (issue 3): a name from the site's library (`icons.library`: Font Awesome by default, Lucide,
 * Tabler) becomes inline SVG read from the library's npm package; a URL or a file of the site
 * becomes an `<img>`. Only the icons a page uses are in it, since each is inlined where it is used.
 *
 * Pages and the shell write each icon as a span that names it (`<span class="icon" data-icon="rocket"
 * data-icon-type="solid" aria-hidden="true">…</span>`), and draw it inside where they write it:
 * a page's `PageIcons` draws with `render`. One set serves a whole build (or one worker): each
 * icon is read from its package once.
 *
 * A Font Awesome Pro name (`rocket-launch`), which the hosted product draws and the free packages
 * lack, silently gets a free icon of the same meaning (`icons/pro-fallbacks.ts`); a name with none
 * is listed as missing and its span shows a neutral circle instead of an empty box.
 */
import { escapeHtml } from '../../shared/html-escape.ts';
import { fontAwesome } from './fontawesome.ts';
import { proEquivalent, strippedFallbacks } from './pro-fallbacks.ts';
import { misspelledName, suggestIcon } from './suggest.ts';
import { lucide, tabler } from './svg-files.ts';
import { MISSING_ICON, type IconSource } from './svg.ts';

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** An icon as docs.json and frontmatter write it: a name, URL or path, or `{ name, style?, library? }`. */
export type IconValue = string | { name: string; style?: string | undefined; library?: string | undefined };

export interface IconSetOptions {
  /** The site's `icons.library`; default Font Awesome. */
  library?: IconLibrary | undefined;
  /** URL prefix for icons that are files of the site (`/images/x.svg`); default `/`. */
  base?: string | undefined;
}

export interface IconSet {
  /**
   * Inner markup for one icon: inline `<svg class="icon-svg">` (drawn in `currentColor`, hidden from
   * screen readers), or `<img class="icon-img">` for a URL or path; for a Pro name, its free stand-in;
   * undefined when the name is unknown.
   */
  render(icon: IconValue, iconType?: string): string | undefined;
  /** Names used so far that no library has nor stands in for, each with the closest known name when one is close. */
  readonly missing: ReadonlyMap<string, string | undefined>;
}

const SOURCES: Record<IconLibrary, IconSource> = { fontawesome: fontAwesome, lucide, tabler };

const ABSOLUTE_URL = /^(?:https?:)?\/\//i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const IMAGE_FILE = /\.(?:svg|png|jpe?g|gif|webp|avif|ico|bmp)(?:[?#].*)?$/i;

export function createIconSet({ library = 'fontawesome', base = '/' }: IconSetOptions = {}): IconSet {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const cache = new Map<string, string | null>();
  // Unknown names and the library they were looked up in; suggestions wait until someone asks.
  const unknown = new Map<string, IconLibrary>();
  const missing = new Map<string, string | undefined>();

  function render(icon: IconValue, iconType?: string): string | undefined {
    const { name, style, from } = readIcon(icon, iconType);
    if (typeof name !== 'string' || name.trim() === '') return undefined;
    const lib = isLibrary(from) ? from : library;
    const key = `${lib}\n${style ?? ''}\n${name}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const type = typeof style === 'string' ? style.trim().toLowerCase() : undefined;
    const html = imageOf(name.trim(), prefix) ?? svgOf(lib, name.trim().toLowerCase(), type);
    cache.set(key, html ?? null);
    if (html === undefined && !unknown.has(name)) unknown.set(name, lib);
    return html;
  }

  return {
    render,
    get missing() {
      for (const [name, lib] of unknown) if (!missing.has(name)) missing.set(name, suggestIcon(name.trim().toLowerCase(), SOURCES[lib].names()));
      return missing;
    },
  };
}

/**
 * Draws an icon inside the span that names it, given as the span names it: the name, and the
 * style and library when the span says them. Undefined leaves the span empty.
 */
export type DrawIcon = (name: string, iconType?: string, library?: string) => string | undefined;

/** The icons of one page: drawn where the page and its shell write them, the unknown ones listed for its warnings. */
export interface PageIcons {
  /** An icon's markup (`IconSet.render`); an unknown name is the neutral `MISSING_ICON`, and listed. A blank name draws nothing. */
  draw: DrawIcon;
  /** The unknown names drawn so far, each once. */
  readonly missing: readonly string[];
}

export function pageIcons(icons: IconSet): PageIcons {
  const missing: string[] = [];
  const draw: DrawIcon = (name, iconType, library) => {
    const found = icons.render(library === undefined ? name : { name, style: iconType, library }, iconType);
    if (found !== undefined || name.trim() === '') return found;
    if (!missing.includes(name)) missing.push(name);
    return MISSING_ICON;
  };
  return { draw, missing };
}

/** Name, style and library of an icon value. Bad input never throws: a name that is not a string is no icon. */
function readIcon(icon: IconValue, iconType: string | undefined): { name: unknown; style: string | undefined; from: unknown } {
  return typeof icon === 'string' ? { name: icon, style: iconType, from: undefined } : { name: icon?.name, style: icon?.style ?? iconType, from: icon?.library };
}

function isLibrary(value: unknown): value is IconLibrary {
  return value === 'fontawesome' || value === 'lucide' || value === 'tabler';
}

/** A URL (`https://…`, `//cdn/…`) as written, or a file of the site (`/images/x.svg`, `images/x.svg`) under the base. */
function imageOf(name: string, prefix: string): string | undefined {
  let src: string;
  if (ABSOLUTE_URL.test(name)) src = name;
  else if (IMAGE_FILE.test(name) && !SCHEME.test(name)) src = prefix + name.replace(/^(?:\.{0,2}\/)+/, '');
  else return undefined;
  return `<img src="${escapeHtml(src)}" alt="" class="icon-img">`;
}

/**
 * The site's library first, then the others. Sites written for Mintlify use Font Awesome Pro names
 * (`sparkles`, `shield-check`, `webhook`), which the free packages lack but Lucide and Tabler draw
 * under the same name; and Lucide and Tabler draw no brand logos, yet sites using them write
 * `github` or `slack` (Mintlify's own docs do). An icon in another library's style beats a hole.
 */
const FALLBACKS: Record<IconLibrary, IconLibrary[]> = {
  fontawesome: ['fontawesome', 'lucide', 'tabler'],
  lucide: ['lucide', 'tabler', 'fontawesome'],
  tabler: ['tabler', 'lucide', 'fontawesome'],
};

/**
 * The icon by its own name; else a Pro name's free stand-in: the table's, or the first name without
 * its decorations that some library draws. A misspelt name gets none (`arrow-rigth` would become
 * `arrow`): it is reported with its correction instead.
 */
function svgOf(library: IconLibrary, name: string, style: string | undefined): string | undefined {
  const svg = svgNamed(library, name, style);
  if (svg !== undefined) return svg;
  const equivalent = proEquivalent(name);
  if (equivalent !== undefined) return svgNamed(library, equivalent, style);
  const stripped = strippedFallbacks(name);
  if (stripped.length === 0 || misspelledName(name, knownNames()) !== undefined) return undefined;
  for (const candidate of stripped) {
    const fallback = svgNamed(library, candidate, style);
    if (fallback !== undefined) return fallback;
  }
  return undefined;
}

let allKnownNames: string[] | undefined;

/** Every name of every library, loaded once and only when a name is neither known nor in the table. */
function knownNames(): string[] {
  allKnownNames ??= Object.values(SOURCES).flatMap((source) => [...source.names()]);
  return allKnownNames;
}

function svgNamed(library: IconLibrary, name: string, style: string | undefined): string | undefined {
  for (const lib of FALLBACKS[library]) {
    const svg = SOURCES[lib].svg(name, lib === library ? style : undefined);
    if (svg !== undefined) return svg;
  }
  return undefined;
}

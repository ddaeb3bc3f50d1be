/**
 * The `search` tool's query: run by the very engine the site's search dialog runs in the browser
 * (src/client/search-dialog.mts, compiled to assets/js/search-dialog.mjs: tokenizer, prefix and
 * typo matching, ranking, scopes, snippets), on the index files the site serves, handed over from
 * memory instead of fetched. One engine, so an AI client finds what a reader finds. The compiled
 * module is imported (src/client is browser code that the Node side never imports as TypeScript);
 * its functions touch no DOM.
 */
import type { Site } from '../../site/types.ts';

/** `[href, title, path, method, sections]`, each section `[heading id, heading, text]` (src/search/index-files.ts `StoredPage`). */
type StoredPage = [string, string, string, string, [string, string, string][]];

interface Engine {
  search(
    files: { get<T>(name: string): Promise<T> },
    query: string,
    reader: { version?: string | null; language?: string | null; product?: string | null },
    widened: boolean,
  ): Promise<{ total: number; terms: string[]; results: { hit: { page: number; sections: number }; page: StoredPage }[] }>;
  highlight(text: string, terms: readonly string[], query: string, length?: number): { text: string; mark: boolean }[];
}

let engine: Promise<Engine> | undefined;

function loadEngine(): Promise<Engine> {
  // @ts-expect-error: compiled browser code without declarations; `Engine` is the part used here.
  engine ??= import('../../../assets/js/search-dialog.mjs') as Promise<Engine>;
  return engine;
}

export interface SearchScope {
  version?: string | undefined;
  language?: string | undefined;
  product?: string | undefined;
  /** Every version and product, as the dialog's "All versions" box (the language still counts). */
  allVersions?: boolean | undefined;
}

export interface SearchHit {
  title: string;
  /** The page's address on the site (with the base): what `read_page` takes. */
  path: string;
  /** Tabs and groups above the page. */
  section?: string;
  /** An endpoint page's method. */
  method?: string;
  /** The words around the match, as the dialog shows them. */
  snippet: string;
  /** Headings of the page whose words match, with their anchors. */
  headings?: { heading: string; path: string }[];
}

/** Characters of text around a match, as the dialog's snippet (160) and a little more: a program reads it, not a reader's eye. */
const SNIPPET_LENGTH = 320;
const HEADINGS_SHOWN = 3;

/**
 * The pages matching `query`, best first (at most 12, as the dialog shows), in the reader's scope:
 * the version, language and product asked for, else the site's defaults (the home page's).
 */
export async function searchDocs(files: ReadonlyMap<string, string>, site: Site, query: string, scope: SearchScope): Promise<{ total: number; results: SearchHit[] }> {
  const { search, highlight } = await loadEngine();
  const reader = {
    version: scope.version ?? site.defaults.version ?? null,
    language: scope.language ?? site.defaults.language ?? null,
    product: scope.product ?? null,
  };
  const memory = {
    get: async <T>(name: string): Promise<T> => {
      const text = files.get(name);
      if (text === undefined) throw new Error(`no index file ${name}`);
      return JSON.parse(text) as T;
    },
  };
  const found = await search(memory, query, reader, scope.allVersions === true);
  const text = (parts: { text: string }[]): string => parts.map((part) => part.text).join('');
  const results = found.results.map(({ hit, page: [href, title, path, method, sections] }): SearchHit => {
    const matching = sections.filter((_section, at) => (hit.sections & (1 << Math.min(at, 30))) !== 0);
    const snippetOf = matching[0] ?? sections[0];
    const headings = matching
      .filter(([id, heading]) => id !== '' && highlight(heading, found.terms, query).some((part) => part.mark))
      .slice(0, HEADINGS_SHOWN)
      .map(([id, heading]) => ({ heading, path: `${href}#${encodeURIComponent(id)}` }));
    return {
      title,
      path: href,
      ...(path ? { section: path } : {}),
      ...(method ? { method } : {}),
      snippet: snippetOf?.[2] ? text(highlight(snippetOf[2], found.terms, query, SNIPPET_LENGTH)) : '',
      ...(headings.length > 0 ? { headings } : {}),
    };
  });
  return { total: found.total, results };
}

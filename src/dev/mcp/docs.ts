/**
 * What the MCP tools read of a site: the resolved site, its search index, a page's Markdown and its
 * OpenAPI documents, as they are now. `docjet mcp` and `docjet serve` read the site once
 * (`staticDocs`); `docjet dev` hands over the model it serves, so the tools follow every save
 * (src/dev/dev-server.ts). Nothing is rendered up front: the search index is made on the first
 * search, a page's Markdown when it is asked for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostic, hasErrors } from '../../shared/diagnostics.ts';
import { createDocumentLoader, type DocumentLoader } from '../../openapi/documents.ts';
import { createPageMarkdown } from '../../render/page-markdown.ts';
import { searchIndex } from '../../search/index.ts';
import type { Site } from '../../site/types.ts';
import { validate } from '../../validate/index.ts';

/** The site as the tools read it at one moment. */
export interface DocsSnapshot {
  site: Site;
  /** The path every page's address starts with (`/`, or `--base`'s `/docs/`). */
  base: string;
  /** The files of the site's search index, by name (src/search/index-files.ts), made on first use. */
  searchFiles(): Promise<ReadonlyMap<string, string>>;
  /** A page's Markdown, as its `.md` twin has it; undefined when the route has no page. */
  markdown(route: string): Promise<string | undefined>;
  documents: DocumentLoader;
}

export interface McpDocs {
  /** The site now, or why it cannot be read (errors in docs.json: the tools say them). */
  current(): Promise<DocsSnapshot | { problem: string }>;
  /** The site's name (docs.json `name`), when known without waiting. */
  name(): string | undefined;
}

/** Errors shown in a tool's answer when the site cannot be read, at most. */
const ERRORS_SHOWN = 5;

/**
 * The site of `root` read once, on the first call (or on `preload`): offline, as `build --offline`
 * reads it (remote specs from `.docjet/cache` only), so the server never reaches the network.
 */
export function staticDocs(options: { root: string; base?: string }): McpDocs & { preload(): void } {
  const base = options.base ?? '/';
  let loaded: Promise<DocsSnapshot | { problem: string }> | undefined;
  let name = writtenName(options.root);
  const load = (): Promise<DocsSnapshot | { problem: string }> => {
    loaded ??= validate({ root: options.root, offline: true }).then((result) => {
      if (!result.site || hasErrors(result.diagnostics))
        return { problem: siteProblem(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map(formatDiagnostic)) };
      name = result.site.config.name;
      return snapshotOf(result.site, base);
    });
    return loaded;
  };
  return {
    current: load,
    name: () => name,
    preload: () => void load().catch(() => undefined),
  };
}

/**
 * A snapshot of `site` whose index, Markdown renderer and documents are made once, when first
 * needed; `dev` hands its own index and Markdown (made as the browser's are) in `made`.
 */
export function snapshotOf(site: Site, base: string, made: Partial<Pick<DocsSnapshot, 'searchFiles' | 'markdown'>> = {}): DocsSnapshot {
  let index: Promise<ReadonlyMap<string, string>> | undefined;
  let pages: ReturnType<typeof createPageMarkdown> | undefined;
  const documents = createDocumentLoader(site.root);
  return {
    site,
    base,
    searchFiles:
      made.searchFiles ??
      (() => {
        index ??= searchIndex(site, base);
        index.catch(() => (index = undefined));
        return index;
      }),
    markdown:
      made.markdown ??
      (async (route) => {
        const page = site.pages.get(route);
        if (!page) return undefined;
        pages ??= createPageMarkdown({ site, base, documents });
        return pages.render(page);
      }),
    documents,
  };
}

/** `name` as docs.json (or mint.json) writes it, read without checking the rest; undefined when it cannot be read so. */
function writtenName(root: string): string | undefined {
  for (const file of ['docs.json', 'mint.json']) {
    try {
      const value: unknown = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
      const name = value !== null && typeof value === 'object' ? (value as { name?: unknown }).name : undefined;
      return typeof name === 'string' ? name : undefined;
    } catch {
      // Not there, or not plain JSON (comments): the name comes once the site is read.
    }
  }
  return undefined;
}

/** Why the tools cannot answer: the site's errors, the first few. */
export function siteProblem(errors: readonly string[]): string {
  const shown = errors.slice(0, ERRORS_SHOWN).join('\n');
  const more = errors.length > ERRORS_SHOWN ? `\n… and ${errors.length - ERRORS_SHOWN} more` : '';
  return `The site cannot be read until its errors are fixed (docjet validate lists them):\n${shown}${more}`;
}

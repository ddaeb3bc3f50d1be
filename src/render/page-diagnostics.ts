/**
 * What rendering finds in a site's pages, without writing anything: every page through the very
 * renderer `build` and `dev` use (body, snippets, components, the endpoint it shows, the shell's
 * icons), its HTML thrown away. `docjet validate` runs it, so that it lists what `build` reports
 * (issue 31: it listed 3 warnings where build listed 6). Code is not coloured (no grammar is
 * compiled): colours are not checked, and they cost a third of a build.
 *
 * `PageDiagnostics` is the one list both keep: validation's diagnostics, then each page's once (a
 * snippet used by 500 pages reports once), then those found once per site (unknown icons).
 */
import type { Diagnostic } from '../shared/diagnostics.ts';
import type { SiteFiles } from '../shared/scan.ts';
import type { Site } from '../site/types.ts';
import { createCodeHighlighter } from './highlight.ts';
import { createRenderer } from './page.ts';
import { siteRendering } from './site-rendering.ts';

/** Pages read at once: reading files overlaps rendering. */
const CONCURRENCY = 16;

/** Validation's diagnostics, then each page's once. */
export class PageDiagnostics {
  readonly all: Diagnostic[];
  private readonly reported: Set<string>;

  constructor(validation: readonly Diagnostic[]) {
    this.all = [...validation];
    this.reported = new Set(this.all.map(diagnosticKey));
  }

  /** A page's diagnostics, those already reported left out. */
  addPage(diagnostics: readonly Diagnostic[]): void {
    for (const diagnostic of diagnostics) {
      const key = diagnosticKey(diagnostic);
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.all.push(diagnostic);
    }
  }

  /** Diagnostics found once per site (unknown icons). */
  add(diagnostics: readonly Diagnostic[]): void {
    this.addPage(diagnostics);
  }
}

/**
 * Renders every page of `site` and returns `validation` with what the pages reported added, as
 * `build` would report them. Nothing is written.
 */
export async function checkPages(options: { site: Site; files: SiteFiles; validation: readonly Diagnostic[] }): Promise<Diagnostic[]> {
  const { site, files } = options;
  const highlight = await createCodeHighlighter({ langs: [] });
  highlight.colourLater(() => undefined); // blocks stay uncoloured, no grammar is loaded
  const rendering = await siteRendering({ root: site.root, site, files, base: '/', onDemand: true });
  const renderer = await createRenderer({ ...rendering.options, highlight });
  const list = new PageDiagnostics(options.validation);
  const routes = [...site.pages.values()];
  let next = 0;
  const loop = async (): Promise<void> => {
    while (next < routes.length) {
      const page = routes[next++]!;
      list.addPage((await renderer.render(page)).diagnostics);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, routes.length) }, loop));
  list.add(renderer.iconDiagnostics());
  return list.all;
}

function diagnosticKey(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.code} ${diagnostic.message}`;
}

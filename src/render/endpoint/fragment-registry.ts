/**
 * The schema fragments of one renderer (src/render/endpoint/schema-fragment.ts): their files, and
 * the fragments its pages linked to, by id, so that `dev` can answer a request for one without a
 * build. The build is handed each page's fragments with the page and writes each once.
 */
import type { DocumentLoader } from '../../openapi/documents.ts';
import type { Site } from '../../site/types.ts';
import { renderSchemaFragment } from './schema-page.ts';
import type { SchemaFragment } from './schema-fragment.ts';
import { fragmentDocumentHtml } from './fragment-document.ts';
import type { ThemeSettings } from '../theme.ts';

/** A schema fragment's file, and the fragments it links to in turn. */
export interface RenderedFragment {
  html: string;
  fragments: SchemaFragment[];
}

interface FragmentServices {
  site: Site;
  documents: DocumentLoader;
  fragmentPrefix: string;
}

export class SchemaFragments {
  /** Fragments linked to so far; bounded by the schemas of the site's specs. */
  private readonly known = new Map<string, SchemaFragment>();

  constructor(
    private readonly services: FragmentServices,
    private readonly assets: { stylesheet: string; script: string; fieldsScript?: string },
    private readonly theme: ThemeSettings,
  ) {}

  /** Remembers fragments a page (or another fragment) links to; returns them. */
  note(fragments: readonly SchemaFragment[]): SchemaFragment[] {
    for (const fragment of fragments) if (!this.known.has(fragment.id)) this.known.set(fragment.id, fragment);
    return [...fragments];
  }

  async render(fragment: SchemaFragment): Promise<RenderedFragment | undefined> {
    const document = await this.services.documents(fragment.spec);
    if (!document) return undefined;
    const expanded = this.services.site.config.api?.params?.expanded;
    const fields = renderSchemaFragment({ document, fragment, prefix: this.services.fragmentPrefix, ...(expanded ? { settings: { expanded } } : {}) });
    const { stylesheet, script, fieldsScript } = this.assets;
    const scripts = fieldsScript && fields.fragments.length > 0 ? [script, fieldsScript] : [script];
    const html = fragmentDocumentHtml({ fragment, fieldsHtml: fields.html, siteName: this.services.site.config.name, stylesheet, scripts, theme: this.theme });
    return { html, fragments: this.note(fields.fragments) };
  }

  /** A fragment some page linked to; undefined for an id no page rendered here linked to. */
  renderById(id: string): Promise<RenderedFragment | undefined> {
    const fragment = this.known.get(id);
    return fragment ? this.render(fragment) : Promise.resolve(undefined);
  }
}

/**
 * The parts of a page body that come from OpenAPI besides an endpoint's reference (page-body.ts):
 * the fields of a model named by `openapi-schema:` frontmatter, and an operation's
 * `x-mint.content`, MDX shown above its generated reference (format-behaviour.md §4.3).
 */
import type { Diagnostic } from '../../shared/diagnostics.ts';
import type { Heading } from '../../content/mdx/headings.ts';
import type { CopyLabels, IconDrawer } from '../../content/mdx/index.ts';
import type { UrlResolver } from '../../content/page-urls.ts';
import type { PageRenderer as BodyRenderer } from '../mdx-renderer.ts';
import { frontmatterKeyPosition } from '../../content/frontmatter-schema.ts';
import { diagnostic } from '../../shared/messages.ts';
import type { DocumentLoader } from '../../openapi/documents.ts';
import { findSchema, parseSchemaReference } from '../../openapi/schemas.ts';
import type { Operation } from '../../openapi/types.ts';
import { closestMatches } from '../../shared/suggest.ts';
import { renderSchemaPage } from './schema-page.ts';
import type { FragmentTarget, SchemaFragment } from './schema-fragment.ts';
import type { SchemaSettings } from './schema.ts';
import { fenceLanguages, type CodeHighlighter } from '../highlight.ts';

export interface OpenApiPart {
  html: string;
  headings: readonly Heading[];
  diagnostics: Diagnostic[];
  fragments: SchemaFragment[];
}

export interface SchemaPartOptions {
  /** The `openapi-schema:` value as written. */
  reference: string;
  /** The page file, and its text up to the body's first line (`bodyLine`), to place a warning at the key. */
  file: string;
  frontmatterText: string;
  documents: DocumentLoader;
  /** Where a model is looked for when the value names no spec: the site's spec files, then its other data files. */
  specs: () => readonly string[];
  /** The URL of the fragments' folder (`/_docjet/schemas/`). */
  fragmentPrefix: string;
  resolveUrl: UrlResolver;
  settings?: SchemaSettings;
  /** The copy button's words in the page's language. */
  copyLabels?: CopyLabels | undefined;
}

/**
 * The model's fields, as a model page shows them under its own content. A name no spec has is a
 * warning at the frontmatter's `openapi-schema:` line, with the closest name the specs have.
 */
export async function schemaPart(options: SchemaPartOptions): Promise<OpenApiPart> {
  const reference = parseSchemaReference(options.reference);
  const result = reference && (await findSchema(reference, options.documents, options.specs));
  if (!result?.found) {
    const closest = reference && result ? closestMatches(reference.name, result.names, { limit: 1 })[0] : undefined;
    const suggestion = closest === undefined ? undefined : reference?.spec === undefined ? closest : `${reference.spec} ${closest}`;
    const at = frontmatterKeyPosition(options.file, options.frontmatterText, 'openapi-schema', 'value');
    const params = { reference: options.reference, searched: result?.searched ?? 0, suggestion };
    return { html: '', headings: [], diagnostics: [diagnostic('frontmatter-schema-not-found', at, options.file, params)], fragments: [] };
  }
  const { document, name } = result.found;
  const fragments: FragmentTarget = { spec: document.file, prefix: options.fragmentPrefix };
  const page = renderSchemaPage({
    document,
    name,
    fragments,
    resolveUrl: options.resolveUrl,
    copyLabels: options.copyLabels,
    ...(options.settings ? { settings: options.settings } : {}),
  });
  return { ...page, diagnostics: [] };
}

/**
 * An operation's `x-mint.content` as page MDX, resolved against its spec file (imports and links
 * as if the spec were a page beside it); undefined when it has none.
 */
export async function mintContentPart(
  operation: Operation,
  spec: string,
  bodies: BodyRenderer,
  highlight: CodeHighlighter,
  ui: { icon: IconDrawer; copyLabels: CopyLabels },
): Promise<(OpenApiPart & { math: boolean; mermaid: boolean }) | undefined> {
  if (operation.content === undefined) return undefined;
  await highlight.load(fenceLanguages(operation.content));
  const body = bodies.render({ file: spec, text: operation.content, format: 'mdx', ...ui });
  return {
    html: `<div class="endpoint-content">${body.html}</div>`,
    headings: body.headings,
    diagnostics: body.diagnostics,
    fragments: [],
    math: body.math,
    mermaid: body.mermaid,
  };
}

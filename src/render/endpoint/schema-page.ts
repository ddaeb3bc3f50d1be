/**
 * Schemas shown on their own, with the field markup of endpoint pages: a fragment (the fields one
 * level of a page left for the browser to fetch, schema-fragment.ts) and a model page
 * (`openapi-schema: Pet` frontmatter, format-behaviour.md §4.3). Each shows as many levels as fit
 * in its own budget (plan.ts); what does not fit is again a fragment.
 */
import { escapeHtml } from '../../shared/html-escape.ts';
import type { Heading } from '../../content/mdx/headings.ts';
import type { CopyLabels } from '../../content/mdx/index.ts';
import type { UrlResolver } from '../../content/page-urls.ts';
import { Resolver } from '../../openapi/endpoint/resolve.ts';
import type { OpenApiDocument } from '../../openapi/types.ts';
import { schemaPointer } from '../../openapi/schemas.ts';
import { FIELD_BUDGET, MAX_DEPTH, PageContext } from './context.ts';
import { planDepth } from './plan.ts';
import { SchemaRenderer, type SchemaSettings } from './schema.ts';
import type { FragmentTarget, SchemaFragment } from './schema-fragment.ts';

/**
 * Fields a fragment aims to hold. Smaller than a page's: a fragment is one reader's click away,
 * and the levels it leaves out are fragments of their own, shared with every other page.
 */
export const FRAGMENT_BUDGET = 100;

export interface SchemaFieldsResult {
  html: string;
  headings: Heading[];
  /** The fragments these fields link to in turn. */
  fragments: SchemaFragment[];
}

/** The fields of a fragment: what its schema nests, as its field shows them once opened. */
export function renderSchemaFragment(options: { document: OpenApiDocument; fragment: SchemaFragment; prefix: string; settings?: SchemaSettings }): SchemaFieldsResult {
  const { document, fragment } = options;
  const resolver = new Resolver(document.raw);
  // Ids apart from the page's; the page script numbers them apart from other fragments' on the same page.
  const context = new PageContext({ resolver, fragments: { spec: fragment.spec, prefix: options.prefix }, idPrefix: 'dj-fields' });
  const schema = { $ref: fragment.pointer };
  context.depthLimit = planDepth({ fields: [], containers: [{ value: schema, mode: fragment.mode }] }, resolver, FRAGMENT_BUDGET, MAX_DEPTH);
  const html = new SchemaRenderer(context, fragment.mode, options.settings).nested(schema);
  return { html, headings: context.headings, fragments: [...context.fragments.values()] };
}

export interface RenderSchemaPageOptions {
  document: OpenApiDocument;
  /** The model's name under `components.schemas` (`definitions` in Swagger 2.0). */
  name: string;
  /** Where the levels past the budget are fetched from. */
  fragments?: FragmentTarget | undefined;
  settings?: SchemaSettings;
  /** Resolves the links of descriptions against the page file, like its own. */
  resolveUrl?: UrlResolver | undefined;
  /** The copy button's words in the page's language; default English. */
  copyLabels?: CopyLabels | undefined;
}

/** A model page: the model's description and type, then every field, under a "Fields" heading. */
export function renderSchemaPage(options: RenderSchemaPageOptions): SchemaFieldsResult {
  const resolver = new Resolver(options.document.raw);
  const context = new PageContext({ resolver, resolveUrl: options.resolveUrl, fragments: options.fragments, idPrefix: 'dj-schema', copyLabels: options.copyLabels });
  const schema = { $ref: schemaPointer(options.document, options.name) };
  context.depthLimit = planDepth({ fields: [], containers: [{ value: schema, mode: 'schema' }] }, resolver, FIELD_BUDGET, MAX_DEPTH);
  const fields = new SchemaRenderer(context, 'schema', options.settings).top(schema, 'schema');
  const id = context.heading(2, 'Fields');
  const html = `<div class="endpoint endpoint-schema" data-schema="${escapeHtml(options.name)}"><section class="endpoint-section"><h2 id="${escapeHtml(id)}">Fields</h2>${fields}</section></div>`;
  return { html, headings: context.headings, fragments: [...context.fragments.values()] };
}

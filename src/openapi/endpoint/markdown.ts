/**
 * Schema fields as Markdown, the way the Markdown twin of a page writes them (`route.md`,
 * llms-full.txt, search): one list item per field, `` `name` (type, required): description ``,
 * nested as deep as `MAX_DEPTH` and stopping after `MAX_FIELDS` (the page's HTML and the spec have
 * the rest). Endpoint pages (src/render/endpoint/markdown-page.ts) and model pages (`openapi-schema:`
 * frontmatter) share it, so a field reads the same on both.
 */
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { markdownTree } from '../../content/commonmark.ts';
import { fieldHead, listItem, paragraph, text } from '../../content/markdown/index.ts';
import { parsePage } from '../../content/mdx/parse.ts';
import { schemaPointer } from '../schemas.ts';
import type { OpenApiDocument } from '../types.ts';
import { isRecord, recordOf, stringOf, type JsonObject } from './json.ts';
import type { ParameterModel } from './model.ts';
import { Resolver } from './resolve.ts';
import { hiddenIn, toShape, typeLabel, type Mode } from './shape.ts';

const MAX_DEPTH = 3;
const MAX_FIELDS = 300;

/**
 * A model's section of its page, as the HTML shows it under the page's own content: a "Fields"
 * heading, the model's type when it is not an object, its description, then every field.
 */
export function schemaMarkdown(options: { document: OpenApiDocument; name: string }): RootContent[] {
  const resolver = new Resolver(options.document.raw);
  const schema = { $ref: schemaPointer(options.document, options.name) };
  const shape = toShape(schema, resolver, []);
  const out: RootContent[] = [heading('Fields')];
  if (shape.broken === undefined && !recordOf(shape.schema.properties))
    out.push(paragraph([text('The schema is of type '), { type: 'inlineCode', value: typeLabel(shape, resolver) }, text('.')]));
  const description = stringOf(shape.schema.description);
  if (description) out.push(...markdownBlocks(description));
  const fields = new FieldWriter(resolver).properties(schema, 'schema', 0);
  if (fields.length > 0) out.push(list(fields));
  return out;
}

/** A section's `## Title`. */
export function heading(title: string): RootContent {
  return { type: 'heading', depth: 2, children: [text(title)] };
}

/** A bulleted list of `items` (list items only). */
export function list(items: RootContent[]): RootContent {
  return { type: 'list', ordered: false, spread: false, children: items.filter((item) => item.type === 'listItem') };
}

/** A field's head, then its description on the same line (its first paragraph). */
export function lead(head: PhrasingContent[], description: string | undefined): Nodes[] {
  if (description === undefined || description.trim() === '') return [paragraph(head)];
  const [first, ...rest] = markdownBlocks(description);
  if (first?.type === 'paragraph') return [paragraph([...head, text(': '), ...first.children]), ...rest];
  return [paragraph(head), ...(first ? [first] : []), ...rest];
}

/**
 * One line that Markdown (with GFM and `$` math) reads as a paragraph of just its text: no
 * character that starts emphasis, code, a link, HTML, an entity, an escape, math or a table cell,
 * no line start that makes a heading, list or quote, no white space at either end (indented code,
 * trimmed text), nothing GFM would turn into a link.
 */
const PLAIN_LINE = /^(?![#>+*=-]|\d+[.)])[^\s*_`[\]<>&\\!|~$](?:[^\n\r*_`[\]<>&\\!|~$]*[^\s*_`[\]<>&\\!|~$])?$/;
const LINK_LIKE = /www\.|:\/\/|@|mailto:|xmpp:/i;

/** Whether `markdown` is a line `PLAIN_LINE` describes: its blocks are one paragraph of its text, without parsing it. */
function isPlainLine(markdown: string): boolean {
  return PLAIN_LINE.test(markdown) && !LINK_LIKE.test(markdown);
}

/** Descriptions kept parsed at most; then the cache starts again (GitHub's document has ~5,400 distinct ones). */
const MAX_CACHED_BLOCKS = 20_000;
const parsedBlocks = new Map<string, RootContent[]>();

/**
 * A description written in Markdown (CommonMark in OpenAPI), as blocks. Cached by text: specs
 * repeat descriptions through `$ref`s and shared parameters (GitHub's 1,493 pages write 23,000
 * descriptions, 3,000 of them distinct), and parsing them was most of an endpoint's Markdown. A
 * plain line (70 % of the distinct descriptions of the Stripe, Kubernetes and GitHub documents)
 * is not parsed at all, and any other text without `$` is the tree its page's HTML was made from
 * (`markdownTree`): the tree a Markdown page's parse gives it, checked on every such description of
 * those three documents. A `$` may start math, which Markdown pages read and descriptions' HTML
 * does not: those texts are parsed as a page. The blocks are shared by the pages' trees, which are
 * only read (`toMarkdownText`). Kept out of the page parse cache, whose few entries are for page files.
 */
export function markdownBlocks(markdown: string): RootContent[] {
  let blocks = parsedBlocks.get(markdown);
  if (blocks === undefined) {
    blocks = isPlainLine(markdown)
      ? [paragraph([text(markdown)])]
      : markdown.includes('$')
        ? parsePage({ text: markdown, format: 'md', reporter: { diagnostic: () => undefined }, cache: false }).tree.children
        : markdownTree(markdown).children;
    if (parsedBlocks.size >= MAX_CACHED_BLOCKS) parsedBlocks.clear();
    parsedBlocks.set(markdown, blocks);
  }
  return blocks;
}

/** Fields of schemas as list items, nested up to `MAX_DEPTH`, `MAX_FIELDS` in all. */
export class FieldWriter {
  private written = 0;

  constructor(private readonly resolver: Resolver) {}

  parameter(parameter: ParameterModel): RootContent {
    const shape = toShape(parameter.schema, this.resolver, []);
    const head = fieldHead({
      name: parameter.name,
      type: typeLabel(shape, this.resolver),
      required: parameter.required,
      deprecated: parameter.deprecated,
      defaultValue: defaultOf(shape.schema),
    });
    return listItem(lead(head, parameter.description ?? stringOf(shape.schema.description)));
  }

  /** The properties of an object schema (of an array's items, for a list of objects). */
  properties(schema: unknown, mode: Mode, depth: number, stack: readonly string[] = []): RootContent[] {
    const shape = toShape(schema, this.resolver, stack);
    if (shape.circular || shape.broken !== undefined) return [];
    const inner = shape.key === undefined ? stack : [...stack, shape.key];
    const object = recordOf(shape.schema.properties) ? shape : toShape(shape.schema.items, this.resolver, inner);
    const properties = recordOf(object.schema.properties);
    if (!properties) return [];
    const required = new Set(Array.isArray(object.schema.required) ? object.schema.required : []);
    const items: RootContent[] = [];
    for (const [name, value] of Object.entries(properties)) {
      if (this.written >= MAX_FIELDS) break;
      const field = toShape(value, this.resolver, inner);
      if (hiddenIn(field.schema, mode)) continue;
      this.written++;
      const head = fieldHead({
        name,
        type: typeLabel(field, this.resolver),
        required: required.has(name),
        deprecated: field.schema.deprecated === true,
        defaultValue: defaultOf(field.schema),
      });
      const nested = depth + 1 < MAX_DEPTH && !field.circular ? this.properties(value, mode, depth + 1, inner) : [];
      items.push(listItem([...lead(head, stringOf(field.schema.description)), ...(nested.length > 0 ? [list(nested)] : [])]));
    }
    return items;
  }
}

function defaultOf(schema: JsonObject): string | undefined {
  if (!Object.hasOwn(schema, 'default')) return undefined;
  const value = schema.default;
  return typeof value === 'string' ? value : isRecord(value) || Array.isArray(value) || value !== undefined ? JSON.stringify(value) : undefined;
}

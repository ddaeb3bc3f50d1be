/**
 * Schemas as field lists, with the markup of the format's own `<ParamField>`, `<ResponseField>`
 * and `<Expandable>` (src/content/mdx/components), so generated pages look like hand-written ones:
 * nested objects and array items open in "Show child attributes", `oneOf`/`anyOf` alternatives are
 * tabs, `allOf` is merged (shape.ts). A schema already being expanded further up is named
 * ("circular: Pet") instead of expanded again. Levels past the page's budget (plan.ts) are left
 * for the browser to fetch from the schema's fragment (schema-fragment.ts).
 */
import { expandableHtml, fieldHtml, fieldSlug, tabsHtml, type FieldView } from '../../content/mdx/components/ui.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { MAX_DEPTH, MAX_FIELDS, type PageContext } from './context.ts';
import { fieldMemo, objectId, type FieldMemo } from './field-memo.ts';
import { displayValue, recordOf, stringOf, type JsonObject } from '../../openapi/endpoint/json.ts';
import type { Resolver } from '../../openapi/endpoint/resolve.ts';
import { hiddenIn, optionsOf, schemaExample, toShape, typeLabel, typesOf, type Mode, type Shape } from '../../openapi/endpoint/shape.ts';

/** Enum values listed at most; the rest are counted. */
const MAX_ENUM = 30;
/** Longer examples and defaults are cut in the field (the full example is in the example panel). */
const MAX_VALUE_CHARS = 200;

/** Where a field goes: a parameter location, `body` for request fields, or a response field. */
export type FieldKind = 'path' | 'query' | 'header' | 'cookie' | 'body' | 'response';

export interface FieldOptions {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Description written outside the schema (on the parameter), which wins over the schema's. */
  description?: string;
  deprecated?: boolean;
  /** An example written outside the schema. */
  example?: { value: unknown };
  /**
   * What the field's anchor starts with (`param`, `body`, its parent field's anchor): its id is
   * that, `-` and its name slugged (`body-address-city`). None: no id (a fragment's fields).
   */
  anchor?: string | undefined;
}

/** The site's `api.params` settings a field list follows. */
export interface SchemaSettings {
  /** `api.params.expanded: "all"`: every "Show child attributes" starts open. */
  expanded?: 'all' | 'closed' | undefined;
}

export class SchemaRenderer {
  private readonly context: PageContext;
  private readonly mode: Mode;
  private readonly open: boolean;
  private readonly stack: string[] = [];
  /** Fields rendered on other pages of the document, reused (field-memo.ts). */
  private readonly memo: FieldMemo | undefined;

  constructor(context: PageContext, mode: Mode, settings: SchemaSettings = {}) {
    this.context = context;
    this.mode = mode;
    this.open = settings.expanded === 'all';
    const scope = context.reuseScope;
    this.memo = scope === undefined ? undefined : fieldMemo(context.resolver.raw, scope);
  }

  /**
   * A whole body or response schema: its fields when it is an object, else a line saying its
   * type, then whatever it nests. `noun` names it in that line ("The body is of type …").
   */
  top(schema: unknown, noun: 'body' | 'response' | 'schema'): string {
    const omitted = this.context.omittedFields;
    const html = this.topHtml(schema, noun, noun === 'schema' ? undefined : noun);
    const more = this.context.omittedFields - omitted;
    return more > 0 ? html + omittedNote(more) : html;
  }

  private topHtml(schema: unknown, noun: 'body' | 'response' | 'schema', anchor: string | undefined): string {
    const shape = toShape(schema, this.context.resolver, this.stack);
    if (shape.broken !== undefined) return brokenNote(shape);
    if (shape.circular) return circularNote(shape);
    const kind: FieldKind = this.mode === 'request' ? 'body' : 'response';
    const description = stringOf(shape.schema.description);
    let html = '';
    const options = optionsOf(shape.schema);
    if (options) {
      if (options.length > 1) html += `<p class="schema-type">The ${noun} is one of these ${options.length} shapes.</p>`;
    } else if (!isPlainObject(shape.schema)) {
      html += `<p class="schema-type">The ${noun} is of type <code>${escapeHtml(typeLabel(shape, this.context.resolver))}</code>.</p>`;
    }
    if (description !== undefined) html += `<div class="schema-description">${this.context.md(description)}</div>`;
    if (!isPlainObject(shape.schema)) html += this.details(shape.schema, undefined);
    return html + this.enter(shape, () => this.contents(shape, kind, 0, false, 0, anchor));
  }

  /** One parameter, header or property: the field line, its description and details, what it nests. */
  field(schema: unknown, options: FieldOptions, depth = 0): string {
    const context = this.context;
    if (context.fields >= MAX_FIELDS) {
      context.omittedFields++;
      return '';
    }
    const key = this.memo === undefined ? undefined : this.memoKey(schema, options, depth);
    if (this.memo === undefined || key === undefined) return this.renderField(schema, options, depth);
    const reused = this.memo.find(key, this.stack, context);
    if (reused !== undefined) return reused;
    const { value, trace } = context.traced(() => this.renderField(schema, options, depth));
    this.memo.keep(key, this.stack, value, trace);
    return value;
  }

  /**
   * What a field's HTML depends on besides the page (field-memo.ts): none for an example written
   * outside the schema, which has no identity to key it by.
   */
  private memoKey(schema: unknown, options: FieldOptions, depth: number): string | undefined {
    if (options.example !== undefined || typeof schema !== 'object' || schema === null) return undefined;
    const description = options.description === undefined ? '-' : `+${options.description}`;
    const flags = `${options.required ? 'r' : ''}${options.deprecated === true ? 'd' : ''}${this.open ? 'o' : ''}`;
    return `${objectId(schema)} ${options.kind} ${this.mode} ${depth}/${this.context.depthLimit} ${flags} ${options.anchor ?? ''}\u0000${options.name.length}:${options.name}${description}`;
  }

  private renderField(schema: unknown, options: FieldOptions, depth: number): string {
    const context = this.context;
    context.fields++;
    const shape = toShape(schema, context.resolver, this.stack);
    const own = shape.schema;
    const type = nonEmpty(typeLabel(shape, context.resolver));
    const deprecated = options.deprecated === true || own.deprecated === true;
    const defaultValue = own.default === undefined ? undefined : shownDefault(truncate(displayValue(own.default)));

    const slug = options.anchor === undefined ? '' : fieldSlug(options.name);
    const id = slug === '' ? undefined : `${options.anchor}-${slug}`;
    let body = '';
    const description = options.description ?? stringOf(own.description);
    if (description !== undefined) body += context.md(description);
    if (shape.broken !== undefined) body += brokenNote(shape);
    else if (shape.circular) body += circularNote(shape);
    else {
      body += this.details(own, options.example);
      if (this.nests(own, 0)) {
        body += depth >= context.depthLimit ? this.later(schema, shape, options.name, depth) : this.enter(shape, () => this.contents(shape, options.kind, depth + 1, true, 0, id));
      }
    }
    // The view's parts named, not spread: spreading an object that grew after it was made takes V8's slow path.
    const { kind, name, location } = fieldView(options.name, options.kind);
    return fieldHtml({ kind, id, name, location, type, required: options.required, deprecated, defaultValue, descriptionHtml: body });
  }

  /**
   * What a schema nests, as its field shows it once opened, at the top of its own budget: the
   * content of a fragment (schema-fragment.ts).
   */
  nested(value: unknown): string {
    const shape = toShape(value, this.context.resolver, this.stack);
    if (shape.broken !== undefined) return brokenNote(shape);
    if (shape.circular) return circularNote(shape);
    const kind: FieldKind = this.mode === 'request' ? 'body' : 'response';
    return this.enter(shape, () => this.contents(shape, kind, 0, false, 0, undefined));
  }

  /**
   * What a field nests past the page's depth: "Show child attributes" over a link to the fragment
   * that holds those fields, which the page script fetches when it is opened. A list of a component
   * (`Pet[]`) links to the component's fragment, which every field holding it shares.
   */
  private later(value: unknown, shape: Shape, name: string, depth: number): string {
    const target = fragmentShape(shape, this.context.resolver);
    const pointer = target.key ?? this.context.resolver.pointerOf(value);
    const title = target.name ?? (name === '' ? 'schema' : name);
    const inline = target.key === undefined && typeof value === 'object' && value !== null ? value : undefined;
    const url = pointer === undefined ? undefined : this.context.fragmentUrl(pointer, this.mode, title, inline);
    if (url === undefined) {
      // Made while rendering (a merged `allOf`): nothing in the spec to point a fragment at.
      return `<p class="schema-depth">${depth >= MAX_DEPTH ? `Fields nested more than ${MAX_DEPTH} levels deep are not shown.` : 'Its fields are left out to keep this page small.'}</p>`;
    }
    const options = optionsOf(shape.schema);
    const what = hasFields(shape.schema) || !options ? 'child attributes' : `${options.length} options`;
    const link = `<p class="schema-more"><a href="${escapeHtml(url)}">Fields of <code>${escapeHtml(title)}</code></a></p>`;
    return expandableHtml({ titleHtml: what, contentHtml: link, data: { 'data-fields': true } });
  }

  /**
   * The fields a schema holds, at `depth`: its properties, its `oneOf`/`anyOf` alternatives as
   * tabs, its array items' fields. `expandable` puts them behind "Show child attributes".
   */
  private contents(shape: Shape, kind: FieldKind, depth: number, expandable: boolean, hops: number, anchor: string | undefined): string {
    const schema = shape.schema;
    const wrap = (title: string, html: string) => (html === '' || !expandable ? html : expandableHtml({ titleHtml: escapeHtml(title), open: this.open, contentHtml: html }));
    let html = '';
    if (hasFields(schema)) html += wrap('child attributes', this.fields(schema, kind, depth, anchor));
    // Alternatives and items nest in each other without adding a level; real specs do so once or twice.
    if (hops > 4) return html;
    const options = optionsOf(schema);
    if (options) html += wrap(`${options.length} options`, this.options(options, schema, kind, depth, hops, anchor));
    if (schema.items !== undefined && typesOf(schema).types.includes('array')) {
      const items = toShape(schema.items, this.context.resolver, this.stack);
      if (items.broken !== undefined) html += brokenNote(items);
      else if (items.circular) html += circularNote(items);
      else html += this.enter(items, () => this.contents(items, kind, depth, expandable, hops + 1, anchor));
    }
    return html;
  }

  /** Every property of an object schema, then `{key}` for `additionalProperties`. */
  private fields(schema: JsonObject, kind: FieldKind, depth: number, anchor: string | undefined): string {
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : []);
    const childKind: FieldKind = kind === 'response' ? 'response' : 'body';
    let html = '';
    for (const [name, property] of Object.entries(recordOf(schema.properties) ?? {})) {
      const propertySchema = recordOf(this.context.resolver.deref(property));
      if (propertySchema && hiddenIn(propertySchema, this.mode)) continue;
      html += this.field(property, { name, kind: childKind, required: required.has(name), anchor }, depth);
    }
    const additional = recordOf(schema.additionalProperties);
    if (additional && Object.keys(additional).length > 0) {
      html += this.field(additional, { name: '{key}', kind: childKind, required: false, anchor }, depth);
    }
    return html === '' ? '' : `<div class="schema-fields">${html}</div>`;
  }

  /** `oneOf`/`anyOf` alternatives as tabs, each titled by its `title`, discriminator value, component name or type. */
  private options(options: unknown[], parent: JsonObject, kind: FieldKind, depth: number, hops: number, anchor: string | undefined): string {
    const resolver = this.context.resolver;
    const used = new Map<string, number>();
    const items = options.map((option, index) => {
      const shape = toShape(option, resolver, this.stack);
      let title = stringOf(shape.schema.title) ?? discriminatorValue(parent, shape) ?? shape.name ?? typeLabel(shape, resolver);
      if (title === 'any') title = `Option ${index + 1}`;
      const seen = used.get(title) ?? 0;
      used.set(title, seen + 1);
      if (seen > 0) title = `${title} (${seen + 1})`;
      return { titleHtml: escapeHtml(title), html: this.option(shape, kind, depth, hops, anchor) };
    });
    return tabsHtml(items, this.context, { className: 'tabs schema-options' });
  }

  private option(shape: Shape, kind: FieldKind, depth: number, hops: number, anchor: string | undefined): string {
    if (shape.broken !== undefined) return brokenNote(shape);
    if (shape.circular) return circularNote(shape);
    const schema = shape.schema;
    let html = '';
    const description = stringOf(schema.description);
    if (description !== undefined) html += `<div class="schema-description">${this.context.md(description)}</div>`;
    if (!isPlainObject(schema)) {
      html += `<p class="schema-type"><code>${escapeHtml(typeLabel(shape, this.context.resolver))}</code></p>${this.details(schema, undefined)}`;
    }
    return html + this.enter(shape, () => this.contents(shape, kind, depth, false, hops + 1, anchor));
  }

  /**
   * The values an array's items may take (`type: array, items: {enum: […]}`, Stripe's `expand`-style
   * lists): `string[]` has no line of its own for its items, so the array's line lists them.
   */
  private itemsEnum(schema: JsonObject): unknown[] | undefined {
    if (schema.items === undefined || !typesOf(schema).types.includes('array')) return undefined;
    const items = recordOf(this.context.resolver.deref(schema.items));
    return items ? enumOf(items) : undefined;
  }

  /** Whether a schema has fields to show below its own line: `string[]` has none, `Pet[]` has. */
  private nests(schema: JsonObject, hops: number): boolean {
    if (hasFields(schema) || optionsOf(schema) !== undefined) return true;
    if (schema.items === undefined || hops > 4 || !typesOf(schema).types.includes('array')) return false;
    const items = toShape(schema.items, this.context.resolver, this.stack);
    // A list of the schema being expanded: worth its "circular" line.
    if (items.circular) return true;
    return items.broken === undefined && this.nests(items.schema, hops + 1);
  }

  /** Runs `render` with the shape's component on the stack, so references back to it read as circular. */
  private enter(shape: Shape, render: () => string): string {
    if (shape.key === undefined) return render();
    this.stack.push(shape.key);
    try {
      return render();
    } finally {
      this.stack.pop();
    }
  }

  /** Allowed values, ranges, lengths, pattern and example, one line each. */
  private details(schema: JsonObject, example: { value: unknown } | undefined): string {
    const lines: string[] = [];
    const allowed = enumOf(schema) ?? this.itemsEnum(schema);
    if (allowed !== undefined) {
      const shown = allowed.slice(0, MAX_ENUM).map((value) => `<code>${escapeHtml(truncate(displayValue(value)))}</code>`);
      const more = allowed.length - MAX_ENUM;
      lines.push(`Available options: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`);
    }
    if (Object.hasOwn(schema, 'const')) lines.push(`Allowed value: <code>${escapeHtml(truncate(displayValue(schema.const)))}</code>`);
    const range = rangeOf(schema);
    if (range !== undefined) lines.push(`Required range: <code>${escapeHtml(range)}</code>`);
    const length = lengthOf(schema.minLength, schema.maxLength);
    if (length !== undefined) lines.push(`Required string length: <code>${escapeHtml(length)}</code>`);
    const items = lengthOf(schema.minItems, schema.maxItems);
    if (items !== undefined) lines.push(`Required array length: <code>${escapeHtml(items)}</code> elements`);
    const pattern = stringOf(schema.pattern);
    if (pattern !== undefined) lines.push(`Pattern: <code>${escapeHtml(truncate(pattern))}</code>`);
    const shown = example ?? schemaExample(schema);
    if (shown && shown.value !== undefined && shown.value !== null && typeof shown.value !== 'object') {
      lines.push(`Example: <code>${escapeHtml(truncate(displayValue(shown.value)))}</code>`);
    }
    return lines.length === 0 ? '' : `<div class="field-details">${lines.map((line) => `<p>${line}</p>`).join('')}</div>`;
  }
}

/**
 * A field's name and where it goes. Body and response fields carry no location pill: the section
 * heading says where they go. A field without a name shows none (and so no location either).
 */
export function fieldView(name: string, kind: FieldKind | 'param'): Omit<FieldView, 'descriptionHtml'> {
  const shown = nonEmpty(name);
  if (kind === 'response') return { kind: 'response', name: shown };
  if (kind === 'body' || kind === 'param' || shown === undefined) return { kind: 'param', name: shown };
  return { kind: 'param', name: shown, location: kind };
}

/** A default as the field shows it: an empty string as `""`, so it is not mistaken for none. */
function shownDefault(value: string): string {
  return value === '' ? '""' : value;
}

function enumOf(schema: JsonObject): unknown[] | undefined {
  return Array.isArray(schema.enum) && schema.enum.length > 0 ? schema.enum : undefined;
}

function nonEmpty(text: string): string | undefined {
  return text === '' ? undefined : text;
}

/** An object with properties and nothing else to explain (no alternatives). */
function isPlainObject(schema: JsonObject): boolean {
  const { types } = typesOf(schema);
  return types.length === 1 && types[0] === 'object' && !optionsOf(schema);
}

function hasFields(schema: JsonObject): boolean {
  return recordOf(schema.properties) !== undefined || Object.keys(recordOf(schema.additionalProperties) ?? {}).length > 0;
}

/** The schema a fragment shows for a field: a list's items when the list itself is unnamed (`Pet[]`). */
function fragmentShape(shape: Shape, resolver: Resolver): Shape {
  const schema = shape.schema;
  if (shape.key !== undefined || hasFields(schema) || optionsOf(schema) || schema.items === undefined) return shape;
  const items = toShape(schema.items, resolver, []);
  return items.key !== undefined && items.broken === undefined ? items : shape;
}

function circularNote(shape: Shape): string {
  return `<p class="schema-circular">circular: <code>${escapeHtml(shape.name ?? 'schema')}</code></p>`;
}

/** The discriminator's name for an alternative (`mapping: { dog: '#/…/Dog' }` → `dog`). */
function discriminatorValue(parent: JsonObject, option: Shape): string | undefined {
  const mapping = recordOf(recordOf(parent.discriminator)?.mapping);
  if (!mapping || option.key === undefined) return undefined;
  for (const [value, target] of Object.entries(mapping)) if (target === option.key) return value;
  return undefined;
}

/** `1 <= x <= 100`, `x > 0`: both OpenAPI 3.0 boolean and 3.1 numeric `exclusive*` forms. */
function rangeOf(schema: JsonObject): string | undefined {
  const lower = bound(schema.minimum, schema.exclusiveMinimum);
  const upper = bound(schema.maximum, schema.exclusiveMaximum);
  if (lower && upper) return `${lower.value} ${lower.exclusive ? '<' : '<='} x ${upper.exclusive ? '<' : '<='} ${upper.value}`;
  if (lower) return `x ${lower.exclusive ? '>' : '>='} ${lower.value}`;
  if (upper) return `x ${upper.exclusive ? '<' : '<='} ${upper.value}`;
  return undefined;
}

/** 3.1 writes `exclusiveMinimum: 0`; 3.0 writes `minimum: 0, exclusiveMinimum: true`. */
function bound(inclusive: unknown, exclusive: unknown): { value: number; exclusive: boolean } | undefined {
  if (typeof exclusive === 'number') return { value: exclusive, exclusive: true };
  if (typeof inclusive === 'number') return { value: inclusive, exclusive: exclusive === true };
  return undefined;
}

function lengthOf(min: unknown, max: unknown): string | undefined {
  const low = typeof min === 'number' ? min : undefined;
  const high = typeof max === 'number' ? max : undefined;
  if (low === undefined && high === undefined) return undefined;
  if (low !== undefined && high !== undefined) return low === high ? String(low) : `${low} - ${high}`;
  return low !== undefined ? `>= ${low}` : `<= ${high}`;
}

function truncate(text: string): string {
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** A reference docjet could not follow: its name and where it points, in place of the fields. */
export function brokenNote(shape: Shape): string {
  const ref = shape.broken ?? '';
  const where = ref.startsWith('#') ? 'which leads to no schema in this document' : 'in another file, which docjet does not read';
  return `<p class="schema-ref">Defined by <code>${escapeHtml(ref)}</code>, ${where}.</p>`;
}

function omittedNote(count: number): string {
  const fields = count === 1 ? '1 more field (and what it nests) is' : `${count} more fields (and what they nest) are`;
  return `<p class="schema-omitted">${fields} not shown: this page reached its limit of ${MAX_FIELDS} fields.</p>`;
}

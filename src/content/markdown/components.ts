/**
 * The built-in components (`../mdx/components/`) as Markdown, one function per name, each saying in
 * Markdown what the HTML shows: callouts as blockquotes that name their kind, tabs and code groups
 * as headed sections, cards as links, steps as a numbered list, accordions as sections, API fields
 * as list items, frames as their images and caption. Icons and decoration are left out. A name
 * missing here shows its children (test/content/markdown.test.ts checks that every name of the
 * HTML registry has a function here).
 */
import type { Heading, Nodes, PhrasingContent } from 'mdast';
import { parseFence } from '../mdx/code.ts';
import type { FieldNodeView } from '../mdx/components/fields.ts';
import { flag, list, text as textProp } from '../mdx/components/props.ts';
import type { Props } from '../mdx/types.ts';
import type { UrlUse } from '../../shared/safe-url.ts';
import { isRecord } from '../mdx/values.ts';
import { blockquote, listItem, orderedItem, paragraph, plainText, splitLead, text } from './tidy.ts';

export interface MarkdownComponentInput {
  props: Props;
  /** The element's children, already Markdown. */
  children: Nodes[];
  /** The depth of the headings the component makes: one below the section it is in. */
  depth: number;
  /** Written inside a line of text. */
  inline: boolean;
  /** A prop shown as content (`title="A"`, `title={<b>A</b>}`) as Markdown; undefined when absent. */
  content(name: string): PhrasingContent[] | undefined;
  /** A link or image address from a prop, as the page's Markdown writes it; undefined for one that would run code. */
  url(value: string, use: UrlUse): string | undefined;
}

export type MarkdownComponent = (input: MarkdownComponentInput) => Nodes[];

const children: MarkdownComponent = (input) => input.children;
const nothing: MarkdownComponent = () => [];

function heading(depth: number, content: PhrasingContent[]): Heading {
  return { type: 'heading', depth: Math.min(6, Math.max(1, depth)) as Heading['depth'], children: content };
}

function strong(content: PhrasingContent[]): PhrasingContent {
  return { type: 'strong', children: content };
}

/** `> **Note:** text`: the kind first, in bold, then the callout's content (its title on a line of its own). */
function callout(label: string): MarkdownComponent {
  return ({ children: content, content: prop }) => {
    const title = prop('title');
    if (title !== undefined) return [blockquote([paragraph([strong([text(`${label}: `), ...title])]), ...content])];
    const { lead: first, rest } = splitLead(content);
    const marker = strong([text(`${label}:`)]);
    return [blockquote([paragraph(first === undefined ? [marker] : [marker, text(' '), ...first]), ...rest])];
  };
}

/**
 * A title, then what follows it on the same line: `[Title](href): description` for a card, `` `name`
 * (query, string, required): description `` for a field. The content's first paragraph joins the
 * line; its other blocks follow.
 */
function lead(head: PhrasingContent[], content: Nodes[]): Nodes[] {
  const { lead: first, rest } = splitLead(content);
  if (first === undefined) return head.length === 0 ? rest : [paragraph(head), ...rest];
  return [paragraph(head.length === 0 ? first : [...head, text(': '), ...first]), ...rest];
}

/** `- [Title](href): description`, or the title in bold when the card leads nowhere. */
const card: MarkdownComponent = ({ props, children: content, content: prop, url }) => {
  const title = prop('title');
  const written = flag(props, 'disabled') ? undefined : textProp(props, 'href');
  const href = written === undefined ? undefined : url(written, 'link');
  const description = prop('description');
  const body = description === undefined ? content : [paragraph(description), ...content];
  const label = title ?? (href === undefined ? [] : [text(href)]);
  const head: PhrasingContent[] = href === undefined ? (label.length === 0 ? [] : [strong(label)]) : [{ type: 'link', url: href, children: label }];
  return [listItem(lead(head, body))];
};

/** A section: its title as a heading one below the section around it, then its content. */
function section(titleProp: string, fallback?: string): MarkdownComponent {
  return ({ children: content, content: prop, depth }) => {
    const title = prop(titleProp) ?? (fallback === undefined ? undefined : [text(fallback)]);
    const description = prop('description');
    return [...(title === undefined ? [] : [heading(depth, title)]), ...(description === undefined ? [] : [paragraph(description)]), ...content];
  };
}

/** Code blocks under a heading each, titled by their file name or language (`<CodeGroup>`). */
const codeGroup: MarkdownComponent = ({ children: content, depth }) =>
  content.flatMap((child, index): Nodes[] => {
    if (child.type !== 'code') return [child];
    const { lang, meta } = parseFence(child.lang, child.meta);
    return [heading(depth, [text(meta.title ?? lang ?? `Code ${index + 1}`)]), child];
  });

/** `` `name` (location, type, required, default: `x`): description ``, as a list item. */
function field(kind: 'param' | 'response'): MarkdownComponent {
  return ({ props, children: content }) => {
    const location = kind === 'param' ? ['path', 'query', 'body', 'header', 'cookie'].find((key) => textProp(props, key) !== undefined) : undefined;
    const name = location === undefined ? textProp(props, 'name') : textProp(props, location);
    return [
      listItem(
        lead(
          fieldHead({ name, location, type: textProp(props, 'type'), required: flag(props, 'required'), deprecated: flag(props, 'deprecated'), defaultValue: defaultOf(props) }),
          content,
        ),
      ),
    ];
  };
}

/** A field as the HTML renderer shows it (`FieldNodeView`), less what Markdown writes its own way. */
export type FieldSummary = Omit<FieldNodeView, 'kind' | 'description'>;

/** A field's name in code, then what kind of value it takes in brackets (endpoint pages write theirs with it too). */
export function fieldHead(field: FieldSummary): PhrasingContent[] {
  const facts = [field.location, field.type, field.required ? 'required' : undefined, field.deprecated ? 'deprecated' : undefined].filter((fact) => fact !== undefined);
  const head: PhrasingContent[] = field.name === undefined ? [] : [{ type: 'inlineCode', value: field.name }];
  if (facts.length === 0 && field.defaultValue === undefined) return head;
  // A type with Markdown's characters in it (`object[]`, `enum<string>`) reads best as code.
  const inside: PhrasingContent[] = [];
  facts.forEach((fact, index) => {
    if (index > 0) inside.push(text(', '));
    inside.push(fact === field.type && /[<>[\]*_|`]/.test(fact) ? { type: 'inlineCode', value: fact } : text(fact));
  });
  if (field.defaultValue !== undefined) inside.push(text(`${facts.length > 0 ? ', ' : ''}default: `), { type: 'inlineCode', value: field.defaultValue });
  return [...head, text(head.length > 0 ? ' (' : '('), ...inside, text(')')];
}

function defaultOf(props: Props): string | undefined {
  const value = props['default'];
  return value === undefined ? undefined : (textProp(props, 'default') ?? JSON.stringify(value));
}

/** A step: a numbered list item, its title in bold. */
const step: MarkdownComponent = ({ children: content, content: prop }) => {
  const title = prop('title');
  return [orderedItem(title === undefined ? content : [paragraph([strong(title)]), ...content])];
};

/** `<Expandable title="properties">`: the nested fields under a bold label. */
const expandable: MarkdownComponent = ({ children: content, content: prop }) => {
  const title = prop('title') ?? [text('properties')];
  return [paragraph([strong([text('Show '), ...title])]), ...content];
};

/** `<Frame caption>`: its content (images), then the caption in italics. */
const frame: MarkdownComponent = ({ children: content, content: prop }) => {
  const caption = prop('caption');
  const hint = prop('hint');
  return [...(hint === undefined ? [] : [paragraph(hint)]), ...content, ...(caption === undefined ? [] : [paragraph([{ type: 'emphasis', children: caption }])])];
};

/** `<Tooltip tip>`: the text, then the tip in brackets. */
const tooltip: MarkdownComponent = ({ props, children: content }) => {
  const tip = textProp(props, 'tip');
  return tip === undefined ? content : [...content, text(` (${tip})`)];
};

/** `<Latex>`: the formula, inline or on its own. */
const latex: MarkdownComponent = ({ children: content, inline }) => {
  const value = plainText(content).trim();
  if (value === '') return [];
  return [inline ? { type: 'inlineMath', value } : { type: 'math', value }];
};

/** `<Prompt>`: its description, then the prompt as a block to copy. */
const prompt: MarkdownComponent = ({ children: content, content: prop }) => {
  const description = prop('description');
  return [...(description === undefined ? [] : [paragraph(description)]), { type: 'code', lang: 'text', value: plainBlocks(content) }];
};

/** Blocks as plain text, a blank line between (the text of a prompt). */
function plainBlocks(nodes: Nodes[]): string {
  return nodes
    .map((node) => plainText([node]).trim())
    .filter((part) => part !== '')
    .join('\n\n');
}

/** `<Update label description tags>`: a changelog entry under its label. */
const update: MarkdownComponent = ({ props, children: content }) => {
  const tags = list(props, 'tags');
  const description = textProp(props, 'description');
  return [
    heading(2, [text(textProp(props, 'label') ?? '')]),
    ...(description === undefined ? [] : [paragraph([text(description)])]),
    ...(tags.length === 0 ? [] : [paragraph([text(`Tags: ${tags.join(', ')}`)])]),
    ...content,
  ];
};

/** A file tree as nested lists: a folder's name ends with `/`. */
const treeFolder: MarkdownComponent = ({ props, children: content }) => [listItem([paragraph([text(`${textProp(props, 'name') ?? ''}/`)]), ...content])];
const treeFile: MarkdownComponent = ({ props }) => [listItem([paragraph([text(textProp(props, 'name') ?? '')])])];

/** `<Color.Item name value>`: `name: #hex`, or both shades. */
const colorItem: MarkdownComponent = ({ props }) => {
  const value = props['value'];
  const shades = isRecord(value)
    ? [textProp(value, 'light'), textProp(value, 'dark')].filter((shade) => shade !== undefined)
    : [textProp(props, 'value')].filter((shade) => shade !== undefined);
  const name = textProp(props, 'name');
  const shown = shades.map((shade): PhrasingContent => ({ type: 'inlineCode', value: shade }));
  const line: PhrasingContent[] = name === undefined ? [] : [text(shown.length > 0 ? `${name}: ` : name)];
  shown.forEach((shade, index) => line.push(...(index > 0 ? [text(' / ')] : []), shade));
  return [listItem([paragraph(line)])];
};

/** `<Link href>`. */
const link: MarkdownComponent = ({ props, children: content, url }) => {
  const written = textProp(props, 'href');
  const href = written === undefined ? undefined : url(written, 'link');
  return href === undefined ? content : [{ type: 'link', url: href, children: content as PhrasingContent[] }];
};

/** `<Mermaid chart>`: the diagram's source, as a `mermaid` code block. */
const mermaid: MarkdownComponent = ({ props }) => [{ type: 'code', lang: 'mermaid', value: textProp(props, 'chart') ?? '' }];

/** `<Visibility for="agents">` is written for this version of the page; `for="humans"` only for the HTML. */
const visibility: MarkdownComponent = ({ props, children: content }) => (textProp(props, 'for') === 'humans' ? [] : content);

/** Every name of the HTML registry (`defaultComponents`). */
export const markdownComponents: Readonly<Record<string, MarkdownComponent>> = {
  Note: callout('Note'),
  Info: callout('Info'),
  Tip: callout('Tip'),
  Warning: callout('Warning'),
  Check: callout('Check'),
  Danger: callout('Danger'),
  Callout: callout('Note'),
  Card: card,
  CardGroup: children,
  Columns: children,
  Column: children,
  Tile: card,
  Tabs: children,
  Tab: section('title'),
  CodeGroup: codeGroup,
  RequestExample: codeGroup,
  ResponseExample: codeGroup,
  AccordionGroup: children,
  Accordion: section('title'),
  Expandable: expandable,
  Steps: children,
  Step: step,
  ParamField: field('param'),
  Param: field('param'),
  ResponseField: field('response'),
  Frame: frame,
  Panel: children,
  Badge: children,
  Tooltip: tooltip,
  Icon: nothing,
  Update: update,
  Tree: children,
  'Tree.Folder': treeFolder,
  'Tree.File': treeFile,
  FileTree: children,
  'FileTree.Folder': treeFolder,
  'FileTree.File': treeFile,
  Mermaid: mermaid,
  Latex: latex,
  Visibility: visibility,
  Prompt: prompt,
  View: section('title'),
  Link: link,
  Color: children,
  'Color.Row': section('title'),
  'Color.Item': colorItem,
  // `<Snippet file>` is resolved before components are looked up (reduce.ts); one that names no file shows nothing.
  Snippet: nothing,
};

/** Components whose headings sit one level below the section they are in: their children go one deeper. */
export const SECTION_COMPONENTS: ReadonlySet<string> = new Set(['Tab', 'Accordion', 'View', 'Color.Row']);

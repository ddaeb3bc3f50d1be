/**
 * A page's MDX source with the text of the snippets it includes put where they stand, so that a
 * word a reader sees on the page only through a snippet finds the page: `import Name from
 * '/snippets/x.mdx'` (or relative) then `<Name … />`, and the legacy `<Snippet file="x.mdx" />`
 * (format-behaviour.md §3.1; resolved as the renderer resolves them, content/snippets/resolve.ts).
 * Read as text, like the page (text.ts): the body replaces the tag, string props replace
 * `{name}` and `{props.name}` in it, snippets inside snippets are followed as deep as the
 * renderer goes. `.jsx` snippets and named imports are code and values, not text: left out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { locateBody } from '../content/frontmatter.ts';
import { applyVariables, type Variables } from '../content/variables.ts';
import { resolveImport, resolveSnippetFile, SiteFiles, type Resolution } from '../content/snippets/resolve.ts';

/** Snippets inside snippets: as deep as the renderer goes (`MAX_EMBED_DEPTH` in content/markdown/reduce.ts). */
const MAX_DEPTH = 16;
/** `import Name from '…'` (a named import beside it allowed); only a capitalised name can be a component's tag. */
const DEFAULT_IMPORT = /^import\s+([A-Z]\w*)\s*(?:,\s*\{[^}]*\})?\s+from\s+["']([^"']+)["']/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/g;

export interface Expanded {
  source: string;
  /** Every snippet file the page reaches (site-relative), found or not: a change to one changes the page's text. */
  files: string[];
}

/** Reads the snippets of many pages, each file once. */
export class SnippetTexts {
  private readonly files: SiteFiles;
  private readonly bodies = new Map<string, string | undefined>();

  constructor(
    private readonly root: string,
    /** docs.json's `variables`, put into each snippet's body. */
    private readonly variables?: Variables,
  ) {
    this.files = new SiteFiles(root);
  }

  /** `source` (the body of the MDX file `file`, site-relative) with its snippets' text in place. */
  expand(source: string, file: string): Expanded {
    const reached = new Set<string>();
    return { source: this.expandIn(source, file, [file], reached), files: [...reached] };
  }

  private expandIn(source: string, file: string, chain: readonly string[], reached: Set<string>): string {
    const imported = new Map<string, Resolution>();
    for (const line of source.split('\n')) {
      const match = DEFAULT_IMPORT.exec(line);
      if (match) imported.set(match[1]!, resolveImport(this.files, match[2]!, file));
    }
    if (imported.size === 0 && !source.includes('<Snippet')) return source;
    const names = [...imported.keys(), 'Snippet'].join('|');
    const tag = new RegExp(`<(${names})((?:\\s(?:[^<>"'{}]|"[^"]*"|'[^']*'|\\{(?:[^{}]|\\{[^{}]*\\})*\\})*)?)\\/?>`, 'g');
    return outsideFences(source, (prose) =>
      prose.replace(tag, (written, name: string, attributes: string) => {
        const props = stringProps(attributes);
        const resolution = name === 'Snippet' ? (props.has('file') ? resolveSnippetFile(this.files, props.get('file')!) : undefined) : imported.get(name);
        if (resolution?.kind === 'missing') reached.add(resolution.file);
        if (resolution?.kind !== 'file' || resolution.type === 'jsx') return written;
        reached.add(resolution.file);
        const body = this.body(resolution.file);
        if (body === undefined || chain.includes(resolution.file) || chain.length > MAX_DEPTH) return ' ';
        const own = resolution.type === 'mdx' ? this.expandIn(body, resolution.file, [...chain, resolution.file], reached) : body;
        return `\n\n${withProps(own, props)}\n\n`;
      }),
    );
  }

  /** A snippet file's body (its frontmatter left out); undefined when it cannot be read. */
  private body(file: string): string | undefined {
    if (!this.bodies.has(file)) {
      let text: string | undefined;
      try {
        text = readFileSync(path.join(this.root, file), 'utf8');
        text = applyVariables(text.slice(locateBody(text).bodyStart), this.variables).text;
      } catch {
        text = undefined;
      }
      this.bodies.set(file, text);
    }
    return this.bodies.get(file);
  }
}

/** The attributes written as strings: what `{name}` shows in the snippet. */
function stringProps(attributes: string): Map<string, string> {
  const props = new Map<string, string>();
  for (const match of attributes.matchAll(ATTRIBUTE)) props.set(match[1]!, match[2] ?? match[3] ?? match[4] ?? '');
  return props;
}

/** `{name}` and `{props.name}` replaced by the props given; other expressions stay (text.ts drops them). */
function withProps(body: string, props: ReadonlyMap<string, string>): string {
  if (props.size === 0) return body;
  return body.replace(/\{\s*(?:props\.)?([A-Za-z_$][\w$]*)\s*\}/g, (written, name: string) => props.get(name) ?? written);
}

/** `text` with `change` applied to its parts outside fenced code. */
function outsideFences(text: string, change: (prose: string) => string): string {
  const parts: string[] = [];
  let prose: string[] = [];
  let fence = '';
  for (const line of text.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === '' && marker) {
      parts.push(change(prose.join('\n')));
      prose = [];
      fence = marker;
      parts.push(line);
    } else if (fence !== '') {
      parts.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = '';
    } else {
      prose.push(line);
    }
  }
  parts.push(change(prose.join('\n')));
  return parts.join('\n');
}

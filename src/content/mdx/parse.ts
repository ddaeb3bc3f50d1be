/**
 * Page body → mdast. `.mdx` pages: MDX (JSX, expressions, ESM) + GFM + math; `.md` pages: Markdown
 * + GFM + math. An MDX page the parser rejects is repaired and parsed again (`repair.ts`), up to
 * `MAX_REPAIRS` times; if it still fails it is read as plain Markdown, with a warning. Never throws.
 */
import type { Root } from 'mdast';
import { fromMarkdown, type Options } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import { LineIndex } from '../../diagnostics.ts';
import { errorOffset, protectCustomIds, reasonOf, repairMdx, tidyReason } from './repair.ts';
import type { Reporter } from './report.ts';

export type Format = 'mdx' | 'md';

export interface ParsedPage {
  tree: Root;
  /** The text the tree was parsed from: the body, after repairs (offsets match the body's). */
  text: string;
  /** How the page was read in the end: an MDX page that could not be repaired is read as Markdown. */
  format: Format;
  /** Stand-ins from `repair.ts` are in the tree and must be restored. */
  repaired: boolean;
}

/** No page needs more; each repair costs a full parse, so a hopeless page stops early. */
const MAX_REPAIRS = 25;

type Syntax = Required<Pick<Options, 'extensions' | 'mdastExtensions'>>;

// Built once: each is a table of constructs that every parse reads.
const GFM = withCheapAutolinks(gfmFromMarkdown());
const MDX: Syntax = { extensions: [mdxjs(), gfm()], mdastExtensions: [mdxFromMarkdown(), GFM] };
const MDX_MATH: Syntax = { extensions: [mdxjs(), gfm(), math()], mdastExtensions: [mdxFromMarkdown(), GFM, mathFromMarkdown()] };
const MD: Syntax = { extensions: [gfm()], mdastExtensions: [GFM] };
const MD_MATH: Syntax = { extensions: [gfm(), math()], mdastExtensions: [GFM, mathFromMarkdown()] };

type MdastExtension = ReturnType<typeof gfmFromMarkdown>[number];

/**
 * GFM's literal autolinks (`www.x.com`, `https://…` and e-mail addresses in plain text) are found
 * by a pass over every text node with two regular expressions: 6% of a parse in the corpus, where
 * most pages have none. The pass runs only when some text could hold one.
 */
function withCheapAutolinks(extensions: MdastExtension[]): MdastExtension[] {
  return extensions.map((extension) => {
    const transforms = extension.transforms;
    if (!transforms || transforms.length === 0) return extension;
    return { ...extension, transforms: transforms.map((transform) => (tree: Root) => (mayHoldAutolink(tree) ? transform(tree) : undefined)) };
  });
}

const AUTOLINK_START = /https?:\/\/|www\.|@/i;

function mayHoldAutolink(node: Root | Root['children'][number]): boolean {
  if (node.type === 'text') return AUTOLINK_START.test(node.value);
  if ('children' in node) for (const child of node.children) if (mayHoldAutolink(child)) return true;
  return false;
}

/** Math needs a `$`; most pages have none, and skipping the extension skips its cost. */
function syntaxFor(format: Format, text: string): Syntax {
  const hasMath = text.includes('$');
  if (format === 'mdx') return hasMath ? MDX_MATH : MDX;
  return hasMath ? MD_MATH : MD;
}

export function parsePage(options: { text: string; format: Format; reporter: Reporter }): ParsedPage {
  const { text, format, reporter } = options;
  if (format === 'md') return { tree: fromMarkdown(text, syntaxFor('md', text)), text, format: 'md', repaired: false };

  let current = protectCustomIds(text);
  const warnings: (() => void)[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      const tree = fromMarkdown(current, syntaxFor('mdx', current));
      for (const warn of warnings) warn();
      return { tree, text: current, format: 'mdx', repaired: current !== text };
    } catch (error) {
      const repair = repairMdx(current, error);
      if (repair === undefined || repair.text === current || attempt >= MAX_REPAIRS) {
        // The repairs made so far are dropped with the MDX reading; only the blocker is reported,
        // where it starts (the `{` of an expression that never closes, not the end of the file).
        const offset = repair?.offset ?? errorOffset(error, current);
        const point = offset === undefined ? undefined : new LineIndex(current).position(offset);
        reporter.report(
          'mdx-fallback-markdown',
          point,
          `the page is not valid MDX (${tidyReason(reasonOf(error))}) and could not be repaired, so it is read as plain Markdown: its components and {expressions} show as written`,
          'Fix the MDX at this position: close the tag or expression, or escape a literal `<` or `{` as `\\<` or `\\{`.',
        );
        return { tree: fromMarkdown(text, syntaxFor('md', text)), text, format: 'md', repaired: false };
      }
      const { warning, offset } = repair;
      if (warning) {
        const point = new LineIndex(current).position(offset);
        warnings.push(() => reporter.report(warning.code, point, warning.message, warning.fix));
      }
      current = repair.text;
    }
  }
}

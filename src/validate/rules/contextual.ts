/**
 * Entries of `contextual.options` that a site docjet builds cannot offer (src/config/contextual-options.ts:
 * they need the hosted product's assistant or PDFs, or are no option at all) get a warning at
 * their line, once each: the shell leaves them out of the menu. A page's `contextual` frontmatter, which replaces the site's menu on
 * that page, is checked by `pageContextualDiagnostics`: the same warnings, once per option however
 * many pages list it, and a frontmatter value of the wrong shape (the page then keeps the site's menu).
 */
import path from 'node:path';
import type { Diagnostic } from '../../shared/diagnostics.ts';
import { describeValue, frontmatterKeyPosition } from '../../content/frontmatter-schema.ts';
import type { PageMeta } from '../../content/frontmatter.ts';
import { readText } from '../../shared/read-text.ts';
import type { PageFile } from '../../shared/scan.ts';
import { diagnostic, type ContextualGap } from '../../shared/messages.ts';
import { closestMatch } from '../../shared/suggest.ts';
import { CONTEXTUAL_OPTIONS, type ContextualOptionName } from '../../config/contextual-options.ts';
import { isObject } from '../../config/load.ts';
import { contextualSchema } from '../../config/schema.ts';
import type { Rule } from './context.ts';

interface Gap {
  option: string;
  gap: ContextualGap;
  suggestion?: string | undefined;
}

/** Entries of one kind with no effect (an unknown name alone, for its "did you mean"); `at`: where the first is in the list. */
interface GapGroup {
  at: number;
  gap: ContextualGap;
  options: string[];
  suggestion?: string | undefined;
}

export const contextualOptions: Rule = {
  name: 'contextual-option-no-effect',
  create: (context) => ({
    finish() {
      const contextual = isObject(context.config) ? context.config.contextual : undefined;
      const options = isObject(contextual) ? contextual.options : undefined;
      if (!Array.isArray(options)) return;
      for (const { at, ...group } of gapGroups(options)) context.report('contextual-option-no-effect', ['contextual', 'options', at], group);
    },
  }),
};

/** The entries of a list with no effect, grouped by kind, in the order they are written. */
export function gapGroups(options: readonly unknown[]): GapGroup[] {
  const groups = new Map<string, GapGroup>();
  options.forEach((option, at) => {
    const found = optionGap(option);
    if (!found) return;
    const key = found.gap === 'unknown' ? `unknown ${found.option}` : found.gap;
    const group = groups.get(key);
    if (!group) groups.set(key, { at, gap: found.gap, options: [found.option], ...(found.suggestion ? { suggestion: found.suggestion } : {}) });
    else if (!group.options.includes(found.option)) group.options.push(found.option);
  });
  return [...groups.values()];
}

/** Why an entry has no effect; undefined for one the shell draws (or a malformed one: the schema reports it). */
export function optionGap(option: unknown): Gap | undefined {
  if (typeof option === 'string') {
    if (!Object.hasOwn(CONTEXTUAL_OPTIONS, option)) return { option, gap: 'unknown', suggestion: closestMatch(option, Object.keys(CONTEXTUAL_OPTIONS)) };
    const kind = CONTEXTUAL_OPTIONS[option as ContextualOptionName];
    return kind === 'offered' ? undefined : { option, gap: kind };
  }
  return undefined;
}

/**
 * The warnings of the pages' `contextual` frontmatter: a value the schema rejects, and each kind
 * of entry with no effect once, at the first page (in path order) that lists one, counting the others.
 */
export async function pageContextualDiagnostics(options: { root: string; pages: Iterable<PageFile>; meta: ReadonlyMap<string, PageMeta> }): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  const found = new Map<string, { group: Omit<GapGroup, 'at'>; file: string; text: string; pages: Set<string> }>();
  const files = [...options.pages].filter((page) => options.meta.get(page.id)?.data['contextual'] !== undefined).sort((a, b) => a.file.localeCompare(b.file));
  for (const page of files) {
    const value = options.meta.get(page.id)!.data['contextual'];
    const text = (await readText(path.join(options.root, page.file))).text;
    const parsed = contextualSchema.safeParse(value);
    if (!parsed.success) {
      diagnostics.push(wrongShape(page.file, text, value));
      continue;
    }
    for (const { at, ...group } of gapGroups(parsed.data.options)) {
      const key = group.gap === 'unknown' ? `unknown ${group.options[0]}` : group.gap;
      const first = found.get(key);
      if (!first) found.set(key, { group, file: page.file, text, pages: new Set([page.file]) });
      else {
        first.pages.add(page.file);
        for (const option of group.options) if (!first.group.options.includes(option)) first.group.options.push(option);
      }
    }
  }
  for (const { group, file, text, pages } of found.values()) {
    const at = frontmatterKeyPosition(file, text, 'contextual', 'key');
    diagnostics.push(diagnostic('contextual-option-no-effect', at, file, pages.size > 1 ? { ...group, pages: pages.size - 1 } : group));
  }
  return diagnostics;
}

function wrongShape(file: string, text: string, value: unknown): Diagnostic {
  const at = frontmatterKeyPosition(file, text, 'contextual', 'value');
  return diagnostic('frontmatter-type', at, file, {
    key: 'contextual',
    value: describeValue(value),
    expects: 'an "options" list (option names, or entries with "title" and "href") and an optional "display", "header" or "toc"',
    example: '{ options: [copy, view] }',
  });
}

/**
 * Accessibility, checked rather than assumed: axe-core runs in Chromium on pages of the example
 * site (/examples) in every run, and of real sites from the corpus (ollama, cline, hoppscotch) in the
 * long run (`--full`, which CI runs), in light and dark, on a desktop
 * (1280 px) and a phone (375 px, with the menu drawer closed and open): each page is loaded once a
 * scheme and narrowed in place. No violation of impact serious or critical may remain; each one
 * found is printed with its selector.
 *
 * The corpus sites' own content and styles are theirs, not docjet's: the few problems they bring
 * are listed below (`AUTHORED`), matched by rule and place, and reported as skipped. The corpus
 * lives beside the checkout (or at DOCJET_CORPUS); without it those rows are skipped.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, inWindow, type SiteSpec } from './harness.ts';
import { LONG_RUN } from '../support/long-runs.ts';
import { patience } from '../support/patience.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = process.env['DOCJET_CORPUS'] ?? path.resolve(REPO, '../shared/corpus');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation the site's own pages or stylesheet cause: `rule` on elements inside (or matching) `within`. */
interface Authored {
  rule: string;
  within: string;
  why: string;
}

interface Row {
  spec: SiteSpec;
  /** Home, a page with components, code blocks (focused lines and diffs), an API page, a right-to-left page (where the site has one). */
  pages: string[];
  authored?: Authored[];
}

const EXAMPLE: Row = {
  spec: { root: path.join(REPO, 'examples') },
  pages: ['', 'components/interactive', 'components/code', 'api-reference/sites/get-a-site', 'ar'],
};

const CORPUS_ROWS: Record<'ollama' | 'cline' | 'hoppscotch', Row> = {
  ollama: {
    spec: { root: path.join(CORPUS, 'ollama__ollama'), warnings: 'allowed', mediaMissing: true },
    pages: ['', 'capabilities/vision', 'api/chat'],
    authored: [{ rule: 'color-contrast', within: '.eyebrow', why: 'styling.css sets `.eyebrow { color: #666 }`, 3.6:1 on its dark background' }],
  },
  cline: {
    spec: { root: path.join(CORPUS, 'cline__cline'), warnings: 'allowed', mediaMissing: true },
    pages: ['cline-overview', 'enterprise-solutions/overview', 'api/chat-completions'],
  },
  hoppscotch: {
    spec: { root: path.join(CORPUS, 'hoppscotch__docs'), warnings: 'allowed', mediaMissing: true },
    pages: ['', 'documentation/getting-started/introduction', 'support/getting-started/faq'],
    authored: [
      { rule: 'image-alt', within: '.prose', why: 'its pages write `<img>` without `alt`' },
      // Shown as written since docjet compiles Tailwind utilities (issue 32): white on its own `colors.dark` #0D9373 is 3.9:1.
      { rule: 'color-contrast', within: '.prose button.bg-primary-dark', why: 'snippets/components.mdx writes its PrimaryButton `bg-primary-dark text-white`' },
    ],
  },
};

const corpusMissing = existsSync(CORPUS) ? false : `the corpus is not at ${CORPUS} (set DOCJET_CORPUS to its folder)`;
/** Why a corpus site's rows are skipped, or false: all three in the long run (CI runs it), the example site's in every run. */
const skipOf: Record<keyof typeof CORPUS_ROWS, string | false> = { ollama: corpusMissing || LONG_RUN, cline: corpusMissing || LONG_RUN, hoppscotch: corpusMissing || LONG_RUN };

const e2e = browserSuite<string>({
  example: EXAMPLE.spec,
  ...Object.fromEntries(Object.entries(CORPUS_ROWS).flatMap(([name, row]) => (skipOf[name as keyof typeof CORPUS_ROWS] ? [] : [[name, row.spec]]))),
});

interface Found {
  impact: string;
  rule: string;
  help: string;
  nodes: { selector: string; summary: string; authored?: string }[];
}

/** Runs axe (injected since the page loaded) on the page as it is; serious and critical violations, each node marked when the site's own content causes it. */
async function axe(page: Page, authored: readonly Authored[]): Promise<Found[]> {
  return inWindow(
    page,
    async (window, known) => {
      const result = await window.axe.run(window.document, { resultTypes: ['violations'] });
      return result.violations
        .filter((violation: { impact: string }) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation: { impact: string; id: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }) => ({
          impact: violation.impact,
          rule: violation.id,
          help: violation.help,
          nodes: violation.nodes.map((node) => {
            const selector = node.target.join(' ');
            const element = window.document.querySelector(node.target[node.target.length - 1]);
            const cause = known.find((each: Authored) => each.rule === violation.id && element?.closest(each.within));
            return { selector, summary: (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim(), ...(cause ? { authored: cause.why } : {}) };
          }),
        }));
    },
    authored,
  );
}

/** One line per violating element: what, where, why. */
function report(found: readonly Found[], where: string): string[] {
  return found.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.impact} ${violation.rule} on ${where}: ${violation.help}\n      at ${node.selector}: ${node.summary}`),
  );
}

/** The widths checked, a desktop first: a page is loaded at the first and checked at each, narrowed in place. */
const WIDTHS = [1280, 375];

/** Waits for the page to lay out at its new size and for the transitions that started to end (the drawer sliding shut), as a page loaded at that size shows it. */
async function settled(page: Page): Promise<void> {
  await inWindow(page, async (window) => {
    await new Promise((resolve) => window.requestAnimationFrame(() => window.requestAnimationFrame(resolve)));
    const ending = window.document
      .getAnimations()
      .filter((animation: { effect: { getComputedTiming(): { endTime: number } } | null }) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    await Promise.all(ending.map((animation: { finished: Promise<unknown> }) => animation.finished.catch(() => {})));
  });
}

function axeRows(name: string, label: string, row: Row, skip: string | false): void {
  for (const colorScheme of ['light', 'dark'] as const) {
    // One test a scheme: each page is loaded once, at 1280 px, and checked there, then at 375 px
    // with the menu drawer closed and open (a new load for each cost Chromium as much as axe's run).
    e2eTest(
      `axe finds nothing serious on ${label}, ${colorScheme}, ${WIDTHS.join(' and ')} px`,
      async (t) => {
        const page = await e2e.open(t, name, undefined, { viewport: { width: WIDTHS[0]!, height: 800 }, colorScheme });
        const problems: string[] = [];
        const skipped: string[] = [];
        for (const pathname of row.pages) {
          await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
          await page.goto(e2e.site(name).href(pathname));
          await page.addScriptTag({ content: AXE });
          for (const [index, width] of WIDTHS.entries()) {
            if (index > 0) {
              await page.setViewportSize({ width, height: 800 });
              await settled(page);
            }
            const states: ('closed' | 'open')[] = width < 820 && (await page.locator('[data-drawer-button]').count()) > 0 ? ['closed', 'open'] : ['closed'];
            for (const state of states) {
              if (state === 'open') await page.locator('[data-drawer-button]').click();
              const where = `/${pathname} at ${width} px${state === 'open' ? ' (menu open)' : ''}`;
              const found = await axe(page, row.authored ?? []);
              const own = found.map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !node.authored) })).filter((violation) => violation.nodes.length > 0);
              problems.push(...report(own, where));
              for (const violation of found)
                for (const node of violation.nodes) if (node.authored) skipped.push(`${violation.rule} at ${node.selector} on ${where}: ${node.authored}`);
            }
          }
        }
        for (const line of new Set(skipped)) t.diagnostic(`the site's own: ${line}`);
        assert.deepEqual(problems, [], `axe found ${problems.length} serious or critical problems:\n  ${problems.join('\n  ')}`);
      },
      { skip, timeout: patience(240_000) },
    );
  }
}

axeRows('example', 'the example site', EXAMPLE, false);
axeRows('ollama', 'ollama (corpus)', CORPUS_ROWS.ollama, skipOf.ollama);
axeRows('cline', 'cline (corpus)', CORPUS_ROWS.cline, skipOf.cline);
axeRows('hoppscotch', 'hoppscotch (corpus)', CORPUS_ROWS.hoppscotch, skipOf.hoppscotch);

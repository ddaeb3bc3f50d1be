/**
 * Pages as their authors styled them (issue 32): the `dark` class on `<html>` that sites' custom
 * CSS and Tailwind's `dark:` variants read, and the Tailwind utility classes pages, snippets and
 * components use (test/fixtures/e2e/tailwind).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { dev } from '../../src/dev/dev-server.ts';
import { browserSuite, e2eTest, eventually, inWindow } from './harness.ts';

const e2e = browserSuite({
  site: { fixture: 'tailwind' },
  darkDefault: { fixture: 'tailwind', config: { appearance: { default: 'dark' } } },
});

const HERO_LIGHT = 'rgb(20, 20, 20)';
const HERO_DARK = 'rgb(250, 250, 250)';

async function heroColour(page: Page): Promise<string> {
  return inWindow(page, (window) => window.getComputedStyle(window.document.querySelector('.hero-title')).color as string);
}

async function hasDarkClass(page: Page): Promise<boolean> {
  return inWindow(page, (window) => window.document.documentElement.classList.contains('dark') as boolean);
}

e2eTest("the site's `.dark` rule applies after the toggle, and the class leaves with the light theme", async (t) => {
  const page = await e2e.open(t, 'site', '');
  assert.equal(await hasDarkClass(page), false);
  assert.equal(await heroColour(page), HERO_LIGHT);
  await page.locator('button[data-theme-toggle]').click();
  assert.equal(await hasDarkClass(page), true);
  assert.equal(await heroColour(page), HERO_DARK);
  await page.reload();
  assert.equal(await heroColour(page), HERO_DARK);
  await page.locator('button[data-theme-toggle]').click();
  assert.equal(await hasDarkClass(page), false);
  assert.equal(await heroColour(page), HERO_LIGHT);
});

e2eTest("the site's `.dark` rule applies on a dark OS, before the page script runs, and follows the OS while the page is open", async (t) => {
  const page = await e2e.open(t, 'site', undefined, { colorScheme: 'dark' });
  // The class is there at first paint: read when the document is parsed, before `defer` scripts.
  await page.addInitScript(
    "document.addEventListener('readystatechange', () => { if (document.readyState === 'interactive') window.classAtParse = document.documentElement.className; })",
  );
  await page.goto(e2e.site('site').href(''));
  assert.equal(await inWindow(page, (window) => window.classAtParse as string), 'dark');
  assert.equal(await heroColour(page), HERO_DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await eventually(() => heroColour(page), HERO_LIGHT);
  assert.equal(await hasDarkClass(page), false);
});

e2eTest('appearance.default "dark" puts the class in the markup (JavaScript off too)', async (t) => {
  const page = await e2e.open(t, 'darkDefault', '', { javaScriptEnabled: false });
  assert.equal(await hasDarkClass(page), true);
  assert.equal(await heroColour(page), HERO_DARK);
});

e2eTest('the theme toggle shows a different icon in light and in dark, whether dark is chosen or the OS setting', async (t) => {
  const icon = async (page: Page): Promise<string> =>
    inWindow(page, (window) => {
      const style = window.getComputedStyle(window.document.querySelector('.theme-icon'));
      return `${style.maskImage || style.webkitMaskImage} ${style.width}`;
    });
  const light = await e2e.open(t, 'site', '');
  const lightIcon = await icon(light);
  const system = await e2e.open(t, 'site', '', { colorScheme: 'dark' });
  const darkIcon = await icon(system);
  assert.notEqual(darkIcon, lightIcon, 'a dark OS shows the dark mode icon');
  await light.locator('button[data-theme-toggle]').click();
  assert.equal(await icon(light), darkIcon, 'the toggle to dark shows the dark mode icon');
});

/** The images of the page that a reader sees (displayed), by alt text. */
async function shownImages(page: Page): Promise<string[]> {
  return inWindow(page, (window) =>
    ([...window.document.querySelectorAll('.prose img')] as { alt: string; getBoundingClientRect(): { width: number } }[])
      .filter((image) => image.getBoundingClientRect().width > 0)
      .map((image) => image.alt),
  );
}

e2eTest('`dark:hidden` and `dark:block` images: exactly one shows in each mode, by the toggle and by the OS', async (t) => {
  const page = await e2e.open(t, 'site', '');
  assert.deepEqual(await shownImages(page), ['Light diagram']);
  await page.locator('button[data-theme-toggle]').click();
  assert.deepEqual(await shownImages(page), ['Dark diagram']);
  const system = await e2e.open(t, 'site', '', { colorScheme: 'dark' });
  assert.deepEqual(await shownImages(system), ['Dark diagram']);
});

e2eTest('a grid of utilities is three columns at 1280 px and one column at 375 px; arbitrary values, snippet components and `primary` apply', async (t) => {
  const boxes = async (page: Page): Promise<{ x: number; y: number }[]> =>
    inWindow(page, (window) =>
      ([...window.document.querySelectorAll('#utility-grid > div')] as { getBoundingClientRect(): { x: number; y: number } }[]).map((cell) => ({
        x: Math.round(cell.getBoundingClientRect().x),
        y: Math.round(cell.getBoundingClientRect().y),
      })),
    );
  const wide = await e2e.open(t, 'site', 'grid');
  const columns = await boxes(wide);
  assert.equal(new Set(columns.map((cell) => cell.y)).size, 1, `one row at 1280 px: ${JSON.stringify(columns)}`);
  assert.equal(new Set(columns.map((cell) => cell.x)).size, 3);
  const width = await inWindow(wide, (window) =>
    Math.round(
      ([...window.document.querySelectorAll('.prose div')] as { textContent: string | null; getBoundingClientRect(): { width: number } }[])
        .find((div) => div.textContent?.trim() === 'A panel of 320 pixels.')!
        .getBoundingClientRect().width,
    ),
  );
  assert.equal(width, 320, "the snippet component's `w-[320px]`");

  const phone = await e2e.open(t, 'site', 'grid', { viewport: { width: 375, height: 800 } });
  const stacked = await boxes(phone);
  assert.equal(new Set(stacked.map((cell) => cell.x)).size, 1, `one column at 375 px: ${JSON.stringify(stacked)}`);
  assert.equal(new Set(stacked.map((cell) => cell.y)).size, 3);

  const home = await e2e.open(t, 'site', '');
  assert.equal(
    await inWindow(home, (window) => window.getComputedStyle(window.document.querySelector('.text-primary')).color as string),
    'rgb(13, 147, 115)',
    'colors.primary as `primary`',
  );
});

e2eTest("a page of a site with utilities that uses none looks as before: docjet's styles are not reset", async (t) => {
  const page = await e2e.open(t, 'site', 'plain');
  // No preflight: docjet's own heading and paragraph spacing stay.
  const styles = await inWindow(page, (window) => {
    const paragraph = window.getComputedStyle(window.document.querySelector('.prose p'));
    const title = window.getComputedStyle(window.document.querySelector('h1.page-title'));
    return { paragraphMargin: paragraph.marginBottom !== '0px', titleSize: parseFloat(title.fontSize) > 20 };
  });
  assert.deepEqual(styles, { paragraphMargin: true, titleSize: true });
});

e2eTest(
  'dev: a class no page used before gets its CSS when the page is saved, without a reload',
  async (t) => {
    // The pooled page, taken first: its reset (leaving the dev page) runs before the server closes.
    const tab = await e2e.open(t, 'site');
    const root = await mkdtemp(path.join(os.tmpdir(), 'docjet-utilities-dev-'));
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Live', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }));
    const page = (className: string): string => `---\ntitle: Live\n---\n\n<div id="box" className="${className}">Box</div>\n`;
    await writeFile(path.join(root, 'index.mdx'), page('p-2'));
    const server = await dev({ root, port: 0, ahead: false });
    t.after(async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    });
    await tab.goto(server.url);
    await tab.waitForLoadState('networkidle');
    const box = async (): Promise<string> =>
      inWindow(
        tab,
        (window) => `${window.getComputedStyle(window.document.getElementById('box')).paddingTop} ${window.getComputedStyle(window.document.getElementById('box')).marginTop}`,
      );
    assert.equal(await box(), '8px 0px');
    await inWindow(tab, (window) => {
      window.notReloaded = true;
    });
    await writeFile(path.join(root, 'index.mdx'), page('p-2 mt-[37px]'));
    await eventually(box, '8px 37px', "the new class's CSS arrived");
    assert.equal(await inWindow(tab, (window) => window.notReloaded === true), true, 'the page was not reloaded');
  },
  { timeout: 60_000 },
);

e2eTest('axe in dark mode (toggle and OS) on a page with utilities and `.dark` rules: no serious or critical violation', async (t) => {
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const violations = async (page: Page): Promise<string[]> => {
    await page.addScriptTag({ content: axe });
    return inWindow(page, async (window) => {
      const result = await window.axe.run(window.document, { resultTypes: ['violations'] });
      return result.violations
        .filter((violation: { impact: string }) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation: { id: string; nodes: { target: string[] }[] }) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    });
  };
  const system = await e2e.open(t, 'site', '', { colorScheme: 'dark' });
  assert.deepEqual(await violations(system), []);
  const toggled = await e2e.open(t, 'site', 'grid');
  await toggled.locator('button[data-theme-toggle]').click();
  assert.deepEqual(await violations(toggled), []);
});

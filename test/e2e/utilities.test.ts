/**
 * Pages as their authors styled them (issue 32): the `dark` class on `<html>` that sites' custom
 * CSS and Tailwind's `dark:` variants read, and the Tailwind utility classes pages, snippets and
 * components use (test/fixtures/e2e/tailwind).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
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

e2eTest('the site\'s `.dark` rule applies after the toggle, and the class leaves with the light theme', async (t) => {
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

e2eTest('the site\'s `.dark` rule applies on a dark OS, before the page script runs, and follows the OS while the page is open', async (t) => {
  const page = await e2e.open(t, 'site', undefined, { colorScheme: 'dark' });
  // The class is there at first paint: read when the document is parsed, before `defer` scripts.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { classAtParse: string }).classAtParse = document.documentElement.className;
    });
  });
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

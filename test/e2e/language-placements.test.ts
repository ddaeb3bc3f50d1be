/**
 * Switching language on a page both languages list: besides the navigation, what the language
 * changes around the page follows it: `lang` and `dir`, the banner, navbar and footer each
 * language declares, the logo's link and the shell's own words. Fixture:
 * test/fixtures/e2e/shared-languages (en with a dismissible banner, ar; `guides/glossary` in both,
 * in ar as the own page of a nested group).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, e2eTest, eventually, pathOf, texts } from './harness.ts';

const e2e = browserSuite({ atlas: { fixture: 'shared-languages' } });

/** What a reader sees around the page, language-wise. */
async function surroundings(page: Page): Promise<Record<string, unknown>> {
  const html = page.locator('html');
  return {
    lang: await html.getAttribute('lang'),
    dir: await html.getAttribute('dir'),
    banner: await texts(page, 'body > .banner .banner-content'),
    navbar: await texts(page, '.topbar .navbar a'),
    footer: await texts(page, '#content > .site-footer .footer-column a'),
    sidebar: await texts(page, 'aside.sidebar :is(a.nav-link, a.nav-group-link)'),
    current: await texts(page, 'aside.sidebar [aria-current="page"]'),
    open: await texts(page, 'aside.sidebar details.nav-group[open] a.nav-link'),
    logo: await page.locator('.topbar a.logo').getAttribute('href'),
    toc: await texts(page, '.toc-title'),
    switcher: await page.locator('details.language-switcher summary').getAttribute('aria-label'),
  };
}

const ENGLISH = {
  lang: 'en',
  dir: 'ltr',
  banner: ['English news'],
  navbar: ['Community'],
  footer: ['About us'],
  sidebar: ['Welcome', 'Glossary'],
  current: ['Glossary'],
  open: [],
  logo: '/',
  toc: ['On this page'],
  switcher: 'Language: English',
};

const ARABIC = {
  lang: 'ar',
  dir: 'rtl',
  banner: ['أخبار عربية'],
  navbar: ['المجتمع'],
  footer: ['من نحن'],
  sidebar: ['مرحبا', 'المسرد', 'المصطلحات'],
  // The page is the group's own: its link is current and the group opens to show what it holds.
  current: ['المسرد'],
  open: ['المصطلحات'],
  logo: '/ar',
  toc: ['في هذه الصفحة'],
  switcher: 'اللغة: العربية',
};

async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.locator('details.language-switcher summary').click();
  await page.locator('details.language-switcher a.menu-item', { hasText: name }).click();
}

e2eTest('switching language on a page both list brings that language’s direction, banner, navbar, footer and words', async (t) => {
  const page = await e2e.open(t, 'atlas', 'guides/glossary');
  assert.deepEqual(await surroundings(page), ENGLISH);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  await chooseLanguage(page, 'العربية');
  await eventually(() => surroundings(page), ARABIC);
  assert.equal(pathOf(page), '/guides/glossary');
  assert.deepEqual(loads, [], 'the page was not reloaded');

  await page.reload();
  await eventually(() => surroundings(page), ARABIC);

  await chooseLanguage(page, 'English');
  await eventually(() => surroundings(page), ENGLISH);
});

e2eTest('a dismissed banner stays dismissed when its language comes back', async (t) => {
  const page = await e2e.open(t, 'atlas', 'guides/glossary');
  await page.locator('.banner [data-banner-dismiss]').click();
  assert.deepEqual(await texts(page, 'body > .banner'), []);

  await chooseLanguage(page, 'العربية');
  await eventually(() => texts(page, 'body > .banner .banner-content'), ['أخبار عربية']);
  await chooseLanguage(page, 'English');
  await eventually(async () => (await surroundings(page)).navbar, ['Community']);
  assert.deepEqual(await texts(page, 'body > .banner'), []);
});

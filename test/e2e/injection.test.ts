/**
 * No text from a site (config, frontmatter, page, OpenAPI document) ever runs as script in a
 * reader's browser. The fixture (test/fixtures/e2e/injection) holds every known way in: a hostile
 * banner, `javascript:` Markdown links (any case, entity-encoded, with a tab), raw HTML and JSX with
 * `onerror`, `<script>`, `srcdoc`, `<object>`, `<embed>`, a `<style>` that closes itself early,
 * `dangerouslySetInnerHTML`, a frontmatter `url: javascript:…`, and an OpenAPI document whose
 * descriptions carry `<img onerror>` and whose header example, written into every request sample (those of
 * the other languages fetched from the samples file), is an `<img onerror>` and a `javascript:` frame. Config URLs with `javascript:` fail validation (rule 5), so
 * the shell is also rendered here with such a config, as if validation had been skipped.
 *
 * Every page is loaded in Chromium; every link that is not http(s) or relative is clicked, and the
 * forms and handlers are poked. Any dialog, any console message naming the payload, or
 * `window.__pwned` being set fails the test.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from '../../src/output/build.ts';
import { isUnsafeUrl } from '../../src/shared/safe-url.ts';
import { serveStatic, type StaticServer } from '../../src/dev/static-server.ts';
import { Shell } from '../../src/render/shell/document.ts';
import type { Site } from '../../src/site/types.ts';
import { validate } from '../../src/validate/index.ts';
import { CHROMIUM, e2eTest, inWindow, pagePool, skipBrowser } from './harness.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/e2e/injection');
const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

let browser: Browser | undefined;
let server: StaticServer | undefined;
let work: string | undefined;
let routes: string[] = [];
let warnings: string[] = [];
/** Pages reset between visits as a new context would be (harness.ts): a new context costs Chromium more than a visit. */
const pool = pagePool(
  () => browser!,
  () => (server ? [new URL(server.url).origin] : []),
);

before(async () => {
  if (skipBrowser) return;
  work = await mkdtemp(path.join(os.tmpdir(), 'docjet-e2e-injection-'));
  const outDir = path.join(work, 'out');
  const result = await build({ root: FIXTURE, outDir });
  assert.ok(result.ok, result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}: ${d.message}`).join('\n'));
  warnings = withoutSitemapNoUrl(result.diagnostics).map((d) => `${d.code} ${d.file}:${d.line}`);
  const validated = await validate({ root: FIXTURE });
  routes = [...validated.site!.pages.keys()];
  await writeHostileShell(validated.site!, outDir);
  server = await serveStatic({ dir: outDir, port: 0 });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

after(async () => {
  await pool.close();
  await browser?.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * A page of the built site rendered again with a config that validation would refuse: every URL
 * the shell writes from docs.json is a `javascript:` URL. The render-time check must hold alone.
 */
async function writeHostileShell(site: Site, outDir: string): Promise<void> {
  const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(index)![1]!;
  const script = /<script src="([^"]+)"/.exec(index)![1]!;
  const js = (what: string): string => `javascript:window.__pwned='${what}';alert('${what}')`;
  const config = {
    ...site.config,
    logo: { light: js('logo light'), dark: 'data:text/html,<script>alert(1)</script>', href: ` JaVa\tScRiPt:window.__pwned='logo href'` },
    favicon: js('favicon'),
    navbar: { links: [{ label: 'Navbar', href: js('navbar') }], primary: { type: 'button' as const, label: 'Primary', href: '&#106;avascript:window.__pwned=1' } },
    footer: {
      socials: { github: js('socials'), x: 'vbscript:msgbox(1)' },
      links: [{ header: 'More', items: [{ label: 'Footer link', href: js('footer') }] }],
    },
  };
  const shell = new Shell({ site: { ...site, config }, base: '/', stylesheet, script, assetsPrefix: '/_docjet/' });
  const html = shell.render({ page: site.pages.get('raw'), title: 'Hostile config', bodyHtml: '<p>Body</p>', headings: [] });
  await mkdir(path.join(outDir, 'hostile-config'), { recursive: true });
  await writeFile(path.join(outDir, 'hostile-config', 'index.html'), html);
}

/** Every URL-bearing attribute in the document that would run code, as `tag attribute=value`. */
function unsafeAttributes(page: Page): Promise<string[]> {
  return inWindow(page, ({ document }) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^(href|src|action|formaction|xlink:href|data|poster|srcdoc)$/i.test(attribute.name) || attribute.name.startsWith('on')) {
          found.push(`${element.tagName.toLowerCase()} ${attribute.name}=${attribute.value}`);
        }
      }
    }
    return found;
  }).then((all) =>
    all.filter((entry) => {
      const [, name, value] = /^\S+ ([^=]+)=([\s\S]*)$/.exec(entry)!;
      return name!.startsWith('on') || name === 'srcdoc' || isUnsafeUrl(value!, 'image');
    }),
  );
}

/** Opens `route`, clicks what a reader could click, and returns everything the payloads could have done. */
async function visit(route: string): Promise<{ dialogs: string[]; console: string[]; pwned: unknown[]; unsafe: string[] }> {
  const entry = await pool.take();
  const { page } = entry;
  const dialogs: string[] = [];
  const messages: string[] = [];
  const pwned: unknown[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss().catch(() => {});
  });
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => messages.push(error.message));
  // Read after every step: a `javascript:` URL that returns a string replaces the document, and the flag with it.
  const check = async (): Promise<void> => {
    const value = await page.evaluate('window.__pwned').catch(() => undefined);
    if (value !== undefined) pwned.push(value);
  };
  try {
    await page.goto(new URL(route, server!.url).href, { waitUntil: 'load' });
    // A fixed wait is the assertion: no injected timer, animation or handler sets the flag within 200 ms of load.
    await page.waitForTimeout(200);
    await check();
    const unsafe = await unsafeAttributes(page);
    // Links that are neither http(s) nor relative: whatever the renderer left, a reader may click.
    const odd = await inWindow(page, ({ document }) =>
      [...document.querySelectorAll('a')].flatMap((link: { getAttribute(name: string): string | null }, index: number) => {
        const href = link.getAttribute('href') ?? link.getAttribute('xlink:href');
        return href !== null && !/^(https?:|\/|#|\.)/i.test(href.trim()) && /^[^/?#]*:/.test(href.trim()) ? [index] : [];
      }),
    );
    const click = async (target: ReturnType<Page['locator']>): Promise<void> => {
      if (!(await target.isVisible().catch(() => false))) return;
      await target.click({ noWaitAfter: true, timeout: 1_000 }).catch(() => {});
      // As above: what the click would run, it runs within 100 ms.
      await page.waitForTimeout(100);
      await check();
    };
    for (const target of await page.locator('.prose button, .prose summary, .prose div:not(:has(div))').all()) await click(target);
    // Each on a fresh load: a followed `javascript:` URL may have replaced the document.
    for (const index of odd) {
      await page.goto(new URL(route, server!.url).href, { waitUntil: 'load' }).catch(() => {});
      await click(page.locator('a').nth(index));
    }
    return { dialogs, console: messages.filter((text) => /pwned|alert/i.test(text)), pwned, unsafe };
  } finally {
    await pool.giveBack(entry);
  }
}

e2eTest('the fixture builds, reporting each vector it made inert at its line', async () => {
  assert.deepEqual(warnings, [
    'url-unsafe evil-url.mdx:3',
    'url-unsafe index.mdx:5',
    'url-unsafe index.mdx:6',
    'url-unsafe index.mdx:6',
    // `java&#x09;script:` written as a character reference is a relative link once made inert, and
    // leads nowhere: reported where the link is, though the page writes its URL encoded.
    'link-broken index.mdx:7',
    'url-unsafe index.mdx:7',
    'url-unsafe index.mdx:7',
    'url-unsafe index.mdx:8',
    'url-unsafe index.mdx:10',
    'html-unsafe index.mdx:14',
    'file-missing index.mdx:14', // the vector's image names a file the site does not have
    'url-unsafe index.mdx:16',
    'url-unsafe index.mdx:18',
    'script-tag index.mdx:20',
    'html-unsafe index.mdx:22',
    'html-unsafe index.mdx:24',
    'html-unsafe index.mdx:26',
    'html-unsafe index.mdx:28',
    'url-unsafe index.mdx:30',
    'script-tag index.mdx:32', // inside the `<style>` that closes itself early
    'html-unsafe raw.md:5',
    'file-missing raw.md:5',
    'url-unsafe raw.md:7',
    'url-unsafe raw.md:9',
    'script-tag raw.md:11',
    'url-unsafe raw.md:13',
    'html-unsafe raw.md:15',
    'url-unsafe raw.md:17',
    'url-unsafe raw.md:19',
  ]);
});

/** Every page of the fixture, and the shell rendered with a hostile config. */
// The API overview renders the spec's own descriptions: a page a payload can come in by too.
const PAGES = ['', 'raw', 'evil-url', 'api-reference/items/list-items', 'api-reference/overview', 'hostile-config'];

for (const route of PAGES) {
  e2eTest(`/${route}: no payload runs, however the page is clicked`, async () => {
    assert.deepEqual([...routes, 'hostile-config'], PAGES, 'the fixture has these pages');
    assert.deepEqual(await visit(route), { dialogs: [], console: [], pwned: [], unsafe: [] });
  });
}

e2eTest('links that would run script are gone, their text stays', async () => {
  const entry = await pool.take();
  try {
    const { page, context } = entry;
    await page.goto(new URL('', server!.url).href);
    const prose = await page.locator('.prose').innerText();
    for (const text of ['lower', 'mixed', 'entity', 'tab', 'a reference', 'JSX link', 'Click me', 'A card.']) assert.ok(prose.includes(text), `"${text}" is still shown`);
    assert.equal(await page.locator('.prose a', { hasText: 'lower' }).count(), 0);
    assert.equal(await page.locator('.prose a[href="/raw"]').count(), 1, 'a safe link stays a link');
    // The sidebar entry of the page with `url: javascript:…` links to the page itself.
    assert.equal(await page.locator('.sidebar a', { hasText: 'Frontmatter url' }).getAttribute('href'), '/evil-url');
    // The banner's Markdown is rendered; its script and handler are not.
    assert.equal(await page.locator('.banner-content strong').innerText(), 'News');
    assert.equal(await page.locator('.banner-content script, .banner-content [onerror]').count(), 0);
    const hostile = await context.newPage();
    await hostile.goto(new URL('hostile-config', server!.url).href);
    assert.equal(await hostile.locator('.topbar .logo').getAttribute('href'), '/', 'the logo leads home instead');
    assert.equal(await hostile.locator('.navbar-link, .navbar-primary, .footer-socials a, .footer-column a').count(), 0);
    assert.deepEqual(await hostile.locator('.footer-column li').allInnerTexts(), ['Footer link']);
  } finally {
    await pool.giveBack(entry);
  }
});

e2eTest("the request samples fetched from the samples file (another language's tab) show the spec's markup as text, and run none of it", async () => {
  const entry = await pool.take();
  try {
    const { page } = entry;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss().catch(() => {});
    });
    await page.goto(new URL('api-reference/items/list-items', server!.url).href, { waitUntil: 'load' });
    // The header's example (openapi.yaml, X-Note) is in every sample: the page's own (cURL) and the file's.
    const payload = '<img src=x onerror=window.__pwned=/sample_img/.source;alert(/sample_img/.source)><iframe src=javascript:parent.__pwned=/sample_frame/.source></iframe>';
    const samples = page.locator('.code-group.request-example');
    const python = samples.locator('[data-sample="python"]');
    assert.equal(await python.getAttribute('data-sample-lazy'), '', 'the Python sample is not in the page: it comes from the samples file');
    const fetched = page.waitForResponse((response) => /\/_docjet\/samples\/[0-9a-f]+\.html$/.test(new URL(response.url()).pathname));
    await samples.getByRole('tab', { name: 'Python', exact: true }).click();
    assert.equal((await fetched).status(), 200);
    await python.locator('.code-block [class^="sk"]').first().waitFor();
    // As above: what the inserted blocks would run (an image's error, a frame's `javascript:` URL), they run within 200 ms.
    await page.waitForTimeout(200);
    assert.deepEqual(
      await inWindow(page, (window) => ({
        pwned: window.__pwned ?? null,
        markup: window.document.querySelectorAll('.code-group img, .code-group iframe').length,
      })),
      { pwned: null, markup: 0 },
    );
    assert.deepEqual(dialogs, []);
    assert.ok((await python.innerText()).includes(payload), 'the header example is shown as written');
    assert.ok((await samples.locator('[data-sample="bash"]').textContent())!.includes(payload), "and in the page's own sample");
  } finally {
    await pool.giveBack(entry);
  }
});

/**
 * The page's contextual menu in built pages (src/render/shell/contextual.ts), as `contextual` in
 * docs.json or a page's frontmatter chooses: which entries, in which order, with which links, in
 * the page's language, in the header or the table of contents; and the warnings `validate` gives
 * for entries a docjet site cannot offer. What the page script does with it: test/e2e/contextual.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { build, type BuildOptions } from '../../src/output/build.ts';
import { validate } from '../../src/validate/index.ts';

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Harbor API', version: '1' },
  paths: { '/ships': { get: { summary: 'List ships', responses: { '200': { description: 'The ships.' } } } } },
};

/** English pages, a French one, and an endpoint page; `files` adds or replaces pages. */
async function writeSite(t: TestContext, config: Record<string, unknown> = {}, files: Record<string, string> = {}): Promise<{ root: string; out: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-contextual-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  const all: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Harbor',
      theme: 'mint',
      // One code sample on the endpoint page, not nine: each build here loaded nine grammars to colour them.
      api: { examples: { languages: ['bash'] } },
      navigation: {
        languages: [
          {
            language: 'en',
            groups: [
              { group: 'Start', pages: ['install', 'plain'] },
              { group: 'API', openapi: 'openapi.json', pages: ['GET /ships'] },
            ],
          },
          { language: 'fr', groups: [{ group: 'Démarrer', pages: ['fr/install'] }] },
        ],
      },
      ...config,
    }),
    'install.mdx': '---\ntitle: Install\n---\n\n## Download\n\nGet it.\n',
    'plain.mdx': '---\ntitle: Plain\n---\n\nNo headings.\n',
    'fr/install.mdx': '---\ntitle: Installer\n---\n\n## Télécharger\n\nPrenez-le.\n',
    'openapi.json': JSON.stringify(SPEC),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  }
  return { root, out: path.join(dir, 'out') };
}

async function built(t: TestContext, config: Record<string, unknown>, options: Partial<BuildOptions> = {}, files: Record<string, string> = {}): Promise<string> {
  const { root, out } = await writeSite(t, config, files);
  const result = await build({ root, outDir: out, ...options });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  return out;
}

/**
 * A page's menu where it is (`header`, `toc` or `narrow`), as a reader would list it: the button,
 * then each menu entry as "title — hint → link", `[script]` marking what the page script completes.
 */
async function menuOf(out: string, file: string, where = 'header'): Promise<string[] | undefined> {
  // What a reader does not see: icons, and the copy button's words for after a copy.
  const html = (await fs.readFile(path.join(out, file), 'utf8')).replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<span[^>]*hidden>[^<]*<\/span>/g, '');
  const menu = new RegExp(`<div class="contextual contextual-${where}"[^>]*>(.*?)</div>`).exec(html)?.[1];
  if (menu === undefined) return undefined;
  const words = (markup: string): string => markup.replace(/<[^>]+>/g, '');
  const script = (attributes: string): string => (/ data-(?:ai|fill-page|copy-page|copy-mcp|install|fill-mcp)\b/.test(attributes) ? ' [script]' : '');
  const entry = (tag: string, attributes: string, inner: string): string => {
    const title = words(/<span class="contextual-title">(.*?)<\/span><\/span>/.exec(inner)?.[1] ?? inner);
    const hint = /<span class="contextual-hint">(.*?)<\/span><\/span>/.exec(inner)?.[1];
    const href = tag === 'a' ? ` → ${/href="([^"]*)"/.exec(attributes)![1]!.replaceAll('&amp;', '&')}` : '';
    return `${title}${hint ? ` — ${words(hint)}` : ''}${href}${script(attributes)}`;
  };
  const [, primaryTag, primaryAttributes, primaryInner] = /^<(a|button)([^>]*)>(.*?)<\/\1>/.exec(menu)!;
  const items = [...menu.matchAll(/<li><(a|button)([^>]*)>(.*?)<\/\1><\/li>/g)].map(([, tag, attributes, inner]) => entry(tag!, attributes!, inner!));
  return [`button: ${entry(primaryTag!, primaryAttributes!, primaryInner!)}`, ...items];
}

test('by default a page offers "Copy page" and, in the menu beside it, "View as Markdown"', async (t) => {
  const out = await built(t, {}, { base: '/docs/' });
  assert.deepEqual(await menuOf(out, 'install/index.html'), ['button: Copy page [script]', 'View as Markdown — Open this page as plain text → /docs/install.md']);
  assert.match(await fs.readFile(path.join(out, 'install/index.html'), 'utf8'), /data-markdown="\/docs\/install\.md"/, "the script copies the page's Markdown");
});

test('the first option is the button and the others the menu, in their order; AI tools get a prompt naming the page', async (t) => {
  const options = ['view', 'chatgpt', 'claude', 'perplexity', 'grok', 'copy'];
  const out = await built(t, { contextual: { options } }, { siteUrl: 'https://harbor.dev' });
  const prompt = 'Read%20https%3A%2F%2Fharbor.dev%2Finstall.md%20so%20I%20can%20ask%20questions%20about%20it.';
  assert.deepEqual(await menuOf(out, 'install/index.html'), [
    'button: View as Markdown → /install.md',
    `Open in ChatGPT — Ask questions about this page → https://chatgpt.com/?hints=search&q=${prompt}`,
    `Open in Claude — Ask questions about this page → https://claude.ai/new?q=${prompt}`,
    `Open in Perplexity — Ask questions about this page → https://www.perplexity.ai/search?q=${prompt}`,
    `Open in Grok — Ask questions about this page → https://grok.com/?q=${prompt}`,
    'Copy page — Copy this page as Markdown for AI tools [script]',
  ]);

  // Without --url the build cannot name the page's address: the script adds the prompt in the browser.
  const local = await built(t, { contextual: { options: ['copy', 'claude'] } });
  assert.deepEqual(await menuOf(local, 'install/index.html'), ['button: Copy page [script]', 'Open in Claude — Ask questions about this page → https://claude.ai/new?q= [script]']);
});

test("the site's own entries link where they say, with the page's path for $path, its Markdown for $page and the site's MCP server for $mcp", async (t) => {
  const share = {
    title: 'Share',
    description: 'Post this page',
    icon: 'x-twitter',
    href: { base: 'https://x.com/intent/tweet', query: [{ key: 'text', value: 'See $path: $page' }] },
  };
  const feature = { title: 'Request a feature', description: 'On GitHub', href: 'https://github.com/harbor/issues' };
  const mcp = { title: 'Our MCP', description: 'Install it', href: { base: 'https://example.com/install', query: [{ key: 'url', value: '$mcp' }] } };
  const out = await built(t, { contextual: { options: ['copy', feature, share, mcp] } }, { base: '/docs/' });
  assert.deepEqual(await menuOf(out, 'install/index.html'), [
    'button: Copy page [script]',
    'Request a feature — On GitHub → https://github.com/harbor/issues',
    'Share — Post this page → https://x.com/intent/tweet?text=See+%2Fdocs%2Finstall%3A+%24page [script]',
    'Our MCP — Install it → https://example.com/install?url=%24mcp [script]',
  ]);
  assert.match(await fs.readFile(path.join(out, 'install/index.html'), 'utf8'), /data-contextual [^>]*data-mcp="\/docs\/mcp" data-name="Harbor">/);
  // With the site's address the build writes the URL itself.
  const known = await built(
    t,
    { contextual: { options: ['copy', mcp, { title: 'Raw', href: 'https://example.com/add?u=$mcp' }] } },
    { base: '/docs/', siteUrl: 'https://harbor.dev' },
  );
  assert.deepEqual((await menuOf(known, 'install/index.html'))!.slice(1), [
    'Our MCP — Install it → https://example.com/install?url=https%3A%2F%2Fharbor.dev%2Fdocs%2Fmcp',
    'Raw → https://example.com/add?u=https://harbor.dev/docs/mcp',
  ]);
});

test('"mcp", "add-mcp", "cursor" and "vscode" offer the site\'s MCP server at /mcp, which docjet serve and dev answer', async (t) => {
  const options = ['mcp', 'add-mcp', 'cursor', 'vscode'];
  const known = await built(t, { contextual: { options } }, { siteUrl: 'https://harbor.dev' });
  const config = Buffer.from(JSON.stringify({ url: 'https://harbor.dev/mcp' })).toString('base64');
  assert.deepEqual(await menuOf(known, 'install/index.html'), [
    'button: Copy MCP server URL [script]',
    'Copy MCP install command — Use these docs from your AI tools [script]',
    `Connect to Cursor — Use these docs from your AI tools → cursor://anysphere.cursor-deeplink/mcp/install?name=Harbor&config=${encodeURIComponent(config)}`,
    `Connect to VS Code — Use these docs from your AI tools → vscode:mcp/install?${encodeURIComponent('{"name":"Harbor","type":"http","url":"https://harbor.dev/mcp"}')}`,
  ]);
  const html = await fs.readFile(path.join(known, 'install/index.html'), 'utf8');
  assert.match(html, /<button type="button" class="contextual-primary" data-copy-mcp="url" hidden>/);
  assert.match(html, /data-mcp="\/mcp" data-name="Harbor"/);
  // Without --url the page script makes the install links with the address the reader is at.
  const local = await built(t, { contextual: { options } });
  assert.deepEqual((await menuOf(local, 'install/index.html'))!.slice(2), [
    'Connect to Cursor — Use these docs from your AI tools → # [script]',
    'Connect to VS Code — Use these docs from your AI tools → # [script]',
  ]);
  // In the page's language, like every entry.
  const french = await menuOf(local, 'fr/install/index.html');
  assert.deepEqual(
    french?.map((entry) => entry.replace(/ → .*/, '')),
    [
      'button: Copier l’URL du serveur MCP [script]',
      'Copier la commande d’installation MCP — Utiliser cette documentation dans vos outils d’IA [script]',
      'Connecter à Cursor — Utiliser cette documentation dans vos outils d’IA',
      'Connecter à VS Code — Utiliser cette documentation dans vos outils d’IA',
    ],
  );
  const { root } = await writeSite(t, { contextual: { options } });
  assert.deepEqual(
    (await validate({ root })).diagnostics.filter((d) => d.code === 'contextual-option-no-effect'),
    [],
  );
});

test('"Download API spec" links an endpoint page\'s OpenAPI file, and appears on endpoint pages only', async (t) => {
  const out = await built(t, { contextual: { options: ['copy', 'download-spec'] } });
  assert.deepEqual(await menuOf(out, 'api-reference/list-ships/index.html'), [
    'button: Copy page [script]',
    'Download API spec — The OpenAPI file this page comes from → /openapi.json',
  ]);
  assert.match(await fs.readFile(path.join(out, 'api-reference/list-ships/index.html'), 'utf8'), /<a class="contextual-item" href="\/openapi\.json" download>/);
  assert.deepEqual(await menuOf(out, 'install/index.html'), ['button: Copy page [script]']);
});

test("the menu speaks the page's language", async (t) => {
  const out = await built(t, { contextual: { options: ['copy', 'view', 'claude'] } }, { siteUrl: 'https://harbor.dev' });
  const menu = await menuOf(out, 'fr/install/index.html');
  assert.deepEqual(
    menu?.map((entry) => entry.replace(/ → .*/, '')),
    ['button: Copier la page [script]', 'Voir en Markdown — Ouvrir cette page en texte brut', 'Ouvrir dans Claude — Poser des questions sur cette page'],
  );
  assert.match(
    await fs.readFile(path.join(out, 'fr/install/index.html'), 'utf8'),
    /<summary><span class="sr-only"><span data-word="pageActions">Autres actions de la page<\/span><\/span><\/summary>/,
  );
});

test('display "toc" puts the menu atop the table of contents, and in the header for screens without that column', async (t) => {
  const out = await built(t, { contextual: { options: ['copy', 'view'], display: 'toc' } });
  const expected = ['button: Copy page [script]', 'View as Markdown — Open this page as plain text → /install.md'];
  assert.deepEqual(await menuOf(out, 'install/index.html', 'toc'), expected);
  assert.deepEqual(await menuOf(out, 'install/index.html', 'narrow'), expected);
  assert.equal(await menuOf(out, 'install/index.html', 'header'), undefined);
  const html = await fs.readFile(path.join(out, 'install/index.html'), 'utf8');
  assert.match(html, /<div class="toc-column"><div class="contextual contextual-toc"/);
  // A page without headings has no contents to list, but the column still holds the menu.
  assert.deepEqual(await menuOf(out, 'plain/index.html', 'toc'), [expected[0], expected[1]!.replace('install.md', 'plain.md')]);
});

test("a page's contextual frontmatter replaces the site's menu; `options: []` removes it", async (t) => {
  const out = await built(
    t,
    { contextual: { options: ['copy', 'view'] } },
    {},
    {
      'install.mdx': '---\ntitle: Install\ncontextual:\n  options: [view]\n  display: toc\n---\n\n## Download\n',
      'plain.mdx': '---\ntitle: Plain\ncontextual:\n  options: []\n---\n\nNo menu.\n',
    },
  );
  assert.deepEqual(await menuOf(out, 'install/index.html', 'toc'), ['button: View as Markdown → /install.md']);
  assert.doesNotMatch(await fs.readFile(path.join(out, 'plain/index.html'), 'utf8'), /data-contextual/);
});

test('validate warns once about each kind of entry a docjet site cannot offer, and about a page whose contextual is malformed', async (t) => {
  const { root } = await writeSite(
    t,
    { contextual: { options: ['copy', 'devin-mcp', 'cursor', 'assistant', 'download-pdf', 'aistudio', 'devin-mcp', 'claud'] } },
    {
      'install.mdx': '---\ntitle: Install\ncontextual:\n  options: [copy, devin-mcp]\n---\n',
      'plain.mdx': '---\ntitle: Plain\ncontextual:\n  options: [devin-mcp]\n---\n',
      'fr/install.mdx': '---\ntitle: Installer\ncontextual: [copy]\n---\n',
    },
  );
  const result = await validate({ root });
  const found = result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line} ${d.message} | ${d.fix}`);
  const noServer = 'docjet connects AI tools to the site\'s MCP server through "mcp", "add-mcp", "cursor" and "vscode" only';
  const ownEntry = 'or add your own entry ({ "title", "description", "href" }) whose "href" says "$mcp" where the MCP server\'s URL goes.';
  assert.deepEqual(found, [
    `contextual-option-no-effect docs.json:1 contextual option "devin-mcp" has no effect: ${noServer} | Remove it, ${ownEntry}`,
    'contextual-option-no-effect docs.json:1 contextual option "assistant" has no effect: a site docjet builds has no AI assistant, which the hosted product runs for each site | Remove it; "chatgpt", "claude" or "perplexity" open an assistant with the page instead.',
    'contextual-option-no-effect docs.json:1 contextual option "download-pdf" has no effect: docjet makes no PDF of a page | Remove it; readers can print a page to PDF from their browser.',
    'contextual-option-no-effect docs.json:1 contextual option "aistudio" has no effect: docjet opens only ChatGPT, Claude, Perplexity and Grok with the page | Remove it, or add your own entry ({ "title", "description", "href" }) whose "href" opens the tool; "$path" in a query value stands for the page\'s path.',
    'contextual-option-no-effect docs.json:1 contextual option "claud" has no effect: it is not an option of the contextual menu | Did you mean "claude"?',
    'frontmatter-type fr/install.mdx:3 the frontmatter `contextual` is a list, but it must be an "options" list (option names, or entries with "title" and "href") and an optional "display", "header" or "toc"; it is ignored | Write `contextual: { options: [copy, view] }`, or remove it.',
    `contextual-option-no-effect install.mdx:3 contextual option "devin-mcp" has no effect: ${noServer} (1 other page lists it too) | Remove it, ${ownEntry}`,
  ]);
});

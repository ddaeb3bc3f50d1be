/**
 * The page's contextual menu (format-behaviour.md §1.5): what `contextual.options` chooses, in the
 * page's frontmatter or else in docs.json, default "Copy page" and "View as Markdown". The first
 * entry is a button of its own and the others a menu beside it, as in the hosted product. The
 * menu is a `<details>`, so its links work without JavaScript; what needs the page script
 * (src/client/contextual.ts) is hidden until it runs: copying, entries that carry the page's
 * Markdown, and links to an AI tool when the site's public URL is unknown (the script knows it).
 *
 * With `display: "toc"` the menu sits at the top of the table of contents, and also in the page
 * header for screens too narrow for that column (assets/css/contextual.css shows one of the two).
 *
 * Words carry `data-word` naming their UI string, so switching a page to another language
 * relabels them (src/client/nav-switch.ts).
 */
import { isOffered, usesMcp, type OfferedOption } from '../../config/contextual-options.ts';
import { contextualSchema, type Contextual, type ContextualOption, type Icon } from '../../config/schema.ts';
import { markdownPath } from '../../content/markdown/path.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import type { Page, Site } from '../../site/types.ts';
import { pageHref, siteHref } from '../links.ts';
import type { UiStrings } from '../ui-strings.ts';
import { navIcon } from './sidebar.ts';
import type { DrawIcon } from '../icons/index.ts';

/** The menu a page shows without `contextual` anywhere. */
const DEFAULT: Contextual = { options: ['copy', 'view'] };

/** What an "Open in …" entry asks the tool, `{url}` standing for the page's Markdown URL. */
const PROMPT = 'Read {url} so I can ask questions about it.';

/** The AI tools an entry can open with the prompt; the prompt, URL-encoded, goes at the end of `url`. */
const AI_TOOLS: Readonly<Record<'chatgpt' | 'claude' | 'perplexity' | 'grok', { name: string; url: string; icon: Icon }>> = {
  chatgpt: { name: 'ChatGPT', url: 'https://chatgpt.com/?hints=search&q=', icon: brand('openai') },
  claude: { name: 'Claude', url: 'https://claude.ai/new?q=', icon: brand('claude') },
  perplexity: { name: 'Perplexity', url: 'https://www.perplexity.ai/search?q=', icon: solid('arrow-up-right-from-square') },
  grok: { name: 'Grok', url: 'https://grok.com/?q=', icon: brand('x-twitter') },
};

/** The UI strings the menu writes, for the language switch to carry (`sectionChromeHtml`). */
export const CONTEXTUAL_WORDS = [
  'copyPage',
  'copyPageHint',
  'copied',
  'copyFailed',
  'viewMarkdown',
  'viewMarkdownHint',
  'openIn',
  'openInHint',
  'copyMcpUrl',
  'copyMcpCommand',
  'connectTo',
  'mcpHint',
  'downloadSpec',
  'downloadSpecHint',
  'pageActions',
] as const;

/** Words: a UI string by key (`{name}` filled in), or the site's own text. */
type Words = { key: keyof UiStrings; name?: string } | { text: string };

/** One entry of the menu. */
type Action =
  /** Puts the page's Markdown on the clipboard. */
  | { type: 'copy'; icon: Icon }
  /** Puts the site's MCP server's URL, or the command that installs it, on the clipboard (the page script knows the URL). */
  | { type: 'copy-mcp'; what: 'url' | 'command'; title: Words; hint: Words; icon: Icon }
  | {
      type: 'link';
      title: Words;
      hint?: Words | undefined;
      icon?: Icon | undefined;
      href: string;
      /** Opens a new tab: a link that leaves the site. */
      external: boolean;
      /** `view`: the link is the page's Markdown; `download`: a file to save. */
      as?: 'markdown' | 'download';
      /**
       * What the page script does before the link works: `ai`, the link is the tool's URL and
       * the prompt naming the page is added to it; `page`, `$page` in it becomes the page's Markdown;
       * `mcp`, `$mcp` in it becomes the URL of the site's MCP server.
       */
      needs?: 'ai' | 'page' | 'mcp';
      /** An editor's link that installs the site's MCP server, made by the page script without `--url`. */
      install?: 'cursor' | 'vscode';
    };

export interface ContextualMenuOptions {
  site: Site;
  page: Page;
  base: string;
  /** The site's public URL (`--url`): "Open in …" links then work without the page script. */
  siteUrl?: string | undefined;
  strings: UiStrings;
  /** Draws the entries' icons (the page's drawer). */
  draw: DrawIcon;
}

export interface ContextualMenu {
  display: 'header' | 'toc';
  /** The menu's markup for the page header, the table of contents, or the header when the table of contents does not fit (`display: "toc"`). */
  html(where: 'header' | 'toc' | 'narrow'): string;
}

/** The page's menu; undefined when it has no entry docjet can draw. */
export function contextualMenu(options: ContextualMenuOptions): ContextualMenu | undefined {
  const setting = contextualOf(options.site, options.page);
  const actions = setting.options.flatMap((option) => actionOf(option, options));
  if (actions.length === 0) return undefined;
  const markdown = pageHref(markdownPath(options.page.route), options.base);
  const mcp = actions.some((action) => action.type === 'copy-mcp' || (action.type === 'link' && (action.needs === 'mcp' || action.install !== undefined)))
    ? ` data-mcp="${escapeHtml(mcpPath(options.base))}" data-name="${escapeHtml(options.site.config.name)}"`
    : '';
  return {
    display: setting.display ?? 'header',
    html: (where) =>
      `<div class="contextual contextual-${where}" data-contextual data-markdown="${escapeHtml(markdown)}" data-prompt="${escapeHtml(PROMPT)}"${mcp}>` +
      primaryHtml(actions[0]!, options.strings, options.draw) +
      menuHtml(actions.slice(1), options.strings, options.draw) +
      `</div>`,
  };
}

/** The setting in force on a page: its frontmatter's when valid (else `validate` warned), else the site's, else copy and view. */
export function contextualOf(site: Site, page: Page): Contextual {
  const written = page.frontmatter['contextual'];
  const own = written === undefined ? undefined : contextualSchema.safeParse(written);
  return own?.success ? own.data : (site.config.contextual ?? DEFAULT);
}

/** An entry as the menu draws it; none for one docjet cannot offer (`validate` warned) or that does not apply to the page. */
function actionOf(option: ContextualOption, context: ContextualMenuOptions): Action[] {
  if (typeof option !== 'string') return customAction(option, context);
  return isOffered(option) ? builtInAction(option, context) : [];
}

function builtInAction(option: OfferedOption, context: ContextualMenuOptions): Action[] {
  const { page, base, siteUrl } = context;
  const markdown = pageHref(markdownPath(page.route), base);
  switch (option) {
    case 'copy':
      return [{ type: 'copy', icon: { name: 'copy', style: 'regular', library: 'fontawesome' } }];
    case 'view':
      return [{ type: 'link', title: { key: 'viewMarkdown' }, hint: { key: 'viewMarkdownHint' }, icon: brand('markdown'), href: markdown, external: false, as: 'markdown' }];
    case 'download-spec':
      return specAction(page, base);
    case 'mcp':
      return [{ type: 'copy-mcp', what: 'url', title: { key: 'copyMcpUrl' }, hint: { key: 'mcpHint' }, icon: solid('plug') }];
    case 'add-mcp':
      return [{ type: 'copy-mcp', what: 'command', title: { key: 'copyMcpCommand' }, hint: { key: 'mcpHint' }, icon: solid('terminal') }];
    case 'cursor':
    case 'vscode':
      return [mcpInstall(option, context)];
    default: {
      const tool = AI_TOOLS[option];
      const title: Words = { key: 'openIn', name: tool.name };
      const common = { type: 'link', title, hint: { key: 'openInHint' }, icon: tool.icon, external: true } as const;
      // Without the public URL, the page script writes the prompt with the URL the reader is at.
      if (!siteUrl) return [{ ...common, href: tool.url, needs: 'ai' }];
      const url = siteUrl.replace(/\/+$/, '') + markdown;
      return [{ ...common, href: tool.url + encodeURIComponent(PROMPT.replace('{url}', url)) }];
    }
  }
}

/**
 * Where the site's MCP server answers: `/mcp` under the base, which `docjet serve` and `docjet dev`
 * answer (src/dev/mcp/http.ts); absolute with the site's public URL.
 */
function mcpPath(base: string): string {
  return `${base}mcp`;
}

function mcpUrl(siteUrl: string | undefined, base: string): string | undefined {
  return siteUrl === undefined ? undefined : siteUrl.replace(/\/+$/, '') + mcpPath(base);
}

/**
 * "Connect to Cursor" and "Connect to VS Code": the editor's own link that installs an MCP server
 * by URL (Cursor's `cursor://anysphere.cursor-deeplink/mcp/install`, VS Code's `vscode:mcp/install`).
 * Without the site's public URL the page script makes it, with the address the reader is at.
 */
function mcpInstall(option: 'cursor' | 'vscode', { site, base, siteUrl }: ContextualMenuOptions): Action {
  const url = mcpUrl(siteUrl, base);
  const name = site.config.name;
  const editor = option === 'cursor' ? 'Cursor' : 'VS Code';
  const common = { type: 'link', title: { key: 'connectTo', name: editor }, hint: { key: 'mcpHint' }, icon: solid('plug'), external: true, install: option } as const;
  if (url === undefined) return { ...common, href: '#' };
  return { ...common, href: mcpInstallHref(option, name, url) };
}

/** The link that installs the MCP server at `url` under `name` (src/client/contextual.ts makes the same in the browser). */
export function mcpInstallHref(editor: 'cursor' | 'vscode', name: string, url: string): string {
  if (editor === 'cursor')
    return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(Buffer.from(JSON.stringify({ url })).toString('base64'))}`;
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url }))}`;
}

/** "Download API spec" on a page made from an OpenAPI operation: its spec file (copied into the site), or its URL. */
function specAction(page: Page, base: string): Action[] {
  if (page.source.type !== 'endpoint') return [];
  const href = siteHref(page.source.spec, base);
  if (href === undefined) return [];
  const external = /^https?:/i.test(href);
  return [
    { type: 'link', title: { key: 'downloadSpec' }, hint: { key: 'downloadSpecHint' }, icon: solid('download'), href, external, ...(external ? {} : { as: 'download' as const }) },
  ];
}

/**
 * The site's own entry. `href` is a URL, or `{ base, query }` whose values may say `$path` (the
 * page's path), `$page` (its Markdown, filled in by the page script) or `$mcp` (the hosted MCP
 * server's URL, which a docjet site does not have: the entry is left out, as `validate` warned).
 */
function customAction(option: Exclude<ContextualOption, string>, context: ContextualMenuOptions): Action[] {
  const path = pageHref(context.page.route, context.base);
  const mcp = usesMcp(option.href) ? mcpUrl(context.siteUrl, context.base) : undefined;
  const written = typeof option.href === 'string' ? option.href : withQuery(option.href.base, option.href.query ?? [], path, mcp);
  const href = siteHref(mcp === undefined || typeof option.href !== 'string' ? written : written.replaceAll('$mcp', mcp), context.base);
  if (href === undefined) return [];
  const icon: Icon | undefined = option.icon === undefined ? undefined : option.iconType === undefined ? option.icon : { name: option.icon, style: option.iconType };
  const page = typeof option.href !== 'string' && option.href.query?.some((entry) => entry.value.includes('$page')) === true;
  return [
    {
      type: 'link',
      title: { text: option.title },
      hint: option.description === undefined ? undefined : { text: option.description },
      icon,
      href,
      external: /^[a-z][a-z\d+.-]*:|^\/\//i.test(href),
      ...(page ? { needs: 'page' as const } : usesMcp(option.href) && mcp === undefined ? { needs: 'mcp' as const } : {}),
    },
  ];
}

/** `base` with the query added; `$path` filled in, `$mcp` too when known, `$page` (and `$mcp`) left for the page script (written `%24page`, `%24mcp`). */
function withQuery(base: string, query: readonly { key: string; value: string }[], path: string, mcp: string | undefined): string {
  if (query.length === 0) return base;
  const params = new URLSearchParams();
  for (const { key, value } of query) params.append(key, mcp === undefined ? value.replaceAll('$path', path) : value.replaceAll('$path', path).replaceAll('$mcp', mcp));
  return `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** The first entry, on its own beside the menu. */
function primaryHtml(action: Action, strings: UiStrings, draw: DrawIcon): string {
  if (action.type === 'copy') return `<button type="button" class="contextual-primary" data-copy-page hidden>${navIcon(action.icon, draw)}${copyWordsHtml(strings)}</button>`;
  if (action.type === 'copy-mcp')
    return `<button type="button" class="contextual-primary" data-copy-mcp="${action.what}" hidden>${navIcon(action.icon, draw)}${copyWordsHtml(strings, action.title)}</button>`;
  return `<a class="contextual-primary"${linkAttributes(action)}>${navIcon(action.icon, draw)}${wordsHtml(action.title, strings)}</a>`;
}

/** The other entries, each with its title and what it does, in a `<details>` menu. */
function menuHtml(actions: readonly Action[], strings: UiStrings, draw: DrawIcon): string {
  if (actions.length === 0) return '';
  const items = actions.map((action) => {
    if (action.type === 'copy')
      return `<li><button type="button" class="contextual-item" data-copy-page hidden>${navIcon(action.icon, draw)}${itemText(copyWordsHtml(strings), wordsHtml({ key: 'copyPageHint' }, strings))}</button></li>`;
    if (action.type === 'copy-mcp')
      return `<li><button type="button" class="contextual-item" data-copy-mcp="${action.what}" hidden>${navIcon(action.icon, draw)}${itemText(copyWordsHtml(strings, action.title), wordsHtml(action.hint, strings))}</button></li>`;
    const hint = action.hint === undefined ? '' : wordsHtml(action.hint, strings);
    return `<li><a class="contextual-item"${linkAttributes(action)}>${navIcon(action.icon, draw)}${itemText(wordsHtml(action.title, strings), hint)}</a></li>`;
  });
  return `<details class="contextual-menu"><summary><span class="sr-only">${wordsHtml({ key: 'pageActions' }, strings)}</span></summary>` + `<ul>${items.join('')}</ul></details>`;
}

function itemText(title: string, hint: string): string {
  return `<span class="contextual-text"><span class="contextual-title">${title}</span>${hint ? `<span class="contextual-hint">${hint}</span>` : ''}</span>`;
}

function linkAttributes(action: Extract<Action, { type: 'link' }>): string {
  let attributes = ` href="${escapeHtml(action.href)}"`;
  if (action.as === 'markdown') attributes += ' type="text/markdown"';
  if (action.as === 'download') attributes += ' download';
  if (action.external) attributes += ' target="_blank" rel="noopener"';
  if (action.needs === 'ai') attributes += ' data-ai hidden';
  if (action.needs === 'page') attributes += ' data-fill-page hidden';
  if (action.needs === 'mcp') attributes += ' data-fill-mcp hidden';
  // Made by the page script when the build did not know the site's address.
  if (action.install !== undefined && action.href === '#') attributes += ` data-install="${action.install}" hidden`;
  return attributes;
}

/** "Copy page" (or `ready`), and what it says once it copied or failed, shown by the page script one at a time. */
function copyWordsHtml(strings: UiStrings, ready?: Words): string {
  return (
    (ready
      ? wordsHtml(ready, strings).replace('<span', '<span data-copy-state="ready"')
      : `<span data-copy-state="ready" data-word="copyPage">${escapeHtml(strings.copyPage)}</span>`) +
    `<span data-copy-state="copied" data-word="copied" hidden>${escapeHtml(strings.copied)}</span>` +
    `<span data-copy-state="failed" data-word="copyFailed" hidden>${escapeHtml(strings.copyFailed)}</span>`
  );
}

function wordsHtml(words: Words, strings: UiStrings): string {
  if ('text' in words) return `<span>${escapeHtml(words.text)}</span>`;
  const text = strings[words.key].replace('{name}', words.name ?? '');
  return `<span data-word="${words.key}"${words.name === undefined ? '' : ` data-word-name="${escapeHtml(words.name)}"`}>${escapeHtml(text)}</span>`;
}

function brand(name: string): Icon {
  return { name, style: 'brands', library: 'fontawesome' };
}

function solid(name: string): Icon {
  return { name, style: 'solid', library: 'fontawesome' };
}

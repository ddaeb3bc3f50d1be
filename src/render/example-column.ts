/**
 * What a page file shows around its content when no spec gives it an endpoint (issue 13): the
 * method bar and "Try it" panel of an `api:` page (endpoint/manual.ts) above it, and its
 * `<RequestExample>`s and `<ResponseExample>`s in a column beside it. The column is the one
 * generated endpoint pages have, in the same markup, so it is placed as theirs is (endpoint.css:
 * beside the content and sticky where the page is wide enough, above it on a narrow screen).
 */
import type { Config } from '../config/schema.ts';
import { apiFrontmatter } from '../content/frontmatter-api.ts';
import type { PageParts } from '../content/mdx/index.ts';
import { escapeHtml } from '../shared/html-escape.ts';
import type { Page } from '../site/types.ts';
import { manualEndpoint } from './endpoint/manual.ts';

/** The page's examples by kind, each kind's in page order; none of a kind: absent. */
export function examplesByKind(examples: PageParts['examples']): { request?: string; response?: string } {
  const byKind: { request?: string; response?: string } = {};
  for (const kind of ['request', 'response'] as const) {
    const html = examples
      .filter((example) => example.kind === kind)
      .map((example) => example.html)
      .join('');
    if (html !== '') byKind[kind] = html;
  }
  return byKind;
}

export interface PageColumnsOptions {
  page: Page;
  /** The page file, for the `api:` page's document. */
  file: string;
  bodyHtml: string;
  parts: PageParts;
  api?: Config['api'];
  /** The page's copy button, for the panel's code. */
  copyButton?: string;
}

/** The body of a page file with no endpoint from a spec: as it is, or with its method bar, panel and example column; and whether it shows a panel. */
export function pageColumnsHtml({ page, file, bodyHtml, parts, api, copyButton }: PageColumnsOptions): { html: string; playground: boolean } {
  const { request = '', response = '' } = examplesByKind(parts.examples);
  // Requests above responses, as the hosted product and generated pages place them.
  const aside = request + response;
  const endpoint = apiFrontmatter(page.frontmatter.api);
  if (endpoint) {
    const { authMethod, playground } = page.frontmatter;
    const top = manualEndpoint({
      file,
      endpoint,
      params: parts.params,
      ...(api ? { api } : {}),
      ...(authMethod ? { authMethod } : {}),
      ...(playground ? { playground } : {}),
      ...(copyButton ? { copyButton } : {}),
    });
    return { html: `<div class="endpoint" data-method="${escapeHtml(endpoint.method.toLowerCase())}">${top.html}${layoutHtml(bodyHtml, aside)}</div>`, playground: top.playground };
  }
  return { html: aside === '' ? bodyHtml : `<div class="example-columns">${layoutHtml(bodyHtml, aside)}</div>`, playground: false };
}

/** The content, and the examples beside it: the markup of a generated endpoint page (endpoint/index.ts). */
function layoutHtml(mainHtml: string, asideHtml: string): string {
  return `<div class="endpoint-layout"><div class="endpoint-main">${mainHtml}</div>${asideHtml === '' ? '' : `<aside class="endpoint-examples">${asideHtml}</aside>`}</div>`;
}

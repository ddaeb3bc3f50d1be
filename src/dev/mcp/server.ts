/**
 * The site as a Model Context Protocol server, built on the official SDK: four read-only tools over
 * what the site publishes, for AI clients to answer questions from the docs.
 *
 * - `search`: the site's own search (same index, scopes and ranking as the ⌘K dialog: search.ts);
 * - `read_page`: a page as Markdown, as its `.md` twin (render/page-markdown.ts);
 * - `list_navigation`: the navigation tree (navigation.ts);
 * - `get_api_operation`: an OpenAPI operation as data (operation.ts).
 *
 * Read-only by construction: no tool writes, fetches or runs anything, and each reads only what the
 * site serves. The SDK is loaded when a server is first made, so other commands never pay for it.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { VERSION } from '../../shared/package-root.ts';
import { closestMatch } from '../../shared/suggest.ts';
import type { DocsSnapshot, McpDocs } from './docs.ts';
import { navigationOutline, navigationTree } from './navigation.ts';
import { findApiOperation } from './operation.ts';
import { routeOf } from './paths.ts';
import { searchDocs } from './search.ts';

type ToolResult = { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: true };

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** A new server over `docs` (one per stdio session, one per HTTP request: the HTTP transport is stateless). */
export async function createDocsServer(docs: McpDocs): Promise<McpServer> {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  // Not waiting for the site to be read: a client's first message is answered at once.
  const name = docs.name() ?? 'the site';
  const server = new McpServer(
    { name: 'docjet', title: name, version: VERSION },
    {
      instructions:
        `The documentation of ${name}. Search it with \`search\`, then read the pages that answer with \`read_page\` (the path a result gives). ` +
        "`list_navigation` shows how the pages are organised; `get_api_operation` gives an API operation's parameters, request body and responses.",
    },
  );
  const withSite = async (answer: (site: DocsSnapshot) => Promise<ToolResult>): Promise<ToolResult> => {
    const current = await docs.current();
    return 'problem' in current ? failure(current.problem) : answer(current);
  };

  server.registerTool(
    'search',
    {
      title: 'Search the docs',
      description:
        'Search the documentation as its site search does (titles and headings first, prefixes and typos matched). Returns up to 12 pages, best first, with the path to read each. ' +
        "Limited to the site's default version and language unless others are given.",
      inputSchema: {
        query: z.string().min(1).describe('Words to look for'),
        version: z.string().optional().describe('A version of the docs (list_navigation lists them)'),
        language: z.string().optional().describe('A language code of the docs, like "en" or "fr"'),
        product: z.string().optional().describe('A product of the docs'),
        all_versions: z.boolean().optional().describe('Search every version and product'),
      },
      annotations: READ_ONLY,
    },
    ({ query, version, language, product, all_versions }) =>
      withSite(async (current) => {
        const found = await searchDocs(await current.searchFiles(), current.site, query, { version, language, product, allVersions: all_versions });
        const lines = found.results.map(
          (hit, index) => `${index + 1}. ${hit.method ? `${hit.method} ` : ''}${hit.title}${hit.section ? ` (${hit.section})` : ''}: ${hit.path}\n   ${hit.snippet}`,
        );
        const text =
          found.total === 0
            ? `No page matches "${query}".`
            : `${found.total} ${found.total === 1 ? 'page matches' : 'pages match'} "${query}"${found.total > found.results.length ? `; the best ${found.results.length}` : ''}:\n${lines.join('\n')}`;
        return { content: [{ type: 'text', text }], structuredContent: { query, total: found.total, results: found.results } };
      }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description: 'A page of the documentation as Markdown, by its path (as search or list_navigation give it, like "/guides/quickstart").',
      inputSchema: { path: z.string().describe('The page\'s path, like "/guides/quickstart"') },
      annotations: READ_ONLY,
    },
    ({ path }) =>
      withSite(async (current) => {
        const route = routeOf(path, current.base, current.site);
        const text = route === undefined ? undefined : await current.markdown(route);
        if (text === undefined) {
          const near = route === undefined ? undefined : closestMatch(route, [...current.site.pages.keys()]);
          return failure(`No page at "${path}".${near !== undefined ? ` Did you mean "${current.base}${near}"?` : ''} Search, or list the navigation, for the paths of the pages.`);
        }
        return { content: [{ type: 'text', text }] };
      }),
  );

  server.registerTool(
    'list_navigation',
    {
      title: 'List the navigation',
      description:
        "The documentation's navigation: languages, versions, products, tabs, groups and pages in order, with each page's path. Hidden pages are left out, as the sidebar leaves them out.",
      inputSchema: {
        version: z.string().optional().describe('Only this version'),
        language: z.string().optional().describe('Only this language'),
      },
      annotations: READ_ONLY,
    },
    ({ version, language }) =>
      withSite(async (current) => {
        const tree = navigationTree(current.site, current.base, { version, language });
        return { content: [{ type: 'text', text: navigationOutline(tree) || 'The navigation is empty.' }], structuredContent: { navigation: tree } };
      }),
  );

  server.registerTool(
    'get_api_operation',
    {
      title: 'Read an API operation',
      description:
        'An operation of the API the docs describe, as data: servers, security, parameters, request body and responses, with their schemas resolved. ' +
        'Name it "METHOD /path" (like "GET /users/{id}"), "webhook name", by its operationId, or by the path of its page.',
      inputSchema: {
        operation: z.string().min(1).describe('"GET /users/{id}", an operationId, or the path of the operation\'s page'),
        spec: z.string().optional().describe('The OpenAPI file to look in first, when the site has several'),
      },
      annotations: READ_ONLY,
    },
    ({ operation, spec }) =>
      withSite(async (current) => {
        const answer = await findApiOperation(current, operation, spec);
        if ('problem' in answer) return failure(answer.problem);
        return { content: [{ type: 'text', text: JSON.stringify(answer.endpoint) }], structuredContent: { ...answer.endpoint } };
      }),
  );
  return server;
}

function failure(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * MCP over Streamable HTTP at the site's `/mcp`, for `docjet dev` and `docjet serve`: what the
 * contextual menu's "Connect to Cursor" and "Connect to VS Code" entries install. The transport is
 * the SDK's, stateless (no session to keep: every tool reads the site as it is), answering JSON.
 *
 * Only MCP's own requests go there: a POST or DELETE, or a GET that asks for an event stream; a
 * browser's GET of `/mcp` still gets the site's page of that name, or its 404 page. A request a page
 * of another site makes (its `Origin`) is refused, as the specification asks of every server
 * (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#security-warning);
 * a local client sends none.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isSameOrigin } from '../live-reload.ts';
import type { McpDocs } from './docs.ts';

export const MCP_PATH = 'mcp';

/** Whether `request` is one for the MCP endpoint of a site served under `base`. */
export function isMcpRequest(request: IncomingMessage, base: string): boolean {
  const path = (request.url ?? '').replace(/[?#].*$/s, '');
  if (path !== `${base}${MCP_PATH}` && path !== `${base}${MCP_PATH}/`) return false;
  const method = request.method ?? 'GET';
  return method === 'POST' || method === 'DELETE' || (method === 'GET' && (request.headers.accept ?? '').includes('text/event-stream'));
}

/** Answers one MCP request with a server of its own over `docs`. */
export async function answerMcp(docs: McpDocs, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (!isSameOrigin(request)) {
    response.writeHead(403, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'This MCP server answers local clients and pages of this site only.' }, id: null }));
    return;
  }
  // Loaded at the first request: the MCP SDK and its schemas are ~200 modules a server that is never asked does not need.
  const [{ StreamableHTTPServerTransport }, { createDocsServer }] = await Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./server.ts')]);
  const server = await createDocsServer(docs);
  const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
  response.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response);
}

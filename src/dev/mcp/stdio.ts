/**
 * `docjet mcp [dir]`: the site as an MCP server on standard input and output, for an AI client
 * that starts it as a command (Claude Desktop, Cursor, VS Code…). Offline; it answers the client
 * at once, then reads the site (a tool called sooner waits for it). Standard output is the
 * protocol's alone: anything for a person goes to standard error. It stops when the client closes
 * its end, or on Ctrl+C.
 */
import { staticDocs } from './docs.ts';
import { createDocsServer } from './server.ts';

export async function runMcp(options: { root: string }, io: { error(text: string): void }): Promise<number> {
  const docs = staticDocs({ root: options.root });
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = await createDocsServer(docs);
  const transport = new StdioServerTransport();
  let stop = (): void => {};
  const closed = new Promise<void>((resolve) => (stop = resolve));
  process.stdin.once('end', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await server.connect(transport);
  server.server.onclose = stop;
  // Read once the client can be answered: reading the site would hold the first answer back.
  docs.preload();
  const current = await docs.current();
  if ('problem' in current) io.error(`docjet mcp: ${current.problem}`);
  await closed;
  await server.close();
  return 0;
}

/**
 * `docjet mcp` timed on the synthetic site (bench/synthetic-site.ts, 5,000 pages by default:
 * `npm run bench -- mcp`, or `node --import tsx bench/mcp.ts --pages N`), through the MCP SDK's
 * own client spawning the built command (bin/docjet.js; run `npm run build` first), three times:
 *
 * - start: from spawning the command until the client's `initialize` is answered;
 * - navigation: from spawning until the first `list_navigation` answers (the site read and resolved);
 * - a page: one `read_page`; search: the first `search` (its index made then) and a second.
 *
 * Each as wall time, then in parentheses the CPU time the server process spent (Linux: /proc),
 * which a machine busy with other work does not inflate.
 *
 * Timings on a loaded machine are upper bounds: run it on a quiet one before comparing.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { syntheticRoute, writeSyntheticSite } from './synthetic-site.ts';

const args = process.argv.slice(2);
const pages = Number(args[args.indexOf('--pages') + 1] ?? '') || 5000;
const bin = fileURLToPath(new URL('../bin/docjet.js', import.meta.url));

/** CPU seconds (user + system) process `pid` has used; undefined where /proc is not. */
function cpuSeconds(pid: number | null): number | undefined {
  try {
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function once(root: string): Promise<Record<string, string>> {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', root], stderr: 'inherit' });
  const client = new Client({ name: 'docjet-bench', version: '1' });
  await client.connect(transport);
  const initialized = performance.now() - started;
  const cpu = cpuSeconds(transport.pid);
  const ms = (value: number | undefined): string => (value === undefined ? '–' : `${Math.round(value)} ms`);
  /** Wall time and the server's CPU time of one call, as `wall (CPU)`. */
  const lap = async (run: () => Promise<unknown>, since = performance.now(), cpuBefore = cpuSeconds(transport.pid)): Promise<string> => {
    await run();
    const cpuAfter = cpuSeconds(transport.pid);
    return `${ms(performance.now() - since)} (${ms(cpuAfter === undefined || cpuBefore === undefined ? undefined : (cpuAfter - cpuBefore) * 1000)})`;
  };
  const navigation = await lap(() => client.callTool({ name: 'list_navigation', arguments: {} }), started, 0);
  const page = await lap(() => client.callTool({ name: 'read_page', arguments: { path: `/${syntheticRoute(Math.floor(pages / 2))}` } }));
  const firstSearch = await lap(() => client.callTool({ name: 'search', arguments: { query: 'cluster replica' } }));
  const secondSearch = await lap(() => client.callTool({ name: 'search', arguments: { query: 'webhook timeout' } }));
  await client.close();
  return {
    start: `${ms(initialized)} (${ms(cpu === undefined ? undefined : cpu * 1000)})`,
    'navigation, from start': navigation,
    read_page: page,
    'first search': firstSearch,
    'next search': secondSearch,
  };
}

const scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-bench-mcp-'));
try {
  const root = path.join(scratch, 'synthetic');
  await writeSyntheticSite(root, pages);
  console.log(`docjet mcp on the synthetic site (${pages} pages), fresh process each run`);
  const rows = [];
  for (let run = 0; run < 3; run++) rows.push(await once(root));
  console.table(rows);
} finally {
  await rm(scratch, { recursive: true, force: true });
}

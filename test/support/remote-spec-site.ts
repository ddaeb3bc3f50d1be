/**
 * A site whose API group names a remote OpenAPI spec, and the "network" it comes from: a server on
 * 127.0.0.1 that counts its requests. For the tests of `--offline` and `--allow-private-network`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const SPEC = `openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    get:
      summary: List pets
      responses: { '200': { description: The pets } }
`;

export interface RemoteSpecSite {
  /** The site folder (its real path). */
  root: string;
  /** The spec's URL, as docs.json names it. */
  url: string;
  /** The path of every request the server received, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A site named `name` in a new temporary folder, with its spec served on 127.0.0.1. */
export async function startRemoteSpecSite(name: string): Promise<RemoteSpecSite> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), `docjet-${name.toLowerCase()}-`)));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  const navigation = {
    groups: [
      { group: 'Guides', pages: ['index'] },
      { group: 'API', openapi: url },
    ],
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name, theme: 'mint', colors: { primary: '#0D9373' }, navigation }, null, 2));
  const close = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(root, { recursive: true, force: true });
  };
  return { root, url, requests, close };
}

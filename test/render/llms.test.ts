/**
 * What `build()` writes for readers and AI tools: a Markdown file beside every page (`route.md`,
 * `index.md` for home), endpoint pages as Markdown, `llms.txt` listing the navigation with links to
 * those files and `llms-full.txt` holding them, one pair per language under its folder, and a site's
 * own `llms.txt` kept as it is. The contextual menu that links them: contextual.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { build } from '../../src/output/build.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Harbor API', version: '1' },
  servers: [{ url: 'https://api.harbor.dev' }],
  components: { securitySchemes: { token: { type: 'http', scheme: 'bearer' } } },
  security: [{ token: [] }],
  paths: {
    '/ships/{id}': {
      post: {
        summary: 'Update a ship',
        description: 'Changes a ship.',
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'The ship.', schema: { type: 'string' } },
          { name: 'dry', in: 'query', schema: { type: 'boolean', default: false } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', description: 'New name.' }, tags: { type: 'array', items: { type: 'string' } } },
              },
            },
          },
        },
        responses: { '200': { description: 'The ship.' }, '404': { description: 'No such ship.' } },
      },
    },
  },
};

/** A site with two languages, a hidden page, a group inside a group, and an OpenAPI endpoint. */
async function writeSite(t: TestContext, extra: Record<string, unknown> = {}): Promise<{ root: string; out: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-llms-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Harbor',
      description: 'Docks for your ships.',
      theme: 'mint',
      navigation: {
        languages: [
          {
            language: 'en',
            groups: [
              { group: 'Start', pages: ['index', 'install', 'secret', { group: 'Deeper', pages: ['deeper'] }] },
              { group: 'API', pages: ['POST /ships/{id}'], openapi: 'openapi.json' },
            ],
          },
          { language: 'fr', groups: [{ group: 'Démarrer', pages: ['fr/index'] }] },
        ],
      },
      ...extra,
    }),
    'index.mdx': '---\ntitle: Welcome\ndescription: What Harbor is.\n---\n\n<Note>Read this first.</Note>\n',
    'install.mdx': '---\ntitle: Install\n---\n\n<Steps>\n  <Step title="Download">Get it.</Step>\n</Steps>\n',
    'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n\nNot listed.\n',
    'deeper.mdx': '---\ntitle: Deeper\n---\n\nMore.\n',
    'fr/index.mdx': '---\ntitle: Bienvenue\n---\n\nBonjour.\n',
    'openapi.json': JSON.stringify(SPEC),
  };
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  }
  return { root, out: path.join(dir, 'out') };
}

async function read(dir: string, file: string): Promise<string> {
  return fs.readFile(path.join(dir, file), 'utf8');
}

test('every page has its Markdown beside its HTML; llms.txt lists the navigation, llms-full.txt holds it', async (t) => {
  const { root, out } = await writeSite(t);
  const result = await build({ root, outDir: out, siteUrl: 'https://harbor.dev' });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));

  assert.equal(await read(out, 'index.md'), '# Welcome\n\nWhat Harbor is.\n\n> **Note:** Read this first.\n');
  assert.equal(await read(out, 'install.md'), '# Install\n\n1. **Download**\n\n   Get it.\n');
  assert.ok(existsSync(path.join(out, 'secret.md')), 'a hidden page has its Markdown too');
  assert.equal(
    await read(out, 'llms.txt'),
    [
      '# Harbor',
      '',
      '> Docks for your ships.',
      '',
      '## Start',
      '',
      '- [Welcome](https://harbor.dev/index.md): What Harbor is.',
      '- [Install](https://harbor.dev/install.md)',
      '',
      '## Start › Deeper',
      '',
      '- [Deeper](https://harbor.dev/deeper.md)',
      '',
      '## API',
      '',
      '- [Update a ship](https://harbor.dev/api-reference/update-a-ship.md): Changes a ship.',
      '',
      // The spec the API pages come from, published at its path, as the hosted product's llms.txt links it.
      '## OpenAPI Specs',
      '',
      '- [Harbor API](https://harbor.dev/openapi.json)',
      '',
    ].join('\n'),
  );
  const full = await read(out, 'llms-full.txt');
  assert.deepEqual(
    [...full.matchAll(/^# (.*)$/gm)].map((match) => match[1]),
    ['Welcome', 'Install', 'Deeper', 'Update a ship'],
  );
  assert.ok(!full.includes('Not listed.'), 'hidden pages are left out');

  assert.equal(await read(out, 'fr/llms.txt'), '# Harbor\n\n> Docks for your ships.\n\n## Démarrer\n\n- [Bienvenue](https://harbor.dev/fr.md)\n');
  assert.equal(await read(out, 'fr/llms-full.txt'), '# Bienvenue\n\nBonjour.\n');
});

test('an endpoint page as Markdown: method and URL, parameters by location, body fields, responses, the curl command', async (t) => {
  const { root, out } = await writeSite(t);
  await build({ root, outDir: out });
  assert.equal(
    await read(out, 'api-reference/update-a-ship.md'),
    [
      '# Update a ship',
      '',
      'Changes a ship.',
      '',
      '`POST https://api.harbor.dev/ships/{id}`',
      '',
      '## Authorizations',
      '',
      '- `Authorization` (header, string, required): Bearer authentication: `Bearer <token>`',
      '',
      '## Path Parameters',
      '',
      '- `id` (string, required): The ship.',
      '',
      '## Query Parameters',
      '',
      '- `dry` (boolean, default: `false`)',
      '',
      '## Body',
      '',
      '`application/json` (required)',
      '',
      '- `name` (string, required): New name.',
      '- `tags` (`string[]`)',
      '',
      '## Responses',
      '',
      '- `200`: The ship.',
      '- `404`: No such ship.',
      '',
      '## Example request',
      '',
      '```bash',
      ...(await curlOf(out)),
      '```',
      '',
    ].join('\n'),
  );
});

/** The curl command the HTML page shows first, as its lines (the request sample's own rules are tested elsewhere). */
async function curlOf(out: string): Promise<string[]> {
  const markdown = await read(out, 'api-reference/update-a-ship.md');
  const block = /```bash\n([\s\S]*?)\n```/.exec(markdown)?.[1] ?? '';
  // `--globoff`: curl reads `{id}` as written, not as a glob.
  assert.match(block, /^curl --request POST\s*\\\n\s*--globoff\s*\\\n\s*--url 'https:\/\/api\.harbor\.dev\/ships\/\{id\}/);
  return block.split('\n');
}

test("a site's own llms.txt and llms-full.txt are kept as they are", async (t) => {
  const { root, out } = await writeSite(t);
  await fs.writeFile(path.join(root, 'llms.txt'), 'Our own index.\n');
  await fs.writeFile(path.join(root, 'llms-full.txt'), 'Our own text.\n');
  const result = await build({ root, outDir: out });
  assert.deepEqual(withoutSitemapNoUrl(result.diagnostics), []);
  assert.equal(await read(out, 'llms.txt'), 'Our own index.\n');
  assert.equal(await read(out, 'llms-full.txt'), 'Our own text.\n');
  assert.ok(existsSync(path.join(out, 'fr/llms.txt')), "the other language's files are still written");
});

test("a redirect from a page's .md path gives way to the page's Markdown (both cannot be on disk)", async (t) => {
  const { root, out } = await writeSite(t, { redirects: [{ source: '/install.md', destination: '/install' }] });
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.match(await read(out, 'install.md'), /^# Install\n/);
  assert.match(await read(out, '_redirects'), /^\/install\.md \/install 301$/m, 'hosts that read _redirects still get the line');
});

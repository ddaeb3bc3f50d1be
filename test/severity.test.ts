/**
 * The severity policy (README, "Errors and warnings"): what the hosted product builds, docjet
 * builds, with a warning; `--strict` fails on the same warnings, as the hosted `validate` does.
 * `validate` and `build` read the same policy.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main, type Io } from '../src/cli.ts';

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (text) => out.push(text), error: (text) => err.push(text), progress: () => {}, color: false, interactive: false };
  return { code: await main(argv, io), out, err };
}

const CONFIG = `{
  "name": "Severity",
  "theme": "mint",
  "colors": { "primary": "#0D9373" },
  "navigation": {
    "groups": [
      {
        "group": "Guides",
        "root": "guides/overview",
        "pages": ["intro", "guides/missing", "setup"]
      }
    ]
  },
  "redirects": [
    { "source": "/old", "destination": "/intro" },
    { "source": "old", "destination": "/setup" }
  ]
}
`;

let site: string;
let scratch: string;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-severity-'));
  site = path.join(scratch, 'site');
  await mkdir(site);
  await writeFile(path.join(site, 'docs.json'), CONFIG);
  await writeFile(path.join(site, 'intro.mdx'), '---\ntitle: Intro\n---\n\nHello.\n');
  await writeFile(path.join(site, 'setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it.\n');
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('what the hosted product builds, docjet builds', () => {
  test('validate: a missing page, a missing group root and a repeated redirect source are warnings at their lines', async () => {
    const { code, out } = await run('validate', site);
    assert.equal(code, 0, out.join('\n'));
    assert.deepEqual(out.slice(0, -1), [
      'docs.json:9:9 warning navigation.groups[0].root: group root "guides/overview" does not exist: there is no guides/overview.mdx or guides/overview.md; the group is shown without its own page. Create the file, or remove the reference.',
      'docs.json:10:28 warning navigation.groups[0].pages[1]: page "guides/missing" does not exist: there is no guides/missing.mdx or guides/missing.md; it is left out of the navigation. Create the file, or remove the reference.',
      'docs.json:16:7 warning redirects[1].source: redirect source "old" is already used by redirects[0] at docs.json:15 (as "/old"); the first one wins. Remove one of the two redirects, or change its source.',
    ]);
    assert.match(out.at(-1)!, /^✔ 0 errors, 3 warnings · 2 pages/);
  });

  test('build: the site is written without the missing entries, and the first redirect wins', async () => {
    const out = path.join(scratch, 'dist');
    // With its address, so that the only warnings are the site's (without it, the sitemap's makes a fourth).
    const result = await run('build', site, '--out', out, '--url', 'https://docs.example.com');
    assert.equal(result.code, 0, [...result.out, ...result.err].join('\n'));
    assert.match(result.out.at(-1)!, /0 errors, 3 warnings/);
    const intro = await readFile(path.join(out, 'intro', 'index.html'), 'utf8');
    const sidebar = /<nav[^>]*class="[^"]*sidebar[\s\S]*?<\/nav>/.exec(intro)?.[0] ?? intro;
    assert.match(sidebar, /href="\/setup"/);
    assert.doesNotMatch(sidebar, /guides\/missing/);
    assert.doesNotMatch(sidebar, /guides\/overview/);
    const redirect = await readFile(path.join(out, 'old', 'index.html'), 'utf8');
    assert.match(redirect, /url=\/intro"/);
  });

  test('--strict: the same warnings fail validate and build, and build writes nothing', async () => {
    const validated = await run('validate', '--strict', site);
    assert.equal(validated.code, 1);
    assert.match(validated.out.at(-1)!, /^✖ 3 errors, 0 warnings/);
    const out = path.join(scratch, 'strict-dist');
    const built = await run('build', '--strict', site, '--out', out);
    assert.equal(built.code, 1);
    await assert.rejects(readFile(path.join(out, 'intro', 'index.html')), { code: 'ENOENT' });
  });
});

/**
 * "Last modified" dates (issue 29): with `metadata.timestamp`, or a page's `timestamp: true`, a
 * page shows its `lastUpdatedDate`, else the date of the last commit that changed its file, read
 * from one `git log` for the whole site; `timestamp: false` hides it on one page. Outside a
 * repository there is no date and no error.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parseGitLog } from '../../src/content/last-modified.ts';
import { validate } from '../../src/validate/index.ts';
import { build } from '../../src/output/build.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';

let scratch: string;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-modified-'));
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const PAGES: Record<string, string> = {
  'index.mdx': '---\ntitle: Welcome\n---\n\nHello.\n',
  'guides/install.mdx': '---\ntitle: Install\n---\n\nSteps.\n',
  'imported.mdx': '---\ntitle: Imported\nlastUpdatedDate: "2026-08-13"\n---\n\nSynced from elsewhere.\n',
  'quiet.mdx': '---\ntitle: Quiet\ntimestamp: false\n---\n\nNo date here.\n',
};

async function site(name: string, timestamp: boolean | undefined): Promise<string> {
  const root = path.join(scratch, name, 'docs');
  await mkdir(path.join(root, 'guides'), { recursive: true });
  const config = {
    name: 'Harbor',
    theme: 'mint',
    navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/install', 'imported', 'quiet'] }] },
    ...(timestamp === undefined ? {} : { metadata: { timestamp } }),
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(PAGES)) await writeFile(path.join(root, file), text);
  return root;
}

/** Commits everything under `repo` with a fixed committer date. */
function commit(repo: string, date: string, message: string): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  execFileSync('git', ['add', '-A'], { cwd: repo, env });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: repo, env });
}

async function shown(out: string, route: string): Promise<string | undefined> {
  const html = await readFile(path.join(out, route, 'index.html'), 'utf8');
  return /<p class="last-modified">([^<]*)<time datetime="([^"]*)">([^<]*)<\/time><\/p>/.exec(html)?.slice(1).join('|');
}

test('parseGitLog: the newest commit that names a file gives its date', () => {
  const log = '\u001e2026-03-02T10:00:00+00:00\n\na.mdx\n\u001e2026-01-01T09:00:00+00:00\n\na.mdx\nb/c.mdx\n';
  assert.deepEqual(
    [...parseGitLog(log)],
    [
      ['a.mdx', '2026-03-02T10:00:00+00:00'],
      ['b/c.mdx', '2026-01-01T09:00:00+00:00'],
    ],
  );
});

test('metadata.timestamp: each page shows its last commit date (the site in a sub-folder of the repository), lastUpdatedDate wins, timestamp: false hides it', async () => {
  const root = await site('repo', true);
  const repo = path.dirname(root);
  execFileSync('git', ['init', '-q'], { cwd: repo });
  commit(repo, '2026-01-05T12:00:00Z', 'first');
  await writeFile(path.join(root, 'guides', 'install.mdx'), '---\ntitle: Install\n---\n\nNew steps.\n');
  commit(repo, '2026-03-09T12:00:00Z', 'second');
  const out = path.join(scratch, 'repo-dist');
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.equal(await shown(out, ''), 'Last modified on |2026-01-05T12:00:00+00:00|January 5, 2026');
  assert.equal(await shown(out, 'guides/install'), 'Last modified on |2026-03-09T12:00:00+00:00|March 9, 2026');
  assert.equal(await shown(out, 'imported'), 'Last modified on |2026-08-13|August 13, 2026');
  assert.equal(await shown(out, 'quiet'), undefined);
});

test('outside a repository: no date from git and no error; lastUpdatedDate still shows', async () => {
  const root = await site('plain', true);
  const out = path.join(scratch, 'plain-dist');
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.deepEqual(withoutSitemapNoUrl(result.diagnostics), []);
  assert.equal(await shown(out, 'guides/install'), undefined);
  assert.equal(await shown(out, 'imported'), 'Last modified on |2026-08-13|August 13, 2026');
});

test('without metadata.timestamp no page shows a date, unless its own timestamp: true says so', async () => {
  const root = await site('off', undefined);
  await writeFile(path.join(root, 'quiet.mdx'), '---\ntitle: Quiet\ntimestamp: true\nlastUpdatedDate: 2026-02-01T08:30:00Z\n---\n\nA date here.\n');
  const out = path.join(scratch, 'off-dist');
  const result = await build({ root, outDir: out });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.equal(await shown(out, 'imported'), undefined);
  assert.equal(await shown(out, 'quiet'), 'Last modified on |2026-02-01T08:30:00Z|February 1, 2026');
});

test('a lastUpdatedDate that is no date is a warning at its line', async () => {
  const root = await site('bad', true);
  await writeFile(path.join(root, 'imported.mdx'), '---\ntitle: Imported\nlastUpdatedDate: last week\n---\n\nText.\n');
  const result = await validate({ root });
  const found = result.diagnostics.filter((each) => each.code === 'frontmatter-type');
  assert.deepEqual(
    found.map((each) => [each.file, each.line, each.message]),
    [['imported.mdx', 3, found[0]?.message]],
  );
  assert.match(found[0]!.message, /lastUpdatedDate/);
  assert.match(found[0]!.message, /a date \(2026-08-13\) or an ISO 8601 timestamp/);
});

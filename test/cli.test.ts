/**
 * `main(argv, io)`: what the command line prints and which exit code it returns. 0 no errors, 1
 * errors in the site, 2 a wrong command line; never a stack trace for a user's mistake.
 */
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { formatBytes, main, type Io } from '../src/cli.ts';
import { VERSION } from '../src/shared/package-root.ts';
import { fixture } from './config/helpers.ts';

interface Run {
  code: number;
  out: string[];
  err: string[];
}

/** Every `main` call of this file, to check none printed a stack trace. */
const runs: Run[] = [];

async function run(...argv: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (text) => out.push(text), error: (text) => err.push(text), progress: () => {}, color: false, interactive: false };
  const result = { code: await main(argv, io), out, err };
  runs.push(result);
  return result;
}

const SUMMARY = /^(✔|✖) \d+ errors?, \d+ warnings? · \d+ pages? \(\d+ in navigation, \d+ endpoint pages?\), \d+ groups? · \d+\.\d\d s$/;

describe('docjet validate', () => {
  test('a valid site: exit 0, one summary line', async () => {
    const { code, out, err } = await run('validate', fixture('pages/valid'));
    assert.equal(code, 0);
    assert.deepEqual(err, []);
    assert.equal(out.length, 1);
    assert.match(out[0]!, SUMMARY);
    assert.match(out[0]!, /^✔ 0 errors, 0 warnings · 7 pages \(7 in navigation, 0 endpoint pages\), 2 groups · /);
  });

  test('warnings only: exit 0, each warning on its own line with file:line:column', async () => {
    const { code, out } = await run('validate', fixture('versions/invalid'));
    assert.equal(code, 0);
    assert.deepEqual(out.slice(0, -1), [
      'docs.json:5:9 warning navigation.versions[0].version: version label "v2" does not have the shape major.minor.patch; it is used as written. Write "2.0.0" to follow the spec.',
      'docs.json:6:9 warning navigation.versions[1].version: version label "1.4" does not have the shape major.minor.patch; it is used as written. Write "1.4.0" to follow the spec.',
      'docs.json:7:9 warning navigation.versions[2].version: version label "latest" does not have the shape major.minor.patch; it is used as written. Use a label such as "1.0.0" to follow the spec.',
    ]);
    assert.match(out.at(-1)!, /^✔ 0 errors, 3 warnings · /);
  });

  test('--strict turns the warnings into errors: exit 1', async () => {
    const { code, out } = await run('validate', '--strict', fixture('versions/invalid'));
    assert.equal(code, 1);
    assert.match(out[0]!, /^docs\.json:5:9 error navigation\.versions\[0\]\.version: version label "v2"/);
    assert.match(out.at(-1)!, /^✖ 3 errors, 0 warnings · /);
  });

  test('errors: exit 1', async () => {
    const { code, out } = await run('validate', fixture('single-child-kind/invalid'));
    assert.equal(code, 1);
    assert.equal(
      out[0],
      'docs.json:8:19 warning navigation.tabs[0].groups: a tab ("Guides") holds one type of child; this one has both "anchors" and "groups": as on the hosted product, its anchors are shown and its groups left out of the navigation. Move the groups into an anchor, or remove the anchors.',
    );
    assert.match(out[1]!, /^docs\.json:13:18 error navigation\.tabs\[1\]\.pages: a tab \("Blog"\) links to/);
    assert.match(out.at(-1)!, /^✖ 1 error, 1 warning · /);
  });

  test('a missing page is a warning with the closest page as a suggestion: exit 0', async () => {
    const { code, out } = await run('validate', fixture('pages/invalid'));
    assert.equal(code, 0);
    assert.equal(
      out[0],
      'docs.json:7:28 warning navigation.groups[0].pages[1]: page "guides/intro" does not exist: there is no guides/intro.mdx or guides/intro.md; it is left out of the navigation. Did you mean "guides/introduction"?',
    );
    assert.match(out.at(-1)!, /^✔ 0 errors, 5 warnings · /);
  });

  test('a config that cannot be read: exit 1, and the summary says why nothing was resolved', async () => {
    const { code, out } = await run('validate', fixture('ref/broken'));
    assert.equal(code, 1);
    assert.equal(out.at(-1), '✖ 4 errors, 1 warning · the navigation could not be resolved until these are fixed');
  });

  test('mint.json: the upgrade note comes first', async () => {
    const { code, out } = await run('validate', fixture('mint-json/anchors'));
    assert.equal(code, 0);
    assert.equal(out[0], 'note: mint.json is the legacy config format: it was upgraded to docs.json in memory (your file is unchanged).');
  });

  test('--format json: ok, notes, stats and the diagnostics as data', async () => {
    const { code, out, err } = await run('validate', '--format', 'json', fixture('versions/invalid'));
    assert.equal(code, 0);
    assert.deepEqual(err, []);
    assert.equal(out.length, 1);
    const report = JSON.parse(out[0]!) as {
      ok: boolean;
      notes: string[];
      stats: Record<string, number>;
      diagnostics: Record<string, unknown>[];
    };
    assert.deepEqual(Object.keys(report), ['ok', 'notes', 'stats', 'diagnostics']);
    assert.equal(report.ok, true);
    assert.deepEqual(report.notes, []);
    const { milliseconds, ...stats } = report.stats;
    assert.equal(typeof milliseconds, 'number');
    assert.deepEqual(stats, { pages: 3, navigationPages: 3, groups: 0, endpointPages: 0, errors: 0, warnings: 3 });
    assert.deepEqual(report.diagnostics[0], {
      severity: 'warning',
      code: 'version-label',
      file: 'docs.json',
      line: 5,
      column: 9,
      path: 'navigation.versions[0].version',
      message: 'version label "v2" does not have the shape major.minor.patch; it is used as written',
      fix: 'Write "2.0.0" to follow the spec.',
    });
  });

  test('--format=json with --strict: ok is false and the exit code 1', async () => {
    const { code, out } = await run('validate', '--format=json', '--strict', fixture('versions/invalid'));
    assert.equal(code, 1);
    const report = JSON.parse(out[0]!) as { ok: boolean; stats: { errors: number; warnings: number } };
    assert.equal(report.ok, false);
    assert.deepEqual([report.stats.errors, report.stats.warnings], [3, 0]);
  });
});

describe('a wrong command line: exit 2 and one helpful line on stderr', () => {
  const cases: { argv: string[]; err: string[] }[] = [
    {
      argv: ['valdiate'],
      err: ['docjet: unknown command "valdiate". Did you mean "validate"? Commands: build, check, dev, serve, validate, mcp.\nRun docjet --help for usage.'],
    },
    {
      argv: ['biuld'],
      err: ['docjet: unknown command "biuld". Did you mean "build"? Commands: build, check, dev, serve, validate, mcp.\nRun docjet --help for usage.'],
    },
    {
      argv: ['serve', '--port', 'many'],
      err: ['docjet: --port must be a number from 0 to 65535, not "many"'],
    },
    {
      argv: ['build', 'no-such-folder'],
      err: ['docjet build: no-such-folder is not a folder; pass the folder that holds docs.json.'],
    },
    {
      argv: ['validate', '--strcit'],
      err: [
        'docjet: unknown option --strcit. Did you mean --strict? Options: --help, --version, --format, --strict, --out, --base, --url, --port, --host, --open, --verbose, --force, --offline, --allow-private-network, --analytics, --external, --no-cache.\nRun docjet --help for usage.',
      ],
    },
    {
      argv: ['validate', '--bogus=1'],
      err: [
        'docjet: unknown option --bogus. Options: --help, --version, --format, --strict, --out, --base, --url, --port, --host, --open, --verbose, --force, --offline, --allow-private-network, --analytics, --external, --no-cache.\nRun docjet --help for usage.',
      ],
    },
    {
      argv: ['validate', '--format'],
      err: ['docjet: --format needs a value.\nRun docjet --help for usage.'],
    },
    {
      argv: ['validate', '--format', 'xml', '.'],
      err: ['docjet: --format must be "text" or "json", not "xml"'],
    },
    {
      argv: ['validate', 'one', 'two'],
      err: ['docjet validate takes one folder; got 2: one two'],
    },
    {
      argv: ['validate', 'no/such/folder'],
      err: ['docjet validate: no/such/folder is not a folder; pass the folder that holds docs.json.'],
    },
  ];
  for (const { argv, err } of cases) {
    test(`docjet ${argv.join(' ')}`, async () => {
      const result = await run(...argv);
      assert.deepEqual(result, { code: 2, out: [], err });
    });
  }

  test('no command: the help, exit 2', async () => {
    const { code, out, err } = await run();
    assert.equal(code, 2);
    assert.deepEqual(err, []);
    assert.match(out[0]!, /^docjet \S+: documentation sites from docs\.json, offline\n\nUsage:\n {2}docjet build \[dir\]/);
  });
});

describe('docjet build --out: a folder docjet may not replace is a command-line problem, exit 2', () => {
  const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));

  async function copyOfExamples(t: { after(fn: () => Promise<void>): void }): Promise<{ dir: string; site: string }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-cli-out-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const site = path.join(dir, 'site');
    await cp(EXAMPLES, site, { recursive: true });
    return { dir, site };
  }

  test('--out the site folder: refused with the path and what to do; docs.json and the pages stay', async (t) => {
    const { site } = await copyOfExamples(t);
    const before = (await readdir(site, { recursive: true })).sort();
    const { code, out, err } = await run('build', site, '--out', site);
    assert.equal(code, 2);
    assert.deepEqual(err, []);
    assert.deepEqual(out, [
      `${site} error the output folder \`${site}\` is the site folder itself; building there would delete docs.json and every page. Choose another folder with --out, like dist inside the site folder (the default).`,
      `✖ 1 error, 0 warnings · nothing was written; ${site} is unchanged`,
    ]);
    assert.deepEqual((await readdir(site, { recursive: true })).sort(), before);
  });

  test('--out a folder of other files: refused unless --force', async (t) => {
    const { dir, site } = await copyOfExamples(t);
    const mine = path.join(dir, 'mine');
    await mkdir(mine);
    await writeFile(path.join(mine, 'notes.txt'), 'keep me');
    const refused = await run('build', site, '--out', mine);
    assert.equal(refused.code, 2);
    assert.equal(
      refused.out[0],
      `${mine} error the output folder \`${mine}\` holds files docjet did not write: \`notes.txt\`; building there would delete them. Choose an empty folder, or pass --force to replace a folder docjet did not write.`,
    );
    assert.equal(await readFile(path.join(mine, 'notes.txt'), 'utf8'), 'keep me');
    const forced = await run('build', site, '--out', mine, '--force');
    assert.equal(forced.code, 0, forced.out.join('\n'));
    assert.deepEqual(await readdir(dir), ['mine', 'site']);
  });

  test("a planted .docjet-output proves nothing: a folder of the user's files, a page folder, a dist linked out of the site, the cache: exit 2, nothing touched", async (t) => {
    const { dir, site } = await copyOfExamples(t);
    const home = path.join(dir, 'home');
    await mkdir(path.join(home, 'Documents'), { recursive: true });
    await writeFile(path.join(home, 'Documents', 'cv.txt'), 'my cv');
    await writeFile(path.join(home, '.docjet-output'), '');
    await writeFile(path.join(site, 'guides', '.docjet-output'), '{"generator":"docjet"}');
    const outside = path.join(dir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, '.docjet-output'), '');
    await writeFile(path.join(outside, 'keys.txt'), 'secret');
    await symlink(outside, path.join(site, 'dist'));
    const before = async (): Promise<string[]> => (await readdir(dir, { recursive: true })).sort();
    const files = await before();
    const cv = await run('build', site, '--out', home);
    assert.deepEqual(
      [cv.code, cv.out[0]],
      [
        2,
        `${home} error the output folder \`${home}\` has a .docjet-output marker without a record of the files docjet wrote (an earlier docjet's, or one made by hand), so docjet cannot tell them from yours: \`Documents/cv.txt\`; building there would delete them. Delete the folder if it holds only an earlier build, or pass --force to replace it.`,
      ],
    );
    const guides = path.join(site, 'guides');
    const pages = await run('build', site, '--out', guides, '--force');
    assert.equal(pages.code, 2);
    assert.equal(
      pages.out[0],
      `${guides} error the output folder \`${guides}\` is a folder of the site that holds files docjet did not write: \`installation.mdx\`, \`navigation/groups.mdx\`, \`navigation/overview.mdx\` and more; building there would delete them. Choose another folder with --out, like dist (the default): this one holds pages of the site.`,
    );
    for (const command of ['build', 'serve']) {
      const linked = await run(command, site);
      assert.equal(linked.code, 2, command);
      assert.match(
        linked.out[0]!,
        /error the output folder `.*\/site\/dist` is reached through a link in the site folder that leads out of it, to `.*\/outside`; building there would replace a folder outside the site\. Remove the link, or pass that folder itself with --out if you mean to build there\.$/,
      );
    }
    const cache = await run('build', site, '--out', path.join(site, '.docjet'), '--force');
    assert.equal(cache.code, 2);
    assert.match(cache.out[0]!, /is docjet's cache folder or lies inside it; building there would delete the cache\./);
    assert.deepEqual(await before(), files);
    assert.equal(await readFile(path.join(home, 'Documents', 'cv.txt'), 'utf8'), 'my cv');
  });

  test('--out under a file, or where nothing can be made (/proc): exit 2 with a fix, no stack trace', async (t) => {
    const { site } = await copyOfExamples(t);
    const underFile = await run('build', site, '--out', path.join(site, 'docs.json', 'out'));
    assert.equal(underFile.code, 2);
    assert.match(
      underFile.out[0]!,
      /error the output folder `.*docs\.json\/out` cannot be created: `.*docs\.json` is a file\. Choose a folder with --out whose parent folders are folders\.$/,
    );
    if (process.platform !== 'linux') return;
    const proc = await run('build', site, '--out', '/proc/docjet-out');
    assert.equal(proc.code, 2);
    assert.match(
      proc.out[0]!,
      /^\/proc\/docjet-out error the output folder `\/proc\/docjet-out` cannot be created \((ENOENT|EACCES|EPERM)[^)]*\); nothing was written\. Choose a folder you can write to with --out\.$/,
    );
  });
});

test('--help and --version: exit 0', async () => {
  const help = await run('--help');
  assert.equal(help.code, 0);
  assert.match(help.out[0]!, /Exit codes: 0 no errors, 1 errors found, 2 bad command line\./);
  assert.match(help.out[0]!, /docjet build \[dir\] \[--out <folder>\] \[--force\]/);
  assert.match(help.out[0]!, /--force {9}build: replace an output folder docjet did not write/);
  assert.deepEqual(await run('--version'), { code: 0, out: [VERSION], err: [] });
});

test("the build's size is in decimal units, as `du --si` and `npm run bench` print it: GitHub's reference is 155.8 MB, not 148.6", () => {
  assert.equal(formatBytes(155_844_000), '155.8 MB');
  assert.equal(formatBytes(56_344), '56.3 kB');
  assert.equal(formatBytes(999), '999 B');
  assert.equal(formatBytes(1_000_000), '1.0 MB');
});

test('no output of any run above holds a stack trace', () => {
  assert.ok(runs.length > 15);
  for (const { out, err } of runs) {
    for (const line of [...out, ...err]) assert.doesNotMatch(line, /^\s+at .+[:(]\d+|\bError: /m);
  }
});

/**
 * Which output folders a build may replace (issue 36, "a user's files deleted"): docjet replaces
 * only what it wrote, as recorded in the `.docjet-output` marker of the last build, never a folder
 * reached through a link out of the site, a folder among the pages or the cache, and a rebuild
 * keeps the folder's mode and group.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { build, type BuildResult } from '../../src/output/build.ts';
import { displayPath, stageOutput } from '../../src/output/output.ts';

async function tempDir(t: { after(fn: () => Promise<void>): void }): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-owner-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A small site in `dir/site`: a home page, a guide, an image. */
async function smallSite(dir: string): Promise<string> {
  const site = path.join(dir, 'site');
  await fs.mkdir(path.join(site, 'guides'), { recursive: true });
  await fs.mkdir(path.join(site, 'images'));
  await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Small', navigation: { pages: ['index', 'guides/intro'] } }));
  await fs.writeFile(path.join(site, 'index.mdx'), '# Home\n\n![logo](/images/logo.svg)\n');
  await fs.writeFile(path.join(site, 'guides', 'intro.mdx'), '# Intro\n\nHello.\n');
  await fs.writeFile(path.join(site, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return site;
}

/** Every file, link and folder under `dir` with its content, to show that nothing was deleted or changed. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full);
    if (entry.isFile()) entries[relative] = await fs.readFile(full, 'utf8');
    else if (entry.isSymbolicLink()) entries[relative] = `-> ${await fs.readlink(full)}`;
    else if (entry.isDirectory()) entries[relative] = '/';
  }
  return entries;
}

const codes = (result: BuildResult): string[] => result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
const refusal = (result: BuildResult): string => {
  const [first] = result.diagnostics.filter((d) => d.severity === 'error');
  return `${first?.code}: ${first?.message}. ${first?.fix}`;
};

describe('a planted marker proves nothing', () => {
  test("a folder of the user's files with an empty .docjet-output is refused, every file kept", async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const home = path.join(dir, 'home');
    await fs.mkdir(path.join(home, 'Documents'), { recursive: true });
    await fs.writeFile(path.join(home, 'Documents', 'cv.txt'), 'my cv');
    await fs.writeFile(path.join(home, '.docjet-output'), '');
    const before = await snapshot(dir);
    const result = await build({ root: site, outDir: home });
    assert.equal(result.ok, false);
    assert.equal(
      refusal(result),
      `output-not-docjet: the output folder \`${displayPath(home)}\` has a .docjet-output marker without a record of the files docjet wrote (an earlier docjet's, or one made by hand), so docjet cannot tell them from yours: \`Documents/cv.txt\`; building there would delete them. Delete the folder if it holds only an earlier build, or pass --force to replace it.`,
    );
    assert.deepEqual(await snapshot(dir), before);
  });

  test("a folder of the user's files with a marker recording other files is refused, and names the first few", async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const out = path.join(dir, 'out');
    assert.equal((await build({ root: site, outDir: out })).ok, true);
    // docjet's own output, then the user's files beside it.
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'notes/e.txt']) {
      await fs.mkdir(path.dirname(path.join(out, name)), { recursive: true });
      await fs.writeFile(path.join(out, name), name);
    }
    const before = await snapshot(dir);
    const result = await build({ root: site, outDir: out });
    assert.equal(
      refusal(result),
      `output-not-docjet: the output folder \`${displayPath(out)}\` holds files the last docjet build did not write: \`a.txt\`, \`b.txt\`, \`c.txt\` and more; building there would delete them. Move them out of the folder, or pass --force to replace them.`,
    );
    assert.deepEqual(await snapshot(dir), before);
  });

  test('a page folder with a marker is refused, even one recording the pages with their hashes, even with --force', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const guides = path.join(site, 'guides');
    const page = await fs.readFile(path.join(guides, 'intro.mdx'));
    const info = await fs.stat(path.join(guides, 'intro.mdx'), { bigint: true });
    const forged = {
      generator: 'docjet',
      version: '9.9.9',
      built: new Date().toISOString(),
      format: 2,
      files: { 'intro.mdx': [createHash('sha256').update(page).digest('base64url'), Number(info.size), String(info.mtimeNs), String(info.ctimeNs)] },
    };
    for (const marker of ['{}\n', JSON.stringify(forged)]) {
      await fs.writeFile(path.join(guides, '.docjet-output'), marker);
      const before = await snapshot(site);
      for (const force of [false, true]) {
        const result = await build({ root: site, outDir: guides, force });
        assert.deepEqual(codes(result), ['output-holds-site-files'], marker);
        assert.match(refusal(result), /is a folder of the site that holds files docjet did not write: `intro\.mdx`; building there would delete them\./);
      }
      assert.deepEqual(await snapshot(site), before);
    }
  });

  test('a folder holding only what looks like an old docjet output (404.html and _docjet/) is not replaced without --force', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const out = path.join(dir, 'public');
    await fs.mkdir(path.join(out, '_docjet'), { recursive: true });
    await fs.writeFile(path.join(out, '404.html'), 'my 404 page');
    await fs.writeFile(path.join(out, 'index.html'), 'my home page');
    const before = await snapshot(dir);
    const refused = await build({ root: site, outDir: out });
    assert.equal(
      refusal(refused),
      `output-not-docjet: the output folder \`${displayPath(out)}\` holds files docjet did not write: \`404.html\`, \`index.html\`; building there would delete them. Choose an empty folder, or pass --force to replace a folder docjet did not write.`,
    );
    assert.deepEqual(await snapshot(dir), before);
    assert.equal((await build({ root: site, outDir: out, force: true })).ok, true);
    assert.ok(existsSync(path.join(out, 'guides', 'intro', 'index.html')));
  });

  test('an old docjet output in the site folder (marker without a record) is refused; the message says to delete it', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const dist = path.join(site, 'dist');
    await fs.mkdir(path.join(dist, '_docjet'), { recursive: true });
    await fs.writeFile(path.join(dist, '.docjet-output'), '{"generator":"docjet","version":"0.1.0","built":"2026-01-01T00:00:00.000Z"}\n');
    await fs.writeFile(path.join(dist, 'index.html'), 'old build');
    const result = await build({ root: site });
    assert.equal(
      refusal(result),
      `output-holds-site-files: the output folder \`${displayPath(dist)}\` has a .docjet-output marker without a record of the files docjet wrote (an earlier docjet's, or one made by hand), so docjet cannot tell them from the site's: \`index.html\`; building there would delete them. Delete the folder if it holds only an earlier build, then build again.`,
    );
    assert.equal(await fs.readFile(path.join(dist, 'index.html'), 'utf8'), 'old build');
  });
});

describe('where an output folder may not be, whatever it holds', () => {
  test('a dist that is a link out of the site is refused, with or without a marker or --force; the folder it leads to is kept', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const outside = path.join(dir, 'outside', 'folder');
    await fs.mkdir(outside, { recursive: true });
    await fs.writeFile(path.join(outside, '.docjet-output'), '{}\n');
    await fs.writeFile(path.join(outside, 'tax-return.pdf'), 'numbers');
    await fs.symlink(outside, path.join(site, 'dist'));
    const before = await snapshot(dir);
    for (const options of [{}, { force: true }, { outDir: path.join(site, 'dist', 'inner') }]) {
      const result = await build({ root: site, ...options });
      assert.deepEqual(codes(result), ['output-link-outside'], JSON.stringify(options));
    }
    assert.equal(
      refusal(await build({ root: site })),
      `output-link-outside: the output folder \`${displayPath(path.join(site, 'dist'))}\` is reached through a link in the site folder that leads out of it, to \`${displayPath(outside)}\`; building there would replace a folder outside the site. Remove the link, or pass that folder itself with --out if you mean to build there.`,
    );
    assert.deepEqual(await snapshot(dir), before);
  });

  test('the cache folder .docjet and anything inside it are refused, even with --force', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    await fs.mkdir(path.join(site, '.docjet', 'cache', 'openapi'), { recursive: true });
    await fs.writeFile(path.join(site, '.docjet', 'cache', 'openapi', 'spec.json'), '{}');
    await fs.writeFile(path.join(site, '.docjet', '.docjet-output'), '{}');
    const before = await snapshot(site);
    for (const outDir of [path.join(site, '.docjet'), path.join(site, '.docjet', 'cache'), path.join(site, '.docjet', 'site')]) {
      const result = await build({ root: site, outDir, force: true });
      assert.deepEqual(codes(result), ['output-in-cache'], outDir);
    }
    assert.equal(
      refusal(await build({ root: site, outDir: path.join(site, '.docjet') })),
      `output-in-cache: the output folder \`${displayPath(path.join(site, '.docjet'))}\` is docjet's cache folder or lies inside it; building there would delete the cache. Choose another folder with --out, like dist (the default).`,
    );
    assert.deepEqual(await snapshot(site), before);
  });
});

describe("docjet's own output is replaced; what a user changed in it is not", () => {
  test('two rebuilds in a row replace the output; a page removed in between is gone', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const dist = path.join(site, 'dist');
    assert.equal((await build({ root: site })).ok, true);
    assert.ok(existsSync(path.join(dist, 'guides', 'intro', 'index.html')));
    await fs.writeFile(path.join(site, 'docs.json'), JSON.stringify({ name: 'Small', navigation: { pages: ['index'] } }));
    await fs.rm(path.join(site, 'guides'), { recursive: true });
    const second = await build({ root: site });
    assert.equal(second.ok, true, refusal(second));
    assert.ok(!existsSync(path.join(dist, 'guides')));
    const third = await build({ root: site });
    assert.equal(third.ok, true, refusal(third));
    // Besides the output, only docjet's own cache folder (.docjet, page bodies kept for the next build).
    assert.deepEqual((await fs.readdir(site)).sort(), ['.docjet', 'dist', 'docs.json', 'images', 'index.mdx']);
  });

  test('a file of the output the user changed is refused, inside or outside the site; --force replaces it', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    for (const out of [path.join(site, 'dist'), path.join(dir, 'public')]) {
      assert.equal((await build({ root: site, outDir: out })).ok, true);
      // Same size, so only the content tells: "my" and "ho" differ, as a hand edit would.
      const home = path.join(out, 'index.html');
      const html = await fs.readFile(home, 'utf8');
      await fs.writeFile(home, html.replace('Home', 'Hame'));
      const refused = await build({ root: site, outDir: out });
      assert.equal(
        refusal(refused),
        `output-not-docjet: the output folder \`${displayPath(out)}\` holds files the last docjet build did not write: \`index.html\` (changed since); building there would delete them. Move them out of the folder, or pass --force to replace them.`,
      );
      assert.match(await fs.readFile(home, 'utf8'), /Hame/);
      const forced = await build({ root: site, outDir: out, force: true });
      assert.equal(forced.ok, true, refusal(forced));
      assert.doesNotMatch(await fs.readFile(home, 'utf8'), /Hame/);
      assert.equal((await build({ root: site, outDir: out })).ok, true, "docjet's again");
    }
  });

  test("a file touched but unchanged is still docjet's; one changed with its size and mtime put back is not", async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const out = path.join(dir, 'public');
    assert.equal((await build({ root: site, outDir: out })).ok, true);
    const home = path.join(out, 'index.html');
    await fs.utimes(home, new Date(2001, 0, 1), new Date(2001, 0, 1));
    assert.equal((await build({ root: site, outDir: out })).ok, true, 'touched only: its content is what docjet wrote');
    const before = await fs.stat(home);
    const html = await fs.readFile(home, 'utf8');
    await fs.writeFile(home, html.replace('Home', 'Hame'));
    await fs.utimes(home, before.atime, before.mtime);
    assert.deepEqual(codes(await build({ root: site, outDir: out })), ['output-not-docjet']);
  });

  test('a file the user added to the default dist is refused even with --force (it lies in the site)', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const dist = path.join(site, 'dist');
    assert.equal((await build({ root: site })).ok, true);
    await fs.writeFile(path.join(dist, 'CNAME'), 'docs.example.com');
    for (const force of [false, true]) {
      const result = await build({ root: site, force });
      assert.equal(
        refusal(result),
        `output-holds-site-files: the output folder \`${displayPath(dist)}\` is a folder of the site that holds files docjet did not write: \`CNAME\`; building there would delete them. Move them out of the folder (a file to publish goes in the site folder, beside docs.json), or choose another folder with --out.`,
      );
    }
    assert.equal(await fs.readFile(path.join(dist, 'CNAME'), 'utf8'), 'docs.example.com');
  });

  test('a file added while the build runs is not deleted by the swap', async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const out = path.join(dir, 'public');
    assert.equal((await build({ root: site, outDir: out })).ok, true);
    const result = await build({
      root: site,
      outDir: out,
      onProgress: (done) => {
        if (done === 1) void fs.writeFile(path.join(out, 'late.txt'), 'written during the build');
      },
    });
    assert.deepEqual(codes(result), ['output-not-docjet']);
    assert.equal(await fs.readFile(path.join(out, 'late.txt'), 'utf8'), 'written during the build');
    assert.deepEqual((await fs.readdir(dir)).sort(), ['public', 'site'], 'the staging folder is removed');
  });

  test("the record holds what docjet wrote, not what the folder holds at the swap: a page changed in the staging folder during the build is not docjet's", async (t) => {
    const dir = await tempDir(t);
    const target = path.join(dir, 'dist');
    const staged = await stageOutput({ target });
    await staged.write('index.html', '<p>docjet wrote this</p>');
    await staged.write('guide/index.html', '<p>and this</p>');
    await fs.writeFile(path.join(staged.dir, 'index.html'), '<p>someone else wrote this instead</p>');
    await staged.commit();
    const site = await smallSite(dir);
    assert.deepEqual(codes(await build({ root: site, outDir: target })), ['output-not-docjet']);
    assert.match(await fs.readFile(path.join(target, 'index.html'), 'utf8'), /someone else/, 'kept');
  });

  test("a rebuild keeps the output folder's mode and group; a new folder gets the mode mkdir gives", async (t) => {
    const dir = await tempDir(t);
    const site = await smallSite(dir);
    const out = path.join(dir, 'public');
    await fs.mkdir(path.join(dir, 'made-by-mkdir'));
    assert.equal((await build({ root: site, outDir: out })).ok, true);
    const mode = async (folder: string): Promise<number> => (await fs.stat(folder)).mode & 0o7777;
    assert.equal((await mode(out)).toString(8), (await mode(path.join(dir, 'made-by-mkdir'))).toString(8));
    await fs.chmod(out, 0o2775);
    const group = process.getuid?.() === 0 ? 4242 : (await fs.stat(out)).gid;
    await fs.chown(out, -1, group);
    assert.equal((await build({ root: site, outDir: out })).ok, true);
    assert.equal((await mode(out)).toString(8), '2775');
    assert.equal((await fs.stat(out)).gid, group);
  });
});

describe('leftovers of killed builds', () => {
  test("a folder named like a staging folder that docjet did not make is kept; docjet's own is removed", async (t) => {
    const dir = await tempDir(t);
    const target = path.join(dir, 'dist');
    // A process id no process has (pids are below 2^22 on Linux).
    const dead = 4_194_303;
    const planted = path.join(dir, `.dist.staging-${dead}-AbC123`);
    await fs.mkdir(planted);
    await fs.writeFile(path.join(planted, 'photos.zip'), 'holiday');
    await fs.writeFile(path.join(planted, '.docjet-output'), '{}');
    const oldStyle = path.join(dir, '.dist.staging-AbC123');
    await fs.mkdir(oldStyle);
    await fs.utimes(oldStyle, new Date(2000, 0, 1), new Date(2000, 0, 1));
    // docjet's own staging folder, as a build killed mid-way leaves it (renamed to carry a dead pid).
    const killed = await stageOutput({ target });
    await killed.write('index.html', 'half a site');
    const leftover = path.join(dir, path.basename(killed.dir).replace(`-${process.pid}-`, `-${dead}-`));
    await fs.rename(killed.dir, leftover);
    const next = await stageOutput({ target });
    await next.commit();
    assert.deepEqual((await fs.readdir(dir)).sort(), ['.dist.staging-4194303-AbC123', '.dist.staging-AbC123', 'dist']);
    assert.equal(await fs.readFile(path.join(planted, 'photos.zip'), 'utf8'), 'holiday');
  });
});

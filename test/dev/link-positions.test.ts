/**
 * Every link diagnostic is at the link's place in its file, also when the file spells the URL
 * otherwise than the page writes it (a character reference, `&amp;`, a backslash escape): such a
 * link was reported at line 0 (issue 31).
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { checkLinks } from '../../src/dev/link-check.ts';

let root: string;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docjet-link-positions-'));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } }));
  await mkdir(path.join(root, 'snippets'));
  await writeFile(path.join(root, 'snippets', 'part.mdx'), 'Text.\n\n  [snippet](/snip&#x09;pet)\n');
  await writeFile(
    path.join(root, 'index.mdx'),
    [
      '---',
      'title: Home',
      '---',
      "import Part from '/snippets/part.mdx';",
      '',
      '[tab](java&#x09;script:x) and [plain](/missing)',
      '',
      '  [amp](/gone?a=1&amp;b=2) [escaped](/no\\(where\\)) ![image](/pic&#x20;ture.png)',
      '',
      '<Part />',
      '',
    ].join('\n'),
  );
});

after(async () => {
  await rm(root, { recursive: true, force: true });
});

test('a link whose URL the file spells otherwise is reported at its own line and column, not 0:0', async () => {
  const result = await checkLinks({ root });
  assert.equal(result.resolved, true);
  const found = result.diagnostics.map((each) => `${each.file}:${each.line}:${each.column} ${each.code}`);
  assert.deepEqual(found, [
    'index.mdx:6:1 link-broken', // java&#x09;script: (inert, so a relative link)
    'index.mdx:6:39 link-broken', // /missing, found in the text as before
    'index.mdx:8:3 link-broken', // &amp;
    'index.mdx:8:28 link-broken', // \( \)
    'index.mdx:8:52 link-broken', // &#x20; in an image
    'snippets/part.mdx:3:3 link-broken', // in the snippet, at its own line
  ]);
});

/**
 * Files the site names that do not exist are reported at their line (issue 31): docs.json's
 * `logo`, `favicon` and `background.image`, images and videos in pages (Markdown, JSX, raw HTML in
 * `.md`, inside components), and OpenAPI files. Files that exist, addresses outside the site and
 * `data:` images are not.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { validate } from '../../src/validate/index.ts';
import type { Diagnostic } from '../../src/shared/diagnostics.ts';

const CONFIG = `{
  "theme": "mint",
  "name": "Files",
  "colors": { "primary": "#0D9373" },
  "logo": { "light": "/images/logo.svg", "dark": "/images/logo-dark.svg" },
  "favicon": "/favicon.svg",
  "background": { "image": "https://cdn.example.com/bg.png" },
  "navigation": { "groups": [{ "group": "G", "pages": ["index", "guides/page", "notes"] }] }
}
`;

const FILES: Record<string, string> = {
  'docs.json': CONFIG,
  'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'images/draft.png': 'png',
  '.mintignore': 'images/draft.png\n',
  'index.mdx': [
    '---',
    'title: Home',
    '---',
    '',
    '![Here](/images/logo.svg)',
    '',
    '![Gone](/images/diagram.png)',
    '',
    '<img src="images/photo.jpg" />',
    '',
    '<Frame>',
    '  <video src="/videos/demo.mp4" poster="/images/logo.svg" controls />',
    '</Frame>',
    '',
    '<img src="https://example.com/a.png" />',
    '',
    '![Ignored](/images/draft.png)',
    '',
  ].join('\n'),
  'guides/page.mdx': '---\ntitle: Guide\n---\n\n![Relative](../images/logo.svg)\n\n![Relative missing](shot.png)\n',
  'notes.md': '---\ntitle: Notes\n---\n\nText.\n\n<img src="/images/raw.png">\n',
};

function places(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.filter((d) => d.code === 'file-missing').map((d) => `${d.file}:${d.line} ${d.message.split(',')[0]}`);
}

describe('files the site names that do not exist', () => {
  let root: string;
  let out: string;
  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-files-'));
    out = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-files-out-'));
    for (const [file, text] of Object.entries(FILES)) {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fs.writeFile(path.join(root, file), text);
    }
  });
  after(async () => {
    await fs.rm(root, { recursive: true, force: true });
    await fs.rm(out, { recursive: true, force: true });
  });

  test('each one at its line, in docs.json and in pages; build reports the same', async () => {
    const validated = await validate({ root, pages: true });
    assert.deepEqual(places(validated.diagnostics), [
      'docs.json:5 logo.dark names `/images/logo-dark.svg`',
      'docs.json:6 favicon names `/favicon.svg`',
      'guides/page.mdx:7 the image names `/guides/shot.png`',
      'index.mdx:7 the image names `/images/diagram.png`',
      'index.mdx:9 the image names `/images/photo.jpg`',
      'index.mdx:12 the <video> names `/videos/demo.mp4`',
      'index.mdx:17 the image names `/images/draft.png`', // kept out by .mintignore: not published
      'notes.md:7 the image names `/images/raw.png`',
    ]);
    const built = await build({ root, outDir: out });
    assert.deepEqual(places(built.diagnostics), places(validated.diagnostics));
  });

  test('a missing OpenAPI file is reported at its line', async () => {
    const config = CONFIG.replace('"pages": ["index", "guides/page", "notes"] }', '"pages": ["index"] }, { "group": "API", "openapi": "api/missing.json" }');
    const result = await validate({ root, configText: config });
    const missing = result.diagnostics.find((d) => d.code === 'openapi-missing');
    assert.equal(`${missing?.file}:${missing?.line}`, 'docs.json:8');
  });
});

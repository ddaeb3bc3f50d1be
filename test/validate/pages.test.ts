/**
 * `validate` reads every page as `build` renders it (issue 31): the page-level problems build and
 * dev found and validate did not (an unknown icon, an undefined `{variable}`, a missing snippet
 * import, an unclosed code fence, an unknown component, an unclosed `<Note>`) are in its list, at
 * the same places, and `--strict` fails on them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { before, after, describe, test } from 'node:test';
import { build } from '../../src/output/build.ts';
import { validate } from '../../src/validate/index.ts';
import { main, type Io } from '../../src/cli.ts';
import type { Diagnostic } from '../../src/shared/diagnostics.ts';
import { withoutSitemapNoUrl } from '../support/fixture-diagnostics.ts';

const PAGES: Record<string, string> = {
  'index.mdx': '---\ntitle: Home\n---\n\n# Home\n\nWelcome.\n',
  'icon.mdx': '---\ntitle: Icon\n---\n\n<Card title="A" icon="no-such-icon-anywhere">Text</Card>\n',
  'variable.mdx': '---\ntitle: Variable\n---\n\nThe value is {undefinedVariable}.\n',
  'snippet.mdx': "---\ntitle: Snippet\n---\n\nimport Missing from '/snippets/missing.mdx';\n\n<Missing />\n",
  'fence.mdx': '---\ntitle: Fence\n---\n\nText.\n\n```js\nconst a = 1;\n',
  'component.mdx': '---\ntitle: Component\n---\n\n<NoSuchComponent>Hello</NoSuchComponent>\n',
  'note.mdx': '---\ntitle: Note\n---\n\nIntro.\n\n<Note>\nUnclosed note.\n',
};

const CONFIG = {
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Pages',
  colors: { primary: '#0D9373' },
  navigation: { groups: [{ group: 'All', pages: Object.keys(PAGES).map((file) => file.replace(/\.mdx$/, '')) }] },
};

function places(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);
}

describe('validate reads every page', () => {
  let root: string;
  let out: string;
  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-validate-pages-'));
    out = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-validate-out-'));
    await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify(CONFIG, null, 2));
    for (const [file, text] of Object.entries(PAGES)) await fs.writeFile(path.join(root, file), text);
  });
  after(async () => {
    await fs.rm(root, { recursive: true, force: true });
    await fs.rm(out, { recursive: true, force: true });
  });

  test('each page-level problem is reported, at the place build reports it', async () => {
    const validated = await validate({ root, pages: true });
    const built = await build({ root, outDir: out });
    // Only build writes a sitemap: the warning that it left one out (no --url) is its own.
    assert.deepEqual(places(validated.diagnostics), places(withoutSitemapNoUrl(built.diagnostics)));
    const codes = validated.diagnostics.map((d) => `${d.file} ${d.code}`);
    assert.deepEqual(codes, [
      'component.mdx mdx-unknown-component',
      'fence.mdx code-fence-unclosed',
      'icon.mdx icon-unknown',
      'note.mdx mdx-syntax',
      'snippet.mdx snippet-missing',
      'variable.mdx mdx-expression-undefined',
    ]);
    // Places inside the parser's words are counted from the top of the file too, not from after the frontmatter.
    const note = validated.diagnostics.find((d) => d.file === 'note.mdx')!;
    assert.equal(note.line, 7);
    assert.match(note.message, /<Note> \(7:1-7:7\)/);
    assert.equal(validated.stats.warnings, validated.diagnostics.filter((d) => d.severity === 'warning').length);
  });

  test('docjet validate --strict fails on them; the JSON lists them', async () => {
    const lines: string[] = [];
    const io: Io = { out: (text) => lines.push(text), error: (text) => lines.push(text), progress: () => undefined, color: false, interactive: false };
    assert.equal(await main(['validate', root, '--strict'], io), 1);
    assert.match(lines.join('\n'), /note\.mdx:\d+:\d+ error/);
    lines.length = 0;
    assert.equal(await main(['validate', root, '--format', 'json'], io), 0);
    const json = JSON.parse(lines.join('\n')) as { diagnostics: Diagnostic[] };
    assert.ok(json.diagnostics.some((d) => d.file === 'variable.mdx'));
  });
});

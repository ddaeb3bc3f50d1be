/**
 * `docjet check` finds a heading by the id the hosted product gives it (issue 31): a link written
 * for a hosted site (`#sharing-your-model-on-ollama-com`, `#3-budget-%26-rate-limits`, a CJK
 * heading percent-encoded or not) resolves; the id docjet used to give (`…ollamacom`) is a missing
 * anchor whose "did you mean" is the hosted one. Fragments and ids are compared percent-decoded.
 * Accordion, View and Tab titles are anchors by the hosted rule; an h5 heading is not.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { checkLinks } from '../../src/dev/link-check.ts';

let root: string;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docjet-anchor-ids-'));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'import'] } }));
  await writeFile(
    path.join(root, 'import.mdx'),
    '---\ntitle: Import\n---\n\n## Sharing your model on ollama.com\n\n## 3. Budget & Rate Limits\n\n## 安装指南\n\n## Install\n\n## Install\n\n<Steps>\n  <Step title="Pull the model: v1.2" titleSize="h3">x</Step>\n</Steps>\n\n<div id="caf%C3%A9">Written encoded</div>\n\n##### Fine print\n\n<Accordion title="Café & Crème">a</Accordion>\n\n<View title="Setup: Advanced">v</View>\n\n<Tabs>\n  <Tab title="Python 3">p</Tab>\n  <Tab title="Go" id="golang">g</Tab>\n</Tabs>\n',
  );
  await writeFile(
    path.join(root, 'index.mdx'),
    [
      '---',
      'title: Home',
      '---',
      '',
      '[hosted](/import#sharing-your-model-on-ollama-com) [amp](/import#3-budget-%26-rate-limits) [amp raw](/import#3-budget-&-rate-limits)',
      '',
      '[cjk](/import#%E5%AE%89%E8%A3%85%E6%8C%87%E5%8D%97) [cjk raw](/import#安装指南) [second](/import#install-2) [step](/import#pull-the-model-v1-2)',
      '',
      '[old](/import#sharing-your-model-on-ollamacom) [old repeat](/import#install-1)',
      '',
      '<a href="/import#café">decoded both sides</a>',
      '',
      '[accordion](/import#cafe-and-creme) [view](/import#setup-advanced) [tab](/import#python-3) [tab id](/import#golang) [h5](/import#fine-print)',
      '',
    ].join('\n'),
  );
});

after(async () => {
  await rm(root, { recursive: true, force: true });
});

test("anchors are the hosted product's heading ids: its links resolve, docjet's old ids are missing with the hosted id suggested", async () => {
  const result = await checkLinks({ root });
  assert.equal(result.resolved, true);
  const found = result.diagnostics.map((each) => `${each.file}:${each.line}:${each.column} ${each.code} ${each.fix}`);
  assert.deepEqual(found, [
    'index.mdx:9:7 anchor-missing Did you mean "#sharing-your-model-on-ollama-com"?',
    'index.mdx:9:61 anchor-missing Did you mean "#install"?',
    // An h5 is no anchor there (only h1–h4 are); accordion, view and tab titles are.
    'index.mdx:13:122 anchor-missing Link to a heading that is on that page (its anchor is its text in lower case, words joined by "-").',
  ]);
  assert.equal(result.stats.missingAnchors, 3);
});

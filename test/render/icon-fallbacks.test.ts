/**
 * Font Awesome Pro names (issue 11): a free icon of the same meaning stands in, silently; a name with
 * none keeps its warning and shows a neutral placeholder, wherever the icon is written.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { iconHtml } from '../../src/content/mdx/components/icon.ts';
import { build } from '../../src/output/build.ts';
import { createIconSet, pageIcons } from '../../src/render/icons/index.ts';
import { fontAwesome } from '../../src/render/icons/fontawesome.ts';
import { PRO_FALLBACKS, strippedNames } from '../../src/render/icons/pro-fallbacks.ts';
import { lucide, tabler } from '../../src/render/icons/svg-files.ts';
import { MISSING_ICON } from '../../src/render/icons/svg.ts';
import { MissingIcons } from '../../src/render/missing-icons.ts';

const PLACEHOLDER =
  '<svg class="icon-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" data-icon-missing=""' +
  ' aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="8"/></svg>';

test('common Pro names draw the free icon of the same meaning, and are not reported', () => {
  const icons = createIconSet({});
  const expected: [pro: string, free: string][] = [
    ['rocket-launch', 'rocket'],
    ['book-open-cover', 'book-open'],
    ['rectangle-terminal', 'terminal'],
    ['square-question', 'circle-question'],
    ['spinner-third', 'circle-notch'],
    ['file-xml', 'file-code'],
    // Font Awesome Free has nothing of that meaning; Tabler draws it.
    ['message-bot', 'message-chatbot'],
    ['alarm-exclamation', 'alarm'],
    ['brackets-curly', 'braces'],
  ];
  for (const [pro, free] of expected) {
    assert.notEqual(icons.render(free), undefined, free);
    assert.equal(icons.render(pro), icons.render(free), pro);
  }
  assert.equal(icons.render('message-bot'), tabler.svg('message-chatbot', undefined));
  assert.deepEqual([...icons.missing], []);
});

test("a stand-in keeps the style asked for and is drawn by the site's own library first", () => {
  const icons = createIconSet({});
  assert.equal(icons.render('square-question', 'regular'), icons.render('circle-question', 'regular'));
  assert.notEqual(icons.render('square-question', 'regular'), icons.render('circle-question'));
  assert.equal(createIconSet({ library: 'lucide' }).render('rocket-launch'), lucide.svg('rocket', undefined));
  assert.equal(createIconSet({ library: 'tabler' }).render('rocket-launch'), tabler.svg('rocket', undefined));
});

test('the table holds only names no library has, each standing for a Font Awesome Free or Tabler icon', () => {
  const entries = Object.entries(PRO_FALLBACKS);
  assert.ok(entries.length >= 100, `${entries.length} entries`);
  for (const [pro, free] of entries) {
    for (const source of [fontAwesome, lucide, tabler]) assert.equal(source.svg(pro, undefined), undefined, `${pro} is drawn as it is: no entry needed`);
    assert.ok(fontAwesome.svg(free, undefined) ?? tabler.svg(free, undefined), `${pro} → ${free}: no such free icon`);
  }
});

test('a Pro name the table lacks loses its decorations, thing first', () => {
  assert.deepEqual(strippedNames('house-chimney-heart'), ['house-chimney', 'house']);
  assert.deepEqual(strippedNames('square-bolt'), ['circle-bolt', 'bolt']);
  assert.deepEqual(strippedNames('rectangle-vertical'), ['vertical']);
  assert.deepEqual(strippedNames('bolt-circle'), ['bolt']);
  assert.deepEqual(strippedNames('rocket-launch-sharp'), ['rocket-launch', 'rocket']);
  assert.deepEqual(strippedNames('duotone-gauge-max'), ['gauge-max', 'gauge']);
  // Crossed out means "not": the slash is never dropped, but named as Tabler and Lucide name it.
  assert.deepEqual(strippedNames('robot-slash'), ['robot-off']);
  assert.deepEqual(strippedNames('message-bot-slash'), ['message-bot-off', 'message-off']);
  // A one- or two-letter name is the icon of that letter, never a stand-in.
  assert.deepEqual(strippedNames('h1-wide'), []);
  assert.deepEqual(strippedNames('rocket'), []);
});

test('the stripped name is drawn when some library has it, and the result is silent', () => {
  const icons = createIconSet({});
  assert.equal(icons.render('house-chimney-heart'), icons.render('house-chimney'));
  assert.equal(icons.render('rocket-launch-sharp'), icons.render('rocket'), 'through the table');
  assert.equal(icons.render('bolt-circle'), icons.render('bolt'));
  assert.equal(icons.render('gauge-max-duotone'), icons.render('gauge'));
  assert.equal(icons.render('robot-slash'), tabler.svg('robot-off', undefined));
  assert.deepEqual([...icons.missing], []);
});

test('no stand-in for a crossed-out icon without a crossed-out drawing, nor for a misspelt name', () => {
  const icons = createIconSet({});
  assert.equal(icons.render('hippo-slash'), undefined, 'not the hippo: that means the opposite');
  assert.equal(icons.render('arrow-rigth'), undefined, 'a typo, not a Pro arrow');
  assert.equal(icons.render('user-gera'), undefined);
  assert.deepEqual(
    [...icons.missing],
    [
      ['hippo-slash', undefined],
      ['arrow-rigth', 'arrow-right'],
      ['user-gera', 'user-gear'],
    ],
  );
});

test('a name with no stand-in is reported and filled with the neutral placeholder', () => {
  const icons = createIconSet({});
  assert.equal(MISSING_ICON, PLACEHOLDER);
  const drawn = pageIcons(icons);
  const page = `<p>${iconHtml('elephant', undefined, drawn.draw)} and ${iconHtml('rocket-launch', undefined, drawn.draw)} ${iconHtml('', undefined, drawn.draw)}</p>`;
  assert.equal(
    page,
    `<p><span class="icon" data-icon="elephant" aria-hidden="true">${PLACEHOLDER}</span> and ` +
      `<span class="icon" data-icon="rocket-launch" aria-hidden="true">${icons.render('rocket')}</span> ` +
      '<span class="icon" data-icon="" aria-hidden="true"></span></p>',
  );
  assert.deepEqual(drawn.missing, ['elephant']);

  const missing = new MissingIcons();
  missing.note(drawn.missing, 'zoo.mdx', '<Card icon="elephant" />');
  const [warning, ...others] = missing.diagnostics(icons, 'fontawesome');
  assert.deepEqual(others, []);
  assert.deepEqual([warning?.code, warning?.severity, warning?.file, warning?.line, warning?.column], ['icon-unknown', 'warning', 'zoo.mdx', 1, 13]);
  assert.match(warning!.message, /"elephant"/);
});

test('docs.json navigation, frontmatter and components all get the same stand-ins and placeholder', async (t) => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'docjet-icon-fallbacks-'));
  t.after(() => fs.rm(root, { recursive: true, force: true }));
  const config = {
    name: 'Icons',
    navigation: {
      global: { anchors: [{ anchor: 'API', icon: 'rectangle-terminal', href: 'https://api.example.com' }] },
      tabs: [{ tab: 'Guides', icon: 'rocket-launch', groups: [{ group: 'Start', icon: 'book-open-cover', pages: ['index', 'zoo'] }] }],
    },
  };
  await fs.writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  await fs.writeFile(
    path.join(root, 'index.mdx'),
    '---\ntitle: Home\nicon: message-bot\n---\n\n<Card title="Help" icon="square-question">Ask.</Card>\n\nDue <Icon icon="alarm-exclamation" />\n',
  );
  await fs.writeFile(path.join(root, 'zoo.mdx'), '---\ntitle: Zoo\n---\n\n<Card title="Postgres" icon="elephant">Tables.</Card>\n');
  const out = path.join(root, 'out');
  const result = await build({ root, outDir: out });

  const icons = createIconSet({});
  const home = await fs.readFile(path.join(out, 'index.html'), 'utf8');
  const drawn: [pro: string, free: string][] = [
    ['rectangle-terminal', 'terminal'], // global anchor
    ['rocket-launch', 'rocket'], // tab
    ['book-open-cover', 'book-open'], // group
    ['message-bot', 'message-chatbot'], // frontmatter, in the sidebar
    ['square-question', 'circle-question'], // <Card icon>
    ['alarm-exclamation', 'alarm'], // <Icon icon>
  ];
  for (const [pro, free] of drawn) {
    assert.ok(home.includes(`data-icon="${pro}" aria-hidden="true">${icons.render(free)}</span>`), `${pro} is drawn as ${free}`);
  }
  assert.doesNotMatch(home, /<span class="icon"[^>]*><\/span>/, 'no icon is left empty');
  const zoo = await fs.readFile(path.join(out, 'zoo/index.html'), 'utf8');
  assert.ok(zoo.includes(`data-icon="elephant" aria-hidden="true">${PLACEHOLDER}</span>`));

  const iconWarnings = result.diagnostics.filter((diagnostic) => diagnostic.code === 'icon-unknown');
  assert.deepEqual(
    iconWarnings.map(({ file, message }) => ({ file, named: message.includes('"elephant"') })),
    [{ file: 'zoo.mdx', named: true }],
  );
});

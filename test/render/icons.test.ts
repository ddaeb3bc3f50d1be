import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { iconHtml } from '../../src/content/mdx/components/icon.ts';
import { renderMarkdown } from '../../src/content/mdx/index.ts';
import { createIconSet, pageIcons } from '../../src/render/icons/index.ts';
import { navIcon } from '../../src/render/shell/sidebar.ts';
import { MISSING_ICON } from '../../src/render/icons/svg.ts';

const require = createRequire(import.meta.url);

/** The path Font Awesome's own package draws for an icon, to compare against. */
function faPath(pack: 'solid' | 'regular' | 'brands', exportName: string): string {
  const module = require(`@fortawesome/free-${pack}-svg-icons/${exportName}`) as { svgPathData: string };
  return module.svgPathData;
}

const OPEN = '<svg class="icon-svg" xmlns="http://www.w3.org/2000/svg"';
const A11Y = ' aria-hidden="true" focusable="false">';

test('a Font Awesome name is its solid icon, inline and drawn in currentColor', () => {
  assert.equal(
    createIconSet({}).render('minus'),
    `${OPEN} viewBox="0 0 448 512" fill="currentColor"${A11Y}` +
      '<path d="M0 256c0-17.7 14.3-32 32-32l384 0c17.7 0 32 14.3 32 32s-14.3 32-32 32L32 288c-17.7 0-32-14.3-32-32z"/></svg>',
  );
  assert.match(createIconSet({}).render('arrow-right')!, new RegExp(`<path d="${escapeRegex(faPath('solid', 'faArrowRight'))}"/>`));
});

test('iconType regular takes the regular package; a brand is found without iconType', () => {
  const icons = createIconSet({});
  assert.ok(icons.render('star', 'regular')!.includes(`d="${faPath('regular', 'faStar')}"`));
  assert.ok(icons.render('star')!.includes(`d="${faPath('solid', 'faStar')}"`));
  assert.notEqual(faPath('regular', 'faStar'), faPath('solid', 'faStar'));
  assert.ok(icons.render('github')!.includes(`d="${faPath('brands', 'faGithub')}"`));
  assert.ok(icons.render('github', 'brands')!.includes(`d="${faPath('brands', 'faGithub')}"`));
  assert.equal(icons.render('GitHub'), icons.render('github'), 'names are not case-sensitive');
});

test('Font Awesome aliases resolve, including those without a file of their own', () => {
  const icons = createIconSet({});
  assert.equal(icons.render('home'), icons.render('house'));
  assert.ok(icons.render('house')!.includes(`d="${faPath('solid', 'faHouse')}"`));
  // `faPaintBrush.js` does not exist (it would clash with `faPaintbrush.js`): found through the index.
  assert.equal(icons.render('paint-brush'), icons.render('paintbrush'));
  assert.notEqual(icons.render('paint-brush'), undefined);
});

test('every name and alias of the three Font Awesome packages resolves to the glyph of its package', () => {
  const icons = createIconSet({});
  for (const [pack, style] of [
    ['solid', 'solid'],
    ['regular', 'regular'],
    ['brands', 'brands'],
  ] as const) {
    const index = require(`@fortawesome/free-${pack}-svg-icons`) as Record<string, { iconName?: string; icon?: [number, number, unknown[], string, string] }>;
    let count = 0;
    for (const definition of Object.values(index)) {
      if (typeof definition?.iconName !== 'string' || !definition.icon) continue;
      const [width, height, aliases, , path] = definition.icon;
      for (const name of [definition.iconName, ...aliases.filter((alias) => typeof alias === 'string')] as string[]) {
        const html = icons.render(name, style);
        assert.ok(html?.includes(` viewBox="0 0 ${width} ${height}" `) && html.includes(`<path d="${path}"/>`), `${pack} ${name}`);
        count++;
      }
    }
    assert.ok(count > 250, `${pack}: ${count} names`);
  }
  assert.equal(icons.missing.size, 0);
});

test('Pro styles and a regular icon the free set lacks fall back to the solid glyph', () => {
  const icons = createIconSet({});
  const solid = icons.render('rocket');
  for (const type of ['light', 'thin', 'duotone', 'sharp-solid', 'sharp-light', 'sharp-regular', 'sharp-thin', 'regular', 'SOLID']) {
    assert.equal(icons.render('rocket', type), solid, type);
  }
  assert.equal(icons.missing.size, 0);
});

test("Lucide icons are inline SVG in Lucide's stroke style", () => {
  assert.equal(
    createIconSet({ library: 'lucide' }).render('minus'),
    `${OPEN} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"${A11Y}<path d="M5 12h14"/></svg>`,
  );
  const lucide = createIconSet({ library: 'lucide' });
  assert.equal(lucide.render('home'), lucide.render('house'), "Lucide's old names still work");
});

test('Tabler icons: outline by default, filled by iconType or by name, numbered shapes spelt out', () => {
  const tabler = createIconSet({ library: 'tabler' });
  assert.equal(
    tabler.render('minus'),
    `${OPEN} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"${A11Y}<path d="M5 12l14 0"/></svg>`,
  );
  const filled = tabler.render('star', 'filled')!;
  assert.ok(filled.startsWith(`${OPEN} viewBox="0 0 24 24" fill="currentColor"${A11Y}<path d="M8.243 7.34l`), filled);
  assert.equal(tabler.render('star-filled'), filled);
  assert.ok(tabler.render('star')!.includes('stroke="currentColor"'));
  assert.equal(tabler.render('rocket', 'filled'), tabler.render('rocket'), 'no filled rocket: the outline one');
  assert.ok(tabler.render('brand-github')!.includes('stroke="currentColor"'));
  assert.equal(tabler.render('circle-1'), tabler.render('circle-number-1'));
  assert.equal(tabler.missing.size, 0);
});

test('an icon object picks its own library and style', () => {
  const icons = createIconSet({});
  assert.equal(icons.render({ name: 'minus', library: 'lucide' }), createIconSet({ library: 'lucide' }).render('minus'));
  assert.equal(icons.render({ name: 'star', style: 'regular' }), icons.render('star', 'regular'));
  assert.equal(icons.render({ name: 'star', style: 'regular' }, 'solid'), icons.render('star', 'regular'), "the object's style wins");
  assert.equal(icons.render({ name: 'minus', library: 'not-a-library' }), icons.render('minus'));
  assert.equal(icons.render({ name: 42 } as never), undefined, 'bad input gives no icon and does not throw');
});

test('names from another library are borrowed rather than left blank', () => {
  // `sparkles` is Font Awesome Pro: Lucide draws it.
  assert.equal(createIconSet({}).render('sparkles'), createIconSet({ library: 'lucide' }).render('sparkles'));
  // Lucide draws no logos: Font Awesome's brands do.
  assert.ok(
    createIconSet({ library: 'lucide' })
      .render('github')!
      .includes(`d="${faPath('brands', 'faGithub')}"`),
  );
});

test('a URL is an image as written; a file of the site is an image under the base', () => {
  const icons = createIconSet({ base: '/docs/' });
  assert.equal(icons.render('https://example.com/logo.png'), '<img src="https://example.com/logo.png" alt="" class="icon-img">');
  assert.equal(icons.render('/images/x.svg'), '<img src="/docs/images/x.svg" alt="" class="icon-img">');
  assert.equal(icons.render('images/x.svg'), '<img src="/docs/images/x.svg" alt="" class="icon-img">');
  assert.equal(icons.render('./logos/Acme Co.PNG'), '<img src="/docs/logos/Acme Co.PNG" alt="" class="icon-img">');
  assert.equal(createIconSet({ base: '/docs' }).render('/x.svg'), '<img src="/docs/x.svg" alt="" class="icon-img">');
  assert.equal(createIconSet({}).render('/images/x.svg'), '<img src="/images/x.svg" alt="" class="icon-img">');
  assert.equal(icons.render('javascript:alert(1)//.svg'), undefined, 'only http(s) URLs are images');
  assert.equal(icons.missing.size, 1);
});

test('unknown names give no icon and are listed with the closest real name', () => {
  const icons = createIconSet({});
  for (const name of ['rockte', 'arrow-rigth', 'githb', 'fa-book', 'giant-rocket', 'snake', 'rockte']) assert.equal(icons.render(name), undefined, name);
  assert.deepEqual(
    [...icons.missing],
    [
      ['rockte', 'rocket'],
      ['arrow-rigth', 'arrow-right'],
      ['githb', 'github'],
      ['fa-book', 'book'],
      ['giant-rocket', 'rocket'],
      ['snake', undefined],
    ],
  );
  const lucide = createIconSet({ library: 'lucide' });
  lucide.render('setings');
  assert.deepEqual([...lucide.missing], [['setings', 'settings']]);
});

test('a malicious name or URL stays inert', () => {
  const icons = createIconSet({});
  const evil = '"><script>alert(1)</script>';
  assert.equal(icons.render(evil), undefined);
  assert.equal(icons.render(`https://example.com/${evil}`), '<img src="https://example.com/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" alt="" class="icon-img">');
  assert.equal(icons.render(`/x.svg?${evil}`), '<img src="/x.svg?&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" alt="" class="icon-img">');
  // The span holds the escaped name, with the neutral icon inside.
  const drawn = pageIcons(icons);
  assert.equal(iconHtml(evil, undefined, drawn.draw), `<span class="icon" data-icon="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" aria-hidden="true">${MISSING_ICON}</span>`);
  assert.deepEqual(drawn.missing, [evil]);
  assert.deepEqual([...icons.missing], [[evil, undefined]]);
});

test('a page draws each icon inside the span that names it, and lists the unknown ones it shows once', () => {
  const icons = createIconSet({});
  const minus = icons.render('minus')!;
  const drawn = pageIcons(icons);
  const page =
    renderMarkdown({ file: 'page.mdx', text: '<Icon icon="minus" iconType="solid" className="custom" color="#f00" size={32} /> one', format: 'mdx', icon: drawn.draw }).html +
    `<p>${iconHtml('minus', 'regular', drawn.draw)} two ${iconHtml('nope', undefined, drawn.draw)} ${navIcon('nope', drawn.draw)}</p>`;
  assert.equal(
    page,
    `<p><span class="icon custom" data-icon="minus" data-icon-type="solid" style="--icon-color:#f00;--icon-size:32px" aria-hidden="true">${minus}</span> one</p>` +
      `<p><span class="icon" data-icon="minus" data-icon-type="regular" aria-hidden="true">${minus}</span> two ` +
      `<span class="icon" data-icon="nope" aria-hidden="true">${MISSING_ICON}</span> <span class="icon" data-icon="nope" aria-hidden="true">${MISSING_ICON}</span></p>`,
  );
  assert.deepEqual(drawn.missing, ['nope']);
  assert.deepEqual(pageIcons(icons).missing, [], 'each page lists its own');
});

test('a navigation icon draws from the library and in the style it names', () => {
  const { draw } = pageIcons(createIconSet({}));
  const lucideMinus = createIconSet({ library: 'lucide' }).render('minus')!;
  assert.equal(navIcon({ name: 'minus', library: 'lucide' }, draw), `<span class="icon" data-icon="minus" data-icon-library="lucide" aria-hidden="true">${lucideMinus}</span>`);
  const star = createIconSet({}).render('star', 'regular')!;
  assert.equal(navIcon({ name: 'star', style: 'regular' }, draw), `<span class="icon" data-icon="star" data-icon-type="regular" aria-hidden="true">${star}</span>`);
});

test('a rendered page holds exactly the icons it uses', () => {
  const icons = createIconSet({});
  const body = ['<Icon icon="minus" />', '', '<Card title="Source" icon="github" href="/x">On GitHub</Card>', '', '<Tip>Another minus: <Icon icon="minus" size={24} /></Tip>'].join(
    '\n',
  );
  const { html } = renderMarkdown({ file: 'page.mdx', text: body, format: 'mdx', icon: pageIcons(icons).draw });
  const drawn = [...html.matchAll(/<svg class="icon-svg"[^>]*>(.*?)<\/svg>/g)].map((match) => match[1]);
  const minus = `<path d="${faPath('solid', 'faMinus')}"/>`;
  const github = `<path d="${faPath('brands', 'faGithub')}"/>`;
  assert.deepEqual(drawn, [minus, github, minus]);
  assert.equal(html.split('<svg').length - 1, 3, 'no other SVG, no sprite, no icon font');
  assert.equal(icons.missing.size, 0);
});

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Text in a site's primary colour, and text on it, reads at WCAG AA (4.5:1) whatever colour the
 * site chose; the colour itself is kept where it already reads.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { contrast, MIN_TEXT_CONTRAST, parseHex, readableText, textOn } from '../../src/render/contrast.ts';
import { siteCss } from '../../src/render/theme.ts';
import type { Config } from '../../src/config/schema.ts';

const LIGHT = { bg: '#ffffff', fg: '#0f172a' };
const DARK = { bg: '#0b0f17', fg: '#e5e9f0' };
/** Primary colours of real sites and the ones readers complained about (a light blue on dark). */
const PRIMARIES = ['#0D9373', '#2563eb', '#60a5fa', '#16A34A', '#FF6B00', '#FACC15', '#a855f7', '#000000', '#ffffff', '#e11d48'];

function ratio(a: string, b: string): number {
  return contrast(parseHex(a)!, parseHex(b)!);
}

test('the readable text variant reaches 4.5:1 on the page and on the current-item tint, light and dark', () => {
  for (const primary of PRIMARIES) {
    for (const { bg, fg } of [LIGHT, DARK]) {
      const text = readableText(primary, bg, fg);
      assert.ok(ratio(text, bg) >= MIN_TEXT_CONTRAST, `${primary} on ${bg}: ${text} reads at ${ratio(text, bg).toFixed(2)}`);
    }
  }
});

test('a colour that already reads is kept', () => {
  assert.equal(readableText('#1d4ed8', LIGHT.bg, LIGHT.fg), '#1d4ed8');
});

test('text on a primary fill is white or ink, whichever reads better', () => {
  assert.equal(textOn('#1d4ed8'), '#ffffff');
  assert.equal(textOn('#60a5fa'), '#0b0f17');
  assert.equal(textOn('#FACC15'), '#0b0f17');
});

test('the site stylesheet writes the variants for the primary and for colors.light in dark mode', () => {
  const css = siteCss({ colors: { primary: '#2563eb', light: '#60a5fa' } } as Config, '/');
  assert.match(css, /:root\{--dj-primary:#2563eb;--dj-primary-text:#[\da-f]{6};--dj-on-primary:#ffffff/);
  assert.match(css, /html\[data-theme="dark"\]\{--dj-primary:#60a5fa;--dj-primary-text:#60a5fa;--dj-on-primary:#0b0f17/);
});

test('base.css defaults are the computed variants of the default primary', () => {
  const css = readFileSync(new URL('../../assets/css/base.css', import.meta.url), 'utf8');
  const primary = /--dj-primary: (#[\da-f]{6});/.exec(css)![1]!;
  const texts = [...css.matchAll(/--dj-primary-text: (#[\da-f]{6});/g)].map((match) => match[1]);
  assert.deepEqual(texts, [readableText(primary, LIGHT.bg, LIGHT.fg), readableText(primary, DARK.bg, DARK.fg), readableText(primary, DARK.bg, DARK.fg)]);
});

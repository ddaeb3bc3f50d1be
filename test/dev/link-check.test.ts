/**
 * `docjet check`: every link form and anchor kind of test/fixtures/check/links, followed as the built
 * site and `docjet dev` answer it. Each broken one is reported once at its file:line:col with the
 * right code (true positives); every good one, listed in the fixture's first paragraph, is not
 * (true negatives). The same holds under `--base`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { main, type Io } from '../../src/cli.ts';
import { checkLinks, idsOf, type CheckResult } from '../../src/dev/link-check.ts';

const SITE = fileURLToPath(new URL('../fixtures/check/links', import.meta.url));

/** `file:line:col code url`: what a reader of the report sees for each problem. */
const EXPECTED = [
  'docs.json:9:26 link-broken /navbar-missing', // navbar link
  'docs.json:13:100 link-broken /footer-missing', // footer link
  'docs.json:17:27 redirect-chain /older → /old-setup → /guides/setup',
  'docs.json:18:28 redirect-chain /loop-b → /loop-a → /loop-b',
  'docs.json:19:28 redirect-chain /loop-a → /loop-b → /loop-a',
  'docs.json:20:26 link-broken /nowhere', // redirect destination
  'docs.json:27:29 link-broken /tab-missing', // navigation href
  'guides/more.mdx:9:13 link-broken /tile-missing', // <Tile href>
  'guides/setup.mdx:23:40 link-broken ../nothing-here', // relative
  'index.mdx:15:22 link-broken /Guides/setup', // case-sensitive
  'index.mdx:15:45 link-broken /guides/setpu',
  'index.mdx:15:79 anchor-missing /guides/setup#instal', // not inside the good /guides/setup#install-the-cli of line 9
  'index.mdx:15:117 anchor-missing #nope',
  'index.mdx:16:22 link-broken /gone', // through a redirect to nowhere
  'index.mdx:18:18 link-broken /images/missing.png', // Markdown image
  'index.mdx:20:10 link-broken /html-missing', // <a href>
  'index.mdx:22:11 link-broken /img-missing.png', // <img src>
  'index.mdx:24:33 link-broken /card-missing', // <Card href>
  'index.mdx:26:35 link-broken /card-missing#part',
  'index.mdx:26:77 link-broken /card-missing', // at its own place, not inside the longer URL before it
  'openapi.json:21:86 link-broken /spec-missing', // a parameter's description on a generated endpoint page
  'snippets/shared.mdx:1:40 link-broken /snippet-missing', // in a snippet, at its own line
];

function summary(result: CheckResult): string[] {
  return result.diagnostics.map((each) => {
    const subject = each.code === 'redirect-chain' ? /: (.*)$/.exec(each.message)![1] : /^"([^"]+)"/.exec(each.message)![1];
    return `${each.file}:${each.line}:${each.column} ${each.code} ${subject}`;
  });
}

describe('docjet check', () => {
  test('every link form and anchor kind: the broken ones at their line, the good ones not at all', async () => {
    const result = await checkLinks({ root: SITE });
    assert.equal(result.resolved, true);
    assert.deepEqual(summary(result), EXPECTED);
    assert.equal(result.stats.pages, 6); // five pages and the spec's API overview
    assert.equal(result.stats.brokenLinks, 17);
    assert.equal(result.stats.missingAnchors, 2);
    assert.equal(result.stats.redirectChains, 3);
    assert.equal(result.stats.external, 2); // https://example.com/x and the Blog tab: not followed without --external
    // "Did you mean" from the routes, the static files and the target page's anchors.
    const fix = (url: string): string | undefined => result.diagnostics.find((each) => each.message.startsWith(`"${url}"`))?.fix;
    assert.equal(fix('/Guides/setup'), 'Did you mean "/guides/setup"?');
    assert.equal(fix('/guides/setpu'), 'Did you mean "/guides/setup"?');
    assert.equal(fix('/images/missing.png'), 'Did you mean "/images/logo.png"?');
    assert.equal(fix('/guides/setup#instal'), 'Did you mean "#install-the-cli"?');
    assert.match(result.diagnostics.find((each) => each.message.startsWith('"/gone"'))!.message, /answers "\/nowhere" \(reached through the redirect from "\/gone"\)/);
  });

  test('under --base the same links are broken, and the good ones still resolve', async () => {
    const result = await checkLinks({ root: SITE, base: '/docs/' });
    // A generated endpoint page writes its spec's links as the spec has them, without the base
    // (its fields are shared between pages): under /docs/ its good /guides/setup is broken too, as
    // it is in the built site.
    const spec = 'openapi.json:21:51 link-broken /guides/setup';
    assert.deepEqual(summary(result), [...EXPECTED.slice(0, -2), spec, ...EXPECTED.slice(-2)]);
  });

  test('ids a #fragment can name: every id of the rendered page and <a name>, not <meta name>', () => {
    const ids = idsOf('<meta name="viewport"><h2 id="a&amp;b">x</h2><details class="accordion" id="adv"></details><a name="old"></a>');
    assert.deepEqual([...ids], ['a&b', 'adv', 'old']);
  });

  test('the command: grouped by file with line:col, exit 1; --format json holds the same problems', async () => {
    const out: string[] = [];
    const io: Io = { out: (text) => out.push(text), error: (text) => out.push(text), progress: () => {}, color: false, interactive: false };
    assert.equal(await main(['check', SITE], io), 1);
    assert.equal(out[0], 'docs.json');
    assert.match(out[1]!, /^ {2}9:26 {2}link-broken {2}"\/navbar-missing" leads nowhere/);
    assert.ok(out.includes('snippets/shared.mdx'));
    assert.match(out.at(-1)!, /^✖ 17 broken links, 2 missing anchors, 3 redirect chains in 6 files · 6 pages, \d+ links followed \(2 external not checked\) · \d+\.\d\d s$/);
    out.length = 0;
    assert.equal(await main(['check', SITE, '--format', 'json'], io), 1);
    const json = JSON.parse(out.join('\n')) as { ok: boolean; diagnostics: unknown[] };
    assert.equal(json.ok, false);
    assert.equal(json.diagnostics.length, EXPECTED.length);
  });
});

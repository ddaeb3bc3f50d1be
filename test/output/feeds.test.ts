/**
 * RSS feeds (issue 29): a page with `<Update>` entries, or `rss: true`, has an RSS 2.0 feed at its
 * URL with `/rss.xml` appended (where the hosted product serves it), linked from its `<head>`;
 * `build` writes it and `dev` answers it. The feed is read back with an XML parser and checked
 * against the elements RSS 2.0 requires; content is CDATA or escaped, never raw markup.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { build } from '../../src/output/build.ts';
import { dev } from '../../src/dev/dev-server.ts';
import { fetchRaw } from '../support/http.ts';
import { labelDate } from '../../src/render/feed.ts';

let root: string;
let scratch: string;

const CHANGELOG = `---
title: Changelog
description: What changed in Harbor.
---

<Update label="August 21, 2026" description="v2.1.0" tags={["New releases", "Fixes"]}>
  ## Faster builds

  Builds are **twice** as fast. <b>Bold</b> and a ]]> sequence. See [the guide](/index).

  \`\`\`js
  const secret = 1;
  \`\`\`
</Update>

<Update label="2026-08-14" rss={{ title: "Custom title", description: "Custom text for subscribers" }}>
  Something with a component.
</Update>

<Update label="Next">
  No date in this label.
</Update>
`;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docjet-feeds-'));
  root = path.join(scratch, 'site');
  await mkdir(path.join(root, 'news'), { recursive: true });
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'Harbor', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'changelog', 'news/blog'] }] } }),
  );
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\n\nHello.\n');
  await writeFile(path.join(root, 'changelog.mdx'), CHANGELOG);
  await writeFile(path.join(root, 'news', 'blog.mdx'), '---\ntitle: Blog\nrss: true\n---\n\nNo updates yet.\n');
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

interface Item {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate?: string;
  category?: string | string[];
  description?: string;
}

/** The feed parsed, after checking it is well-formed XML with the RSS 2.0 channel's required elements. */
function readFeed(xml: string): { channel: Record<string, unknown>; items: Item[] } {
  assert.equal(XMLValidator.validate(xml), true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(xml);
  assert.equal(parsed.rss['@_version'], '2.0');
  const channel = parsed.rss.channel;
  for (const required of ['title', 'link', 'description']) assert.ok(typeof channel[required] === 'string' && channel[required] !== '', `channel has <${required}>`);
  const items: Item[] = channel.item ?? [];
  // RSS 2.0: each item has a title or a description.
  for (const item of items) assert.ok(item.title || item.description);
  return { channel, items };
}

test('build writes changelog/rss.xml: one item per update with its label, date, tags and content, linked from the page', async () => {
  const out = path.join(scratch, 'dist');
  const result = await build({ root, outDir: out, siteUrl: 'https://docs.example.com' });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  const xml = await readFile(path.join(out, 'changelog', 'rss.xml'), 'utf8');
  const { channel, items } = readFeed(xml);
  assert.equal(channel['title'], 'Changelog - Harbor');
  assert.equal(channel['link'], 'https://docs.example.com/changelog');
  assert.equal(channel['description'], 'What changed in Harbor.');
  assert.deepEqual(
    items.map((item) => [item.title, item.link, item.guid['#text'], item.pubDate]),
    [
      ['August 21, 2026', 'https://docs.example.com/changelog#august-21-2026', 'https://docs.example.com/changelog#august-21-2026', 'Fri, 21 Aug 2026 00:00:00 GMT'],
      ['Custom title', 'https://docs.example.com/changelog#2026-08-14', 'https://docs.example.com/changelog#2026-08-14', 'Fri, 14 Aug 2026 00:00:00 GMT'],
      ['Next', 'https://docs.example.com/changelog#next', 'https://docs.example.com/changelog#next', undefined],
    ],
  );
  assert.deepEqual(items[0]!.category, ['New releases', 'Fixes']);
  // The content as HTML inside CDATA: markup stays text to the XML reader; code blocks are left out.
  assert.match(items[0]!.description!, /<strong>twice<\/strong>/);
  assert.match(items[0]!.description!, /a \]\]> sequence/);
  // Links of the content are absolute: a feed reader shows it away from the site.
  assert.match(items[0]!.description!, /<a href="https:\/\/docs\.example\.com\/">the guide<\/a>/);
  assert.doesNotMatch(items[0]!.description!, /secret/);
  assert.match(xml, /<description><!\[CDATA\[/);
  assert.equal(items[1]!.description, 'Custom text for subscribers');
  const html = await readFile(path.join(out, 'changelog', 'index.html'), 'utf8');
  assert.match(html, /<link rel="alternate" type="application\/rss\+xml" title="Changelog" href="https:\/\/docs\.example\.com\/changelog\/rss\.xml">/);

  // `rss: true` without updates: a feed with no items yet, linked too; a page with neither has none.
  const blog = readFeed(await readFile(path.join(out, 'news', 'blog', 'rss.xml'), 'utf8'));
  assert.deepEqual(blog.items, []);
  const blogHtml = await readFile(path.join(out, 'news', 'blog', 'index.html'), 'utf8');
  assert.match(blogHtml, /href="https:\/\/docs\.example\.com\/news\/blog\/rss\.xml"/);
  // `rss: true` also shows a link to the feed beside the title; the changelog, without it, does not.
  assert.match(blogHtml, /<a class="rss-link" href="\/news\/blog\/rss\.xml" type="application\/rss\+xml">RSS<\/a>/);
  assert.doesNotMatch(html, /class="rss-link"/);
  await assert.rejects(readFile(path.join(out, 'rss.xml')), { code: 'ENOENT' });
  assert.doesNotMatch(await readFile(path.join(out, 'index.html'), 'utf8'), /application\/rss\+xml/);
});

test("labelDate: English, ISO, month and year, and the page language's month names and CJK dates; no date in a version label", () => {
  const day = (label: string, language?: string) => labelDate(label, language)?.toISOString().slice(0, 10);
  assert.deepEqual(
    [
      day('August 21, 2026'),
      day('2024-10-11'),
      day('March 2025'),
      day('21 août 2026', 'fr'),
      day('3 de marzo de 2026', 'es'),
      day('2026年8月21日'),
      day('2024年7月'),
      day('v1.2.0'),
      day('Week 3'),
      day('21 août 2026'),
    ],
    ['2026-08-21', '2024-10-11', '2025-03-01', '2026-08-21', '2026-03-03', '2026-08-21', '2024-07-01', undefined, undefined, undefined],
  );
});

test('docjet dev answers /changelog/rss.xml as an RSS document, and 404 for a page without a feed', async (t) => {
  const server = await dev({ root, port: 0, watch: false, ahead: false });
  t.after(() => server.close());
  await server.ready;
  const feed = await fetchRaw(server, '/changelog/rss.xml');
  assert.deepEqual([feed.status, feed.headers['content-type']], [200, 'application/rss+xml; charset=utf-8']);
  const { items } = readFeed(feed.body);
  assert.deepEqual(
    items.map((item) => [item.link, item.guid['@_isPermaLink']]),
    [
      ['/changelog#august-21-2026', 'false'],
      ['/changelog#2026-08-14', 'false'],
      ['/changelog#next', 'false'],
    ],
  );
  assert.equal((await fetchRaw(server, '/rss.xml')).status, 404);
});

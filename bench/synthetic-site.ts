/**
 * A synthetic docs.json site of any size, for the dev-server and watcher benchmarks: `pages` MDX
 * pages of realistic length (frontmatter, headings, prose with links, a list, a table, a callout, a
 * fenced code block), 50 to a folder, grouped 10 pages to a group under five tabs, plus a few
 * images. Written from code, so no corpus content is copied.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const PAGES_PER_FOLDER = 50;
const PAGES_PER_GROUP = 10;
const TABS = ['Guides', 'Reference', 'Integrations', 'Operations', 'Tutorials'];
const WORDS = 'deploy cluster request token region storage policy replica index cache schema webhook client server timeout retry batch stream queue metric'.split(' ');

/** The route (and file name without `.mdx`) of page `index`: `section-3/page-0150`. */
export function syntheticRoute(index: number): string {
  return `section-${Math.floor(index / PAGES_PER_FOLDER)}/page-${String(index).padStart(4, '0')}`;
}

/** Writes the site into `root` (created if missing); returns its routes in navigation order. */
export async function writeSyntheticSite(root: string, pages: number): Promise<string[]> {
  const routes = Array.from({ length: pages }, (_, index) => syntheticRoute(index));
  const folders = new Set(routes.map((route) => path.dirname(route)));
  await Promise.all([...folders, 'images'].map((folder) => mkdir(path.join(root, folder), { recursive: true })));
  await writeFile(path.join(root, 'docs.json'), `${JSON.stringify(syntheticConfig(routes), null, 2)}\n`);
  await writeFile(path.join(root, 'images', 'diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>\n');
  const BATCH = 64;
  for (let start = 0; start < routes.length; start += BATCH) {
    await Promise.all(routes.slice(start, start + BATCH).map((route, offset) => writeFile(path.join(root, `${route}.mdx`), syntheticPage(start + offset, routes))));
  }
  return routes;
}

/** docs.json: one tab per fifth of the pages, one group per ten pages. */
function syntheticConfig(routes: readonly string[]): Record<string, unknown> {
  const perTab = Math.ceil(routes.length / TABS.length);
  const tabs = TABS.map((tab, tabIndex) => {
    const slice = routes.slice(tabIndex * perTab, (tabIndex + 1) * perTab);
    const groups = [];
    for (let start = 0; start < slice.length; start += PAGES_PER_GROUP) {
      groups.push({ group: `${tab} ${start / PAGES_PER_GROUP + 1}`, pages: slice.slice(start, start + PAGES_PER_GROUP) });
    }
    return { tab, groups };
  }).filter((tab) => tab.groups.length > 0);
  return {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Synthetic',
    colors: { primary: '#0D9373' },
    redirects: [{ source: '/start', destination: `/${routes[0] ?? ''}` }],
    navigation: { tabs },
  };
}

function word(seed: number): string {
  return WORDS[seed % WORDS.length]!;
}

/** One page of about 3 KB, its words varied by its index. */
export function syntheticPage(index: number, routes: readonly string[]): string {
  const next = routes[(index + 1) % routes.length]!;
  const sentence = (seed: number): string =>
    `The ${word(seed)} ${word(seed + 3)} keeps every ${word(seed + 7)} in step with the ${word(seed + 11)}, so a ${word(seed + 13)} never waits on a ${word(seed + 17)}.`;
  const paragraph = (seed: number): string => [0, 1, 2, 3].map((offset) => sentence(seed + offset * 5)).join(' ');
  return `---
title: "${capitalize(word(index))} ${word(index + 1)} ${index}"
description: "How the ${word(index + 2)} works with the ${word(index + 4)}."
---

${paragraph(index)} Read [the next page](/${next}) when you are done.

## Set up the ${word(index + 5)}

${paragraph(index + 1)}

- Create a ${word(index + 6)} for each ${word(index + 8)}.
- Point the ${word(index + 9)} at the ${word(index + 10)}.
- Check the \`${word(index + 12)}\` setting.

<Note>
  The ${word(index + 14)} is created once per ${word(index + 15)}.
</Note>

\`\`\`bash
docjet ${word(index + 16)} --${word(index + 18)} ${index}
curl -X POST https://api.example.com/v1/${word(index + 19)}s
\`\`\`

## Limits

| Setting | Default | Maximum |
| --- | --- | --- |
| ${word(index + 1)} | ${index % 100} | ${(index % 100) * 10} |
| ${word(index + 2)} | ${index % 7} | ${(index % 7) * 100} |

${paragraph(index + 2)}

![A diagram](/images/diagram.svg)
`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

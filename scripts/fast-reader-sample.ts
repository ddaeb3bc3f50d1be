/**
 * `node --import tsx scripts/fast-reader-sample.ts`: writes the fast reader's sample pages
 * (test/support/mdx-sample.ts) into test/fixtures/fast-reader-sample/ and prints how many pages
 * hold each construct. `--corpus <folder>` prints the same count over a corpus's pages instead
 * (how the shares in mdx-sample.ts were measured).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONSTRUCT_PATTERNS, generateSample } from '../test/support/mdx-sample.ts';

const { values } = parseArgs({ options: { corpus: { type: 'string' } } });
const folder = new URL('../test/fixtures/fast-reader-sample/', import.meta.url).pathname;

let texts: string[];
if (values.corpus) {
  texts = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.mdx?$/.test(name)) texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(values.corpus);
} else {
  const pages = generateSample();
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const page of pages) writeFileSync(path.join(folder, page.name), page.text);
  texts = pages.map((page) => page.text);
  console.log(`${pages.length} pages written to ${folder}`);
}
for (const [construct, pattern] of Object.entries(CONSTRUCT_PATTERNS)) {
  const count = texts.filter((text) => pattern.test(text)).length;
  console.log(`${construct.padEnd(24)} ${String(count).padStart(5)}  ${((100 * count) / texts.length).toFixed(1)} %`);
}

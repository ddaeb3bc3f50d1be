/**
 * "Did you mean": the bounded search (only the best kept, distances worked out only as far as they
 * could still place) suggests exactly what the full search did, on the routes and files of real
 * sites (the corpus beside the project, when it is there) and on a table written here.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { closestMatches, editDistance, editDistanceWithin } from '../../src/shared/suggest.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = process.env['DOCJET_CORPUS'] ?? path.resolve(REPO, '../shared/corpus');
const SITES = ['mintlify__docs', 'langgenius__dify-docs', 'polarsource__polar'];

/** The full search, as it was before it was bounded: every candidate scored, sorted, cut. */
function closestMatchesFull(input: string, candidates: Iterable<string>, { limit = 3, maxRatio = 0.4 } = {}): string[] {
  const needle = input.toLowerCase();
  const scored: { candidate: string; score: number; contains: boolean }[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    if (Math.abs(hay.length - needle.length) > Math.max(hay.length, needle.length) * maxRatio + 8) continue;
    let score = editDistance(needle, hay);
    const longest = Math.max(needle.length, hay.length, 1);
    const contains = hay.includes(needle) || needle.includes(hay);
    if (contains) score = Math.min(score, longest * maxRatio * 0.5);
    if (score / longest <= maxRatio) scored.push({ candidate, score, contains });
  }
  scored.sort((x, y) => Number(y.contains) - Number(x.contains) || x.score - y.score || (x.candidate < y.candidate ? -1 : 1));
  return scored.slice(0, limit).map((entry) => entry.candidate);
}

/** A site's routes and files as the link check offers them: pages without their extension, other files as they are. */
function routesOf(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else found.push(relative.replace(/\.mdx?$/, ''));
    }
  };
  walk('');
  return found;
}

/** Misspellings of some of the candidates, made the same way every run: a letter dropped, doubled, swapped or changed, a path cut short or run on. */
function misspellings(candidates: readonly string[], count: number): string[] {
  const inputs: string[] = [];
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let index = 0; index < count; index++) {
    const word = candidates[next(candidates.length)]!;
    const at = next(Math.max(1, word.length));
    switch (index % 7) {
      case 0:
        inputs.push(word.slice(0, at) + word.slice(at + 1));
        break;
      case 1:
        inputs.push(word.slice(0, at) + word.charAt(at) + word.slice(at));
        break;
      case 2:
        inputs.push(word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2));
        break;
      case 3:
        inputs.push(`${word.slice(0, at)}x${word.slice(at + 1)}`);
        break;
      case 4:
        inputs.push(word.slice(0, Math.max(1, at)));
        break;
      case 5:
        inputs.push(`${word}/old-${at}`);
        break;
      default:
        inputs.push(word.toUpperCase().replace(/[aeiou]/gi, 'e'));
    }
  }
  return inputs;
}

const TABLE = [
  'guides/introduction',
  'guides/intro-to-api',
  'guides/setup',
  'Guides/Setup',
  'api-reference/endpoint/create',
  'api-reference/endpoint/delete',
  'images/hero-dark.png',
  'images/hero-light.png',
  'quickstart',
  'a',
  '',
];

function compare(candidates: readonly string[], inputs: readonly string[]): number {
  let compared = 0;
  for (const input of inputs) {
    for (const options of [{}, { limit: 1 }, { limit: 8 }, { maxRatio: 0.5 }, { limit: 1, maxRatio: 0.25 }]) {
      assert.deepEqual(closestMatches(input, candidates, options), closestMatchesFull(input, candidates, options), `${JSON.stringify(input)} ${JSON.stringify(options)}`);
      compared++;
    }
  }
  return compared;
}

describe('closestMatches', () => {
  it('suggests what the full search suggests on a table of names', () => {
    compare(TABLE, [...TABLE, 'guides/intro', 'guide/setup', 'images/hero.png', 'quickstar', 'zzz', 'GUIDES/INTRODUCTON', ...misspellings(TABLE, 40)]);
  });

  for (const site of SITES) {
    it(`suggests what the full search suggests on the routes and files of ${site}`, (t) => {
      const root = path.join(CORPUS, site);
      if (!existsSync(root)) {
        t.diagnostic(`no corpus at ${CORPUS} (DOCJET_CORPUS names one): compared on the table only`);
        return;
      }
      const candidates = routesOf(root);
      assert.ok(candidates.length > 100);
      assert.ok(compare(candidates, misspellings(candidates, 24)) === 120);
    });
  }
});

describe('editDistanceWithin', () => {
  it('is the edit distance when it is at most the bound, and the bound plus one when it is over', () => {
    const words = ['', 'a', 'ab', 'ba', 'kitten', 'sitting', 'guides/intro', 'guides/introduction', 'api/v1/users', 'api/v2/user', 'images/logo-dark.svg', 'logo.svg'];
    for (const a of words) {
      for (const b of words) {
        const full = editDistance(a, b);
        for (let max = 0; max <= 20; max++) assert.equal(editDistanceWithin(a, b, max), full <= max ? full : max + 1, `${a} / ${b} within ${max}`);
      }
    }
  });
});

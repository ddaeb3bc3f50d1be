/**
 * What `npm ci` installs: every package of the lock runs on the oldest Node docjet's `engines`
 * accepts (an engine warning on `npm ci` contradicts the README), and the micromark/mdast family
 * the fast reader is compared with is pinned to the versions it was compared with, so an install
 * without the lock cannot bring a micromark that reads pages differently.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const repo = path.resolve(import.meta.dirname, '..');
interface LockEntry {
  version?: string;
  engines?: { node?: string };
}
const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  overrides?: Record<string, unknown>;
};
const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** The micromark/mdast/hast/unist family: what turns a page into the trees docjet renders. */
const FAMILY = /^(micromark|mdast-util-|hast-util-|unist-|property-information$)/;

function parts(version: string): number[] {
  const numbers = version.split('.').map((part) => Number.parseInt(part, 10));
  return [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0];
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Whether `version` is in an `engines.node` range: the forms the lock holds (`>=`, `>`, `<`, `<=`, `^`, `||`, a bare version). */
function satisfies(version: string, range: string): boolean {
  const have = parts(version);
  return range.split('||').some((alternative) => {
    const comparators = alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.every((comparator) => {
      const [, operator = '', bound = ''] = /^(>=|<=|>|<|\^|=)?v?([\d.x*]+)$/.exec(comparator) ?? [];
      assert.ok(bound, `an engines range this test does not read: ${range}`);
      const want = parts(bound.replace(/[x*]/g, '0'));
      const order = compare(have, want);
      if (operator === '>=') return order >= 0;
      if (operator === '>') return order > 0;
      if (operator === '<') return order < 0;
      if (operator === '<=') return order <= 0;
      if (operator === '^') return order >= 0 && have[0] === want[0];
      // A bare version or x-range: equal on the parts written.
      const written = bound.split('.').filter((part) => /^\d+$/.test(part)).length;
      return have.slice(0, written).every((part, i) => part === want[i]);
    });
  });
}

test('every package npm ci installs accepts the oldest Node docjet says it runs on (no EBADENGINE)', () => {
  const oldest = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(manifest.engines.node)?.[1];
  assert.ok(oldest, `engines.node is a lower bound: ${manifest.engines.node}`);
  const refused = Object.entries(lock.packages)
    .filter(([key, entry]) => key !== '' && entry.engines?.node !== undefined && !satisfies(oldest, entry.engines.node))
    .map(([key, entry]) => `${key.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${entry.engines!.node}`);
  assert.deepEqual(refused, [], `Node ${oldest} (package.json engines) is refused by`);
  assert.equal(satisfies('20.19.0', '>=22.12.0 || >=20.19.0 <21.0.0'), true);
  assert.equal(satisfies('20.19.0', '>=22.12.0'), false);
});

test('the micromark/mdast family is pinned to the versions in the lock: direct dependencies exactly, the rest through overrides', () => {
  const installed = new Map<string, string>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = key.replace(/^.*node_modules\//, '');
    if (key === '' || !FAMILY.test(name) || entry.version === undefined) continue;
    // One version each: an override of a name applies to the whole tree.
    assert.equal(installed.get(name) ?? entry.version, entry.version, `${name} is installed in two versions`);
    installed.set(name, entry.version);
  }
  assert.ok(installed.has('micromark') && installed.has('micromark-extension-mdxjs'), 'the lock holds the micromark family');
  const loose: string[] = [];
  for (const [name, version] of installed) {
    const pinned = manifest.dependencies[name] ?? manifest.overrides?.[name];
    if (pinned !== version) loose.push(`${name}: ${JSON.stringify(pinned)} in package.json, ${version} in the lock`);
  }
  assert.deepEqual(loose, []);
});

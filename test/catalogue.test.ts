/**
 * Every diagnostic code is in the catalogue (`src/shared/messages.ts`), so docs and tests can name it. Codes
 * passed to `diagnostic()` and `report()` are checked by the compiler; diagnostics built as plain
 * objects (`code: 'x'`) or through local helpers are not, hence this test, which reads the source,
 * and also runs every config fixture and checks what comes out.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '../src/shared/messages.ts';
import { validate } from '../src/validate/index.ts';
import { FIXTURES } from './config/helpers.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function files(folder: string, keep: (file: string) => boolean): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return files(full, keep);
    return keep(full) ? [full] : [];
  });
}

const KEBAB = /'([a-z][a-z0-9]*(?:-[a-z0-9]+)+)'/g;

/**
 * The first top-level arguments of a call whose opening parenthesis is at `start`, as text
 * (string literals and nested brackets are skipped over, so their commas do not split).
 */
function callArguments(text: string, start: number, count: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = start + 1; i < text.length && args.length < count; i++) {
    const char = text[i]!;
    if (char === "'" || char === '"' || char === '`') {
      const end = text.indexOf(char, i + 1);
      current += text.slice(i, end + 1);
      i = end;
      continue;
    }
    if ('([{'.includes(char)) depth++;
    if (')]}'.includes(char)) {
      if (depth === 0) {
        args.push(current);
        break;
      }
      depth--;
    }
    if (char === ',' && depth === 0) {
      args.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  return args;
}

/** Codes written in the source: `code: 'x'`, and the code argument of the reporting helpers. */
function codesInSource(): Map<string, string> {
  const found = new Map<string, string>();
  const reporters: Record<string, number> = { diagnostic: 0, report: 0, warn: 0 };
  for (const file of files(SRC, (name) => name.endsWith('.ts'))) {
    const text = readFileSync(file, 'utf8');
    const where = path.relative(SRC, file);
    for (const match of text.matchAll(/\bcode:\s*'([a-z][a-z0-9-]*)'/g)) found.set(match[1]!, where);
    for (const match of text.matchAll(/\b(diagnostic|report|warn)\(/g)) {
      const position = reporters[match[1]!]!;
      const argument = callArguments(text, match.index + match[0].length - 1, position + 1)[position] ?? '';
      for (const literal of argument.matchAll(KEBAB)) found.set(literal[1]!, where);
    }
  }
  return found;
}

test('every code written in src/ is in the catalogue', () => {
  const found = codesInSource();
  // The scan must see the codes it is meant to see, or it proves nothing.
  for (const code of ['page-missing', 'group-root-missing', 'openapi-remote', 'openapi-syntax', 'json-syntax', 'duplicate-page-file']) {
    assert.ok(found.has(code), `the scan should find ${code}`);
  }
  const missing = [...found].filter(([code]) => !Object.hasOwn(CATALOGUE, code)).map(([code, file]) => `${code} (${file})`);
  assert.deepEqual(missing, []);
});

test("every diagnostic of every config fixture has a catalogued code and the catalogue's severity", async () => {
  const sites = files(FIXTURES, (name) => /[/\\](docs|mint)\.json$/.test(name))
    .map((file) => path.dirname(file))
    .filter((folder, index, all) => all.indexOf(folder) === index);
  assert.ok(sites.length >= 30, `expected the config fixtures, found ${sites.length}`);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const root of sites) {
    const { diagnostics } = await validate({ root });
    for (const { code, severity } of diagnostics) {
      seen.add(code);
      const entry = (CATALOGUE as Record<string, { severity: string }>)[code];
      if (!entry) problems.push(`${path.relative(FIXTURES, root)}: ${code} is not in the catalogue`);
      else if (entry.severity !== severity) problems.push(`${path.relative(FIXTURES, root)}: ${code} is a ${severity}, the catalogue says ${entry.severity}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(seen.size >= 25, `the fixtures should exercise most codes; they give ${[...seen].sort().join(', ')}`);
});

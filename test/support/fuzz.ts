/**
 * Seeded config fuzzing: mutate a valid docs.json (drop, duplicate, retype and swap keys and
 * values; truncate the text; wrap a value in up to 5,000 levels of lists, objects or groups;
 * replace a value by a hostile `{"$ref": …}`: outside the root, bad pointer escapes, itself, a
 * folder, a file nested 5,000 deep; write a key twice in the text, a list or object first; add
 * redirects whose paths climb out with `..`, `%2e`, backslashes, or hold NUL and over-long
 * segments) and check that validation ends in diagnostics or success, never a crash, that every
 * diagnostic is well-formed, that nothing outside the root got into the config, and that the
 * redirects the output would write stay inside the output folder. Used by test/fuzz.test.ts on our
 * fixtures and by scripts/conformance.ts on every corpus site, each with a seed drawn per run
 * unless one is given (`newSeed`), printed so a failure can be repeated.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOGUE } from '../../src/shared/messages.ts';
import { outputPath } from '../../src/output/output.ts';
import { pageOutputPath } from '../../src/output/paths.ts';
import { expandRedirects, redirectPage, redirectsFile } from '../../src/output/redirects.ts';
import { validate, type ValidateResult } from '../../src/validate/index.ts';
import type { PageMeta } from '../../src/content/frontmatter.ts';
import type { SiteFiles } from '../../src/shared/scan.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** A seed for a fuzz run: `given` (a number, from `--seed` or `DOCJET_FUZZ_SEED`) when there is one, else a new one. */
export function newSeed(given?: string): number {
  if (given !== undefined && given.trim() !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`a fuzz seed is a whole number ≥ 0, not ${JSON.stringify(given)}`);
    return seed;
  }
  return randomInt(2 ** 32);
}

/** mulberry32: small, fast, good enough to make runs repeatable from a seed. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: Json[] = [
  null,
  0,
  42,
  -1,
  1.5,
  '',
  'x',
  'GET /nope',
  'webhook ghost',
  'https://example.com',
  'javascript:alert(1)',
  '/relative',
  'missing/page',
  true,
  false,
  [],
  {},
  ['a'],
  { group: 1 },
  { group: 'G', pages: 'oops' },
  { tab: 'T', groups: [], anchors: [] },
  { $ref: './nope.json' },
  { version: 'v1', default: true },
  { language: 'xx' },
  { language: 'ja' },
];
const ODD_KEYS = ['pages', 'groups', 'tabs', 'anchors', 'href', 'openapi', 'expanded', 'default', 'navigaton', 'menu', 'global', '$ref', '__proto__', 'constructor'];

export const MUTATION_KINDS = [
  'drop',
  'duplicate',
  'retype',
  'swap-values',
  'swap-keys',
  'rename-key',
  'truncate',
  'nest',
  'hostile-ref',
  'duplicate-key',
  'hostile-redirect',
] as const;

export interface Mutation {
  kind: (typeof MUTATION_KINDS)[number];
  at: string;
}

/**
 * `$ref` values no site should be able to use against docjet. Paths outside the root must be
 * refused unread, the rest reported; none may crash. `hostileRefs` in `fuzzConfig` adds the
 * paths of generated files (outside the root, or a deeply nested file inside a test site).
 */
export const HOSTILE_REFS: readonly string[] = [
  '../../etc/passwd',
  '/etc/passwd',
  `${'../'.repeat(40)}etc/passwd`,
  'nav/../../../../etc/hosts',
  'x.json#/%E0%A4%A',
  'docs.json#/%',
  'docs.json#/%ZZ/0',
  'docs.json',
  './docs.json#/navigation',
  'mint.json',
  '#/navigation',
  '.',
  '..',
  '/',
  'docs.json#/__proto__',
  'docs.json#/navigation/length',
];

/**
 * Redirect paths no site should be able to use against docjet: climbing out of the output folder
 * (`..`, `%2e`, backslashes), names no file can have (NUL, `%2F`, over-long segments), and odd but
 * harmless spellings.
 */
export const HOSTILE_PATHS: readonly string[] = [
  '/a/../../x',
  `/${'../'.repeat(30)}tmp/docjet-fuzz-escape`,
  '/%2e%2e/%2e%2e/x',
  '/.%2e/.%2E/x',
  '/..%2f..%2fx',
  '\\..\\..\\x',
  '\\\\evil.example/x',
  '//x//y//',
  '/./x/.',
  '/x\u0000y',
  '/x%00y',
  '/x%2F..%2F..%2Fy',
  '/x%5C..%5Cy',
  `/${'x'.repeat(300)}`,
  `/${'é'.repeat(150)}`,
  '/x/'.repeat(1000),
  '/%E0%A4%A',
  '/x?y=1#z',
  '/:slug*',
  '/../:slug*',
  '/a/:slug*/../..',
  '',
  ' ',
  '/',
  '..',
  'index',
];

/** How deep `nest` wraps: mostly around the limit (256), sometimes far beyond it. */
const NEST_DEPTHS = [1, 2, 50, 84, 85, 120, 127, 128, 200, 255, 256, 257, 1000, 5000];

export function mutate(source: string, next: () => number, hostileRefs: readonly string[] = HOSTILE_REFS): { text: string; mutations: Mutation[] } {
  const value = JSON.parse(source) as Json;
  const mutations: Mutation[] = [];
  const count = 1 + Math.floor(next() * 3);
  let root = value;
  for (let i = 0; i < count; i++) {
    const roll = next();
    if (roll < 0.08) {
      const text = JSON.stringify(root, null, 2);
      const cut = Math.floor(next() * text.length);
      mutations.push({ kind: 'truncate', at: `offset ${cut}` });
      return { text: text.slice(0, cut), mutations };
    }
    if (roll < 0.14) return nest(root, next, mutations);
    if (roll < 0.24) {
      const result = hostileRef(root, next, hostileRefs);
      root = result.root;
      mutations.push(result.mutation);
      continue;
    }
    if (roll < 0.3) return duplicateKey(root, next, mutations);
    if (roll < 0.36) {
      const result = hostileRedirects(root, next);
      root = result.root;
      mutations.push(result.mutation);
      continue;
    }
    const result = mutateValue(root, next);
    root = result.root;
    mutations.push(result.mutation);
  }
  return { text: JSON.stringify(root, null, 2), mutations };
}

/**
 * Wraps one value in N levels of lists, objects or groups. Always the last mutation of a run, and
 * written as text, so that neither this file's recursive helpers nor JSON.stringify see the depth.
 */
function nest(root: Json, next: () => number, mutations: Mutation[]): { text: string; mutations: Mutation[] } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const target = pick(collect(root));
  const depth = pick(NEST_DEPTHS);
  const shape = pick(['list', 'object', 'group', 'mixed'] as const);
  const marker = '\u0000nest\u0000';
  const inner = JSON.stringify(target.value);
  const opening: string[] = [];
  for (let i = 0; i < depth; i++) {
    const level = shape === 'mixed' ? pick(['list', 'object', 'group'] as const) : shape;
    opening.push(level === 'list' ? '[' : level === 'object' ? `{${JSON.stringify(pick(ODD_KEYS))}:` : '{"group":"G","pages":[');
  }
  const closing = opening.map((open) => (open === '[' ? ']' : open.startsWith('{"group"') ? ']}' : '}')).reverse();
  const wrapped = `${opening.join('')}${inner}${closing.join('')}`;
  const parent = target.path.length > 0 ? get(root, target.path.slice(0, -1)) : undefined;
  const key = target.path[target.path.length - 1];
  mutations.push({ kind: 'nest', at: `${target.path.join('.') || '(root)'} in ${depth} × ${shape}` });
  if (parent === undefined || key === undefined) return { text: wrapped, mutations };
  set(parent, key, marker);
  // A function, so that `$&` or `$'` in the site's own strings are not replacement patterns.
  return { text: JSON.stringify(root, null, 2).replace(JSON.stringify(marker), () => wrapped), mutations };
}

/**
 * Writes one key of an object twice in the text: a list, an object or another value first, then
 * the value it had (or another). `JSON.parse` keeps the last; the first, mostly a list or object
 * where the last is not, is what made the position scan key a WeakMap by a number (exit 3). Always
 * the last mutation of a run, as it exists only as text.
 */
function duplicateKey(root: Json, next: () => number, mutations: Mutation[]): { text: string; mutations: Mutation[] } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const objects = collect(root).filter((node) => isObject(node.value) && Object.keys(node.value).length > 0);
  if (objects.length === 0) {
    mutations.push({ kind: 'duplicate-key', at: '(no object)' });
    return { text: JSON.stringify(root, null, 2), mutations };
  }
  const target = pick(objects);
  const object = target.value as Record<string, Json>;
  const key = pick(Object.keys(object));
  const had = object[key]!;
  const first = structuredClone(pick<Json>([{}, [], [{}], { a: {} }, had, pick(ODD_VALUES)]));
  const last = next() < 0.6 ? had : structuredClone(pick(ODD_VALUES));
  const marker = '\u0000duplicate\u0000';
  object[key] = marker;
  mutations.push({ kind: 'duplicate-key', at: [...target.path, key].join('.') });
  const text = JSON.stringify(root, null, 2).replace(JSON.stringify(marker), () => `${JSON.stringify(first)}, ${JSON.stringify(key)}: ${JSON.stringify(last)}`);
  return { text, mutations };
}

/** Adds one to three redirects with hostile sources and destinations (to the config's own, if any). */
function hostileRedirects(root: Json, next: () => number): { root: Json; mutation: Mutation } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  if (!isObject(root)) return { root, mutation: { kind: 'hostile-redirect', at: '(root is not an object)' } };
  const redirects = Array.isArray(root['redirects']) ? root['redirects'] : [];
  const added: string[] = [];
  for (let count = 1 + Math.floor(next() * 3); count > 0; count--) {
    const source = pick(HOSTILE_PATHS);
    const destination = next() < 0.5 ? pick(HOSTILE_PATHS) : pick(['/', '/index', 'https://example.com/x', '/:slug*']);
    redirects.push({ source, destination });
    added.push(`${JSON.stringify(source).slice(0, 40)} -> ${JSON.stringify(destination).slice(0, 40)}`);
  }
  root['redirects'] = redirects;
  return { root, mutation: { kind: 'hostile-redirect', at: added.join(', ') } };
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Replaces one value (or adds one, under a navigation key) with `{"$ref": hostile}`. */
function hostileRef(root: Json, next: () => number, hostileRefs: readonly string[]): { root: Json; mutation: Mutation } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const ref = pick(hostileRefs);
  const nodes = collect(root).filter((node) => node.path.length > 0);
  if (nodes.length === 0) return { root: { $ref: ref }, mutation: { kind: 'hostile-ref', at: `(root) = ${ref}` } };
  const target = pick(nodes);
  set(get(root, target.path.slice(0, -1))!, target.path[target.path.length - 1]!, { $ref: ref });
  return { root, mutation: { kind: 'hostile-ref', at: `${target.path.join('.')} = ${ref}` } };
}

function mutateValue(root: Json, next: () => number): { root: Json; mutation: Mutation } {
  const nodes = collect(root);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const target = pick(nodes);
  const at = target.path.join('.');
  const roll = next();
  const parent = target.path.length > 0 ? get(root, target.path.slice(0, -1)) : undefined;
  const key = target.path[target.path.length - 1];
  if (roll < 0.2 && parent !== undefined && key !== undefined) {
    remove(parent, key);
    return { root, mutation: { kind: 'drop', at } };
  }
  if (roll < 0.35) {
    const containers = nodes.filter((node) => typeof node.value === 'object' && node.value !== null);
    if (containers.length === 0) return { root, mutation: { kind: 'duplicate', at: '(no container)' } };
    const into = pick(containers).value as Json[] | Record<string, Json>;
    const copy = structuredClone(target.value);
    if (Array.isArray(into)) into.push(copy);
    else into[pick(ODD_KEYS)] = copy;
    return { root, mutation: { kind: 'duplicate', at } };
  }
  if (roll < 0.6) {
    const replacement = structuredClone(pick(ODD_VALUES));
    if (parent === undefined || key === undefined) return { root: replacement, mutation: { kind: 'retype', at: '(root)' } };
    set(parent, key, replacement);
    return { root, mutation: { kind: 'retype', at } };
  }
  if (roll < 0.75) {
    const other = pick(nodes);
    const otherParent = other.path.length > 0 ? get(root, other.path.slice(0, -1)) : undefined;
    const otherKey = other.path[other.path.length - 1];
    if (parent === undefined || key === undefined || otherParent === undefined || otherKey === undefined) {
      return { root, mutation: { kind: 'swap-values', at: '(skipped)' } };
    }
    const a = structuredClone(target.value);
    const b = structuredClone(other.value);
    set(parent, key, b);
    set(otherParent, otherKey, a);
    return { root, mutation: { kind: 'swap-values', at: `${at} <-> ${other.path.join('.')}` } };
  }
  const objects = nodes.filter((node) => node.value !== null && typeof node.value === 'object' && !Array.isArray(node.value));
  if (objects.length === 0) return { root, mutation: { kind: 'rename-key', at: '(no object)' } };
  const object = pick(objects).value as Record<string, Json>;
  const keys = Object.keys(object);
  if (keys.length === 0) return { root, mutation: { kind: 'rename-key', at: '(empty)' } };
  if (roll < 0.88 && keys.length >= 2) {
    const [a, b] = [pick(keys), pick(keys)];
    const va = object[a]!;
    object[a] = object[b]!;
    object[b] = va;
    return { root, mutation: { kind: 'swap-keys', at: `${a} <-> ${b}` } };
  }
  const old = pick(keys);
  const renamed = next() < 0.5 ? pick(ODD_KEYS) : old.slice(0, -1) || 'x';
  const moved = object[old]!;
  delete object[old];
  object[renamed] = moved;
  return { root, mutation: { kind: 'rename-key', at: `${old} -> ${renamed}` } };
}

function collect(root: Json): { path: Path; value: Json }[] {
  const out: { path: Path; value: Json }[] = [];
  const walk = (value: Json, path: Path): void => {
    out.push({ path, value });
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(root, []);
  return out;
}

function get(root: Json, path: Path): Json | undefined {
  let node: Json | undefined = root;
  for (const key of path) node = node !== null && typeof node === 'object' ? (node as Record<string | number, Json>)[key] : undefined;
  return node;
}

function set(container: Json, key: string | number, value: Json): void {
  if (Array.isArray(container) && typeof key === 'number') container[key] = value;
  else if (container !== null && typeof container === 'object') (container as Record<string, Json>)[String(key)] = value;
}

function remove(container: Json, key: string | number): void {
  if (Array.isArray(container) && typeof key === 'number') container.splice(key, 1);
  else if (container !== null && typeof container === 'object') delete (container as Record<string, Json>)[String(key)];
}

/** In every file the fuzzer writes outside the root: finding it in a result means a file outside was read. */
export const OUTSIDE_CANARY = 'FUZZ-OUTSIDE-CANARY';

/** What is wrong with a validation result, if anything: [] means the run was sound. */
export function checkResult(result: ValidateResult): string[] {
  const problems: string[] = [];
  if (JSON.stringify(result.loaded.value ?? null).includes(OUTSIDE_CANARY)) problems.push('a file outside the root was included in the config');
  const configFiles = new Set(result.loaded.files);
  for (const d of result.diagnostics) {
    if (!(d.code in CATALOGUE)) problems.push(`unknown code ${d.code}`);
    if (d.severity !== 'error' && d.severity !== 'warning') problems.push(`bad severity ${String(d.severity)}`);
    if (typeof d.message !== 'string' || d.message.length === 0) problems.push(`empty message for ${d.code}`);
    if (!d.file) problems.push(`no file for ${d.code}`);
    // Problems written in a config file have a position; whole-file ones (a spec that is not
    // OpenAPI, a missing config, an empty file: a truncation at offset 0) may not.
    const wholeFile = d.code === 'config-unreadable' || (d.code === 'json-syntax' && / is empty; it must hold a JSON (?:value|object)$/.test(d.message));
    if (configFiles.has(d.file) && !wholeFile && d.line < 1) {
      problems.push(`${d.code} in ${d.file} has no line: ${d.message}`);
    }
    if (/\bat (?:\w+\.)*\w+ \(|TypeError|ReferenceError|undefined is not/.test(d.message)) problems.push(`stack-like message: ${d.message}`);
  }
  const errors = result.diagnostics.some((d) => d.severity === 'error');
  if (!errors && !result.site) problems.push('no errors, yet no site model');
  if (result.site) problems.push(...redirectProblems(result.site.config.redirects ?? [], [...result.site.pages.keys()]));
  return problems;
}

/** Where the fuzzer pretends to build: redirect pages must land inside it. */
const OUTPUT = path.resolve(tmpdir(), 'docjet-fuzz-output');

/**
 * What `build` would do with the site's redirects (`dev` expands them the same way): a page per
 * source, inside the output folder, with a name a file system takes; the hosts' file. A throw is a
 * crash, as it is in `build` (exit 3).
 */
function redirectProblems(redirects: Parameters<typeof expandRedirects>[0], routes: string[]): string[] {
  const problems: string[] = [];
  try {
    for (const redirect of expandRedirects(redirects, routes, '/docs/')) {
      const file = outputPath(OUTPUT, pageOutputPath(redirect.from));
      if (/[\u0000-\u001f]/.test(file) || file.split(path.sep).some((name) => Buffer.byteLength(name) > 255))
        problems.push(`crash: redirect page ${JSON.stringify(file)} cannot be written`);
      redirectPage(redirect);
    }
    redirectsFile(redirects, '/docs/');
  } catch (error) {
    problems.push(`crash: redirects: ${(error as Error).stack ?? String(error)}`);
  }
  return problems;
}

export interface FuzzReport {
  runs: number;
  failures: { seed: number; run: number; mutations: Mutation[]; problems: string[] }[];
  outcomes: { success: number; errors: number };
  /** How many times each kind of mutation was applied. */
  kinds: Record<Mutation['kind'], number>;
  milliseconds: number;
}

/**
 * Files outside the root for the hostile `$ref`s to name: one the canary is in, and one nested
 * 5,000 deep; named relative to `root` (`../../…`) and absolute. Removed by the returned function.
 */
function writeOutsideFiles(root: string): { refs: string[]; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'docjet-fuzz-outside-'));
  writeFileSync(path.join(folder, 'outside.json'), JSON.stringify({ group: OUTSIDE_CANARY, pages: ['index'] }));
  writeFileSync(path.join(folder, 'deep.json'), `${'['.repeat(5000)}"${OUTSIDE_CANARY}"${']'.repeat(5000)}`);
  mkdirSync(path.join(folder, 'folder.json'));
  const refs = ['outside.json', 'deep.json', 'folder.json'].flatMap((name) => {
    const absolute = path.join(folder, name);
    return [path.relative(root, absolute).split(path.sep).join('/'), absolute];
  });
  return { refs, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Mutates `configText` `runs` times and validates each result against the site in `root`. */
export async function fuzzConfig(options: {
  root: string;
  configText: string;
  runs: number;
  seed: number;
  reuse?: { files: SiteFiles; meta: ReadonlyMap<string, PageMeta> };
  /** More `$ref` targets, relative to the root (hostile files a test wrote into its own site). */
  hostileRefs?: readonly string[];
}): Promise<FuzzReport> {
  const started = performance.now();
  const next = random(options.seed);
  const kinds = Object.fromEntries(MUTATION_KINDS.map((kind) => [kind, 0])) as FuzzReport['kinds'];
  const report: FuzzReport = { runs: options.runs, failures: [], outcomes: { success: 0, errors: 0 }, kinds, milliseconds: 0 };
  let reuse = options.reuse;
  if (!reuse) {
    const base = await validate({ root: options.root });
    if (base.files && base.meta) reuse = { files: base.files, meta: base.meta };
  }
  const outside = writeOutsideFiles(options.root);
  const hostileRefs = [...HOSTILE_REFS, ...outside.refs, ...(options.hostileRefs ?? [])];
  try {
    await runAll(options, report, next, hostileRefs, reuse);
  } finally {
    outside.remove();
  }
  report.milliseconds = performance.now() - started;
  return report;
}

async function runAll(
  options: { root: string; configText: string; runs: number; seed: number },
  report: FuzzReport,
  next: () => number,
  hostileRefs: readonly string[],
  reuse: { files: SiteFiles; meta: ReadonlyMap<string, PageMeta> } | undefined,
): Promise<void> {
  for (let run = 0; run < options.runs; run++) {
    const { text, mutations } = mutate(options.configText, next, hostileRefs);
    for (const mutation of mutations) report.kinds[mutation.kind]++;
    let problems: string[];
    try {
      const result = await validate({ root: options.root, configText: text, ...(reuse ? { reuse } : {}) });
      problems = checkResult(result);
      if (result.diagnostics.some((d) => d.severity === 'error')) report.outcomes.errors++;
      else report.outcomes.success++;
    } catch (error) {
      problems = [`crash: ${(error as Error).stack ?? String(error)}`];
    }
    if (problems.length > 0) report.failures.push({ seed: options.seed, run, mutations, problems });
  }
}

#!/usr/bin/env node
/**
 * The re-cut of src/ along the pipeline (issue 34): a ground floor `src/shared/`, `config/` below
 * `content/` and `openapi/`, `render/` owning every per-page and site-level rendering (output/ and
 * dev/ only write and serve), the checks of a resolved site under `src/validate/`, the endpoint
 * page's render-side files in one wing, and one name for one meaning.
 *
 * Mostly moves, so it is a script: it can be run again on a tree where other branches have merged
 * since. `node scripts/recut.mjs` (from the repository root, on a clean tree):
 *   1. refuses to run unless every source of MOVES exists and no destination does (so a second run,
 *      or a tree that changed under it, is noticed, not half-applied);
 *   2. moves with `git mv` (a folder move takes every file in the folder, new ones included);
 *   3. rewrites every relative specifier that names a moved file, or that a moved file holds
 *      (static and dynamic imports, `export ... from`, `new URL('./x', import.meta.url)`, worker
 *      paths, test imports: any './' or '../' string in a .ts/.mts/.mjs/.js file of src/, test/,
 *      scripts/, bench/ that resolves to a file or folder of the tree), and every whole path
 *      `src/...` of a moved file in code, comments and docs;
 *   4. applies the few edits that are not renames (EDITS), writes the floor table of
 *      scripts/check-layers.ts and test/layers.test.ts, and the README's layer table;
 *   5. prints what it moved. `--dry-run` prints the plan and changes nothing.
 * Then: `npm run typecheck && node scripts/run-tests.mjs layers`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const DRY = process.argv.includes('--dry-run');

/** [from, to]: a file (new name given whole) or a folder (ends in '/': every file in it). */
const MOVES = [
  // The ground floor: the catalogue, IO helpers, HTML escaping, safe URLs (were in src/ and content/).
  ['src/messages.ts', 'src/shared/messages.ts'],
  ['src/diagnostics.ts', 'src/shared/diagnostics.ts'],
  ['src/suggest.ts', 'src/shared/suggest.ts'],
  ['src/package-root.ts', 'src/shared/package-root.ts'],
  ['src/content/read-text.ts', 'src/shared/read-text.ts'],
  ['src/content/inside-root.ts', 'src/shared/inside-root.ts'],
  ['src/content/fs-errors.ts', 'src/shared/fs-errors.ts'],
  ['src/content/docjet-cache.ts', 'src/shared/docjet-cache.ts'],
  ['src/content/yaml-limits.ts', 'src/shared/yaml-limits.ts'],
  ['src/content/safe-url.ts', 'src/shared/safe-url.ts'],
  ['src/content/scan.ts', 'src/shared/scan.ts'],
  ['src/content/mdx/escape.ts', 'src/shared/html-escape.ts'],
  // The checks of a resolved site: validate.ts and the rules that read pages and specs.
  ['src/validate.ts', 'src/validate/index.ts'],
  ['src/config/rules/', 'src/validate/rules/'],
  // The OpenAPI documents a config names are loaded with the other OpenAPI loading (site/ reads them).
  ['src/config/specs.ts', 'src/openapi/specs.ts'],
  // render/ owns every per-page transform and the site-level renderings.
  ['src/content/snippets/index.ts', 'src/render/mdx-renderer.ts'],
  ['src/output/page-markdown.ts', 'src/render/page-markdown.ts'],
  ['src/output/llms.ts', 'src/render/llms.ts'],
  ['src/output/site-rendering.ts', 'src/render/site-rendering.ts'],
  ['src/output/assets.ts', 'src/render/assets.ts'],
  ['src/search/scripts.ts', 'src/render/search-scripts.ts'],
  // The endpoint page's render side in one wing, fragment files named by role.
  ['src/output/endpoint-markdown.ts', 'src/render/endpoint/markdown-page.ts'],
  ['src/render/openapi-body.ts', 'src/render/endpoint/openapi-parts.ts'],
  ['src/render/schema-fragments.ts', 'src/render/endpoint/fragment-registry.ts'],
  ['src/render/fragment-document.ts', 'src/render/endpoint/fragment-document.ts'],
  ['src/output/schema-fragments.ts', 'src/output/fragment-writer.ts'],
  // One name, one meaning: snippets are snippet files, languages a site's languages, icons one folder.
  ['src/openapi/endpoint/snippets.ts', 'src/openapi/endpoint/code-samples.ts'],
  ['src/output/languages.ts', 'src/output/fence-languages.ts'],
  ['src/render/icons.ts', 'src/render/icons/index.ts'],
  // Tests follow the files they cover.
  ['test/output/llms.test.ts', 'test/render/llms.test.ts'],
  ['test/output/endpoint-markdown.test.ts', 'test/render/endpoint-markdown.test.ts'],
  ['test/search/scripts.test.ts', 'test/render/search-scripts.test.ts'],
  ['test/content/escape.test.ts', 'test/shared/html-escape.test.ts'],
  ['test/content/scan.test.ts', 'test/shared/scan.test.ts'],
  ['test/openapi/snippets.test.ts', 'test/openapi/code-samples.test.ts'],
];

/**
 * Files that other branches add (issue 36) and that may or may not be merged when this runs: each
 * moves if it is there, and the script says which were not.
 */
const WHEN_PRESENT = [
  // A redirect's path as the site's route (configfuzz): read by validate/rules/redirects.ts and
  // output/redirects.ts, it imports openapi/slug.ts's segment limit, so it sits with the routes.
  ['src/config/redirect-path.ts', 'src/site/redirect-path.ts'],
];

/**
 * Edits that are not renames: [file (after the moves), exact old text, new text]. Each must match
 * once, or the script stops before writing anything.
 */
const EDITS = [
  // The site-level rendering takes search's script names from their own file, not search's index
  // (search is above render: it reads rendered pages).
  ['src/render/site-rendering.ts', "from '../search/index.ts';", "from './search-scripts.ts';"],
];

const CODE_DIRS = ['src', 'test', 'scripts', 'bench'];
const CODE_EXT = /\.(ts|mts|cts|mjs|cjs|js|tsx)$/;
const TEXT_FILES_EXTRA = ['README.md', 'docs', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.client.json', '.ci'];
const TEXT_EXT = /\.(ts|mts|cts|mjs|cjs|js|tsx|md|json|ya?ml|sh)$/;
const SKIP = new Set(['node_modules', 'lib', 'fixtures', '.git']);

function fail(message) {
  console.error(`recut: ${message}`);
  process.exit(1);
}

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
}

function walk(dir, out = []) {
  const full = path.join(ROOT, dir);
  if (!existsSync(full)) return out;
  if (statSync(full).isFile()) return (out.push(dir), out);
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(rel, out);
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

// 1. Refuse unless the tree is the one the plan was written for.
if (!existsSync(path.join(ROOT, 'scripts/recut.mjs'))) fail('run from the repository root');
for (const [from, to] of WHEN_PRESENT) {
  if (existsSync(path.join(ROOT, from))) MOVES.push([from, to]);
  else console.log(`recut: ${from} is not in this tree (not merged yet): not moved`);
}
const missing = MOVES.filter(([from]) => !existsSync(path.join(ROOT, from)));
if (missing.length) fail(`these sources do not exist (already re-cut, or the tree changed; nothing was done):\n  ${missing.map(([f]) => f).join('\n  ')}`);
const taken = MOVES.filter(([, to]) => existsSync(path.join(ROOT, to.replace(/\/$/, ''))));
if (taken.length) fail(`these destinations exist already (nothing was done):\n  ${taken.map(([, t]) => t).join('\n  ')}`);
const dirty = git('status', '--porcelain', '--untracked-files=no', '--', ...CODE_DIRS).trim();
if (dirty && !DRY) fail(`commit or drop the changes under ${CODE_DIRS.join(', ')} first (the re-cut is its own commit):\n${dirty}`);
const untracked = git('ls-files', '--others', '--exclude-standard', '--', ...MOVES.map(([f]) => f)).trim();
if (untracked) fail(`untracked files in a folder that moves (add or remove them first):\n${untracked}`);

// Every file that moves, old path -> new path (folder moves expanded, whatever is in them today).
const fileMap = new Map();
for (const [from, to] of MOVES) {
  if (from.endsWith('/')) {
    for (const file of walk(from.slice(0, -1))) fileMap.set(file, to + file.slice(from.length));
  } else fileMap.set(from, to);
}
const folderMap = MOVES.filter(([from]) => from.endsWith('/')).map(([from, to]) => [from.slice(0, -1), to.slice(0, -1)]);

/** The new path of a path of the tree (file or folder), or itself. */
function moved(p) {
  if (fileMap.has(p)) return fileMap.get(p);
  for (const [from, to] of folderMap) if (p === from || p.startsWith(`${from}/`)) return to + p.slice(from.length);
  return p;
}
const existsAt = (p) => existsSync(path.join(ROOT, p));

/** The compiled twin of a moved source (`lib/x/y.js` for `src/x/y.ts`), for bench's and scripts' paths into lib/. */
function movedLib(p) {
  const m = /^lib\/(.+)\.js$/.exec(p);
  if (!m) return p;
  for (const ext of ['.ts', '.mts']) {
    const src = `src/${m[1]}${ext}`;
    const to = moved(src);
    if (to !== src) return `lib/${to.slice(4).replace(/\.m?ts$/, '.js')}`;
  }
  return p;
}

// 3a. Relative specifiers in code: any './' or '../' string literal that resolves to a file or
// folder of the tree, rewritten when its target or its holder moves.
const SPEC = /(['"`])(\.\.?\/[^'"`$\n]*)\1/g;
function rewriteRelative(file, text) {
  const newFile = moved(file);
  let count = 0;
  const out = text.replace(SPEC, (whole, quote, spec) => {
    // './' and '../' alone are words in messages ("by a `../` path"), not paths of the tree.
    if (/^(\.\.?\/)+$/.test(spec)) return whole;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const trailing = spec.endsWith('/') ? '/' : '';
    const bare = target.replace(/\/$/, '');
    if (!existsAt(bare) || bare.startsWith('..')) return whole;
    let newTarget = moved(bare);
    if (newTarget === bare) newTarget = movedLib(bare);
    if (newTarget === bare && newFile === file) return whole;
    let rel = path.posix.relative(path.posix.dirname(newFile), newTarget) + trailing;
    if (!rel.startsWith('.')) rel = `./${rel}`;
    if (rel === spec) return whole;
    count++;
    return `${quote}${rel}${quote}`;
  });
  return { text: out, count };
}

// 3b. Whole paths `src/...` (and `test/...` of moved tests) in code, comments and docs.
const WHOLE = /(?<![\w./-])((?:src|test)\/[\w./-]*[\w/])/g;
function rewriteWhole(text) {
  let count = 0;
  const out = text.replace(WHOLE, (whole, p) => {
    const bare = p.replace(/\/$/, '');
    const to = moved(bare);
    if (to === bare) return whole;
    count++;
    return to + (p.endsWith('/') ? '/' : '');
  });
  return { text: out, count };
}

const codeFiles = CODE_DIRS.flatMap((d) => walk(d)).filter((f) => CODE_EXT.test(f));
const textFiles = [...new Set([...CODE_DIRS, ...TEXT_FILES_EXTRA].flatMap((d) => walk(d)).filter((f) => TEXT_EXT.test(f)))];
const contents = new Map(); // new path -> new text
let specifiers = 0;
let wholePaths = 0;
for (const file of textFiles) {
  const original = readFileSync(path.join(ROOT, file), 'utf8');
  let text = original;
  if (codeFiles.includes(file) && file !== 'scripts/recut.mjs') {
    const r = rewriteRelative(file, text);
    text = r.text;
    specifiers += r.count;
  }
  if (file !== 'scripts/recut.mjs') {
    const w = rewriteWhole(text);
    text = w.text;
    wholePaths += w.count;
  }
  if (text !== original || fileMap.has(file)) contents.set(moved(file), text);
}

// 4. The floor table, the layers test and the README's table.
const LAYERS_TABLE = `export type Layer = 'shared' | 'config' | 'content' | 'openapi' | 'site' | 'validate' | 'render' | 'search' | 'output' | 'dev' | 'cli' | 'client';

/** What each layer holds, and why it may import what it may. */
export const LAYERS: Record<Layer, { holds: string; mayImport: readonly Layer[] }> = {
  shared: {
    holds: 'src/shared: the diagnostics catalogue and its types, "did you mean", where docjet is installed, reading text, paths inside the root, file-system errors, the cache folder, YAML limits, safe URLs, HTML escaping, the scan of a site folder',
    mayImport: [],
  },
  // The config is what the user wrote: schema and loading know nothing of pages or OpenAPI documents.
  config: { holds: 'src/config: loading docs.json/mint.json ($ref, mint.json upgrade), the schema and its types, the navigation table', mayImport: ['shared'] },
  content: { holds: 'src/content: page files, frontmatter, MDX and Markdown parsing and evaluation, components, snippet files', mayImport: ['shared', 'config'] },
  openapi: { holds: 'src/openapi: OpenAPI documents (those the config names included), endpoint references, the endpoint view model', mayImport: ['shared', 'config', 'content'] },
  site: { holds: 'src/site: the resolved site model (routes, sections, alternates, breadcrumbs)', mayImport: ['shared', 'config', 'content', 'openapi'] },
  validate: { holds: 'src/validate: load, check and resolve a site (what \`docjet validate\` and \`build\` share), and the rules, which read pages and specs', mayImport: ['shared', 'config', 'content', 'openapi', 'site'] },
  render: { holds: 'src/render: every page to HTML and Markdown (body, shell, endpoint wing, icons, highlighting), llms.txt and the site-level renderings', mayImport: ['shared', 'config', 'content', 'openapi', 'site'] },
  search: { holds: 'src/search: the search index, built from rendered pages', mayImport: ['shared', 'config', 'content', 'openapi', 'site', 'render'] },
  output: { holds: 'src/output: writing the whole site (workers, redirects, sitemap, atomic output); renders through render/ only', mayImport: ['shared', 'config', 'content', 'openapi', 'site', 'validate', 'render', 'search'] },
  dev: { holds: 'src/dev: serving a site (the static server, the dev server); renders through render/ only', mayImport: ['shared', 'config', 'content', 'openapi', 'site', 'validate', 'render', 'search', 'output'] },
  cli: { holds: 'src/cli.ts, src/index.ts, src/load-bundle.ts: the command line (and how its bundle is loaded) and the library entry', mayImport: ['shared', 'config', 'content', 'openapi', 'site', 'validate', 'render', 'search', 'output', 'dev'] },
  client: { holds: 'src/client: the page script, run in the browser; imports nothing', mayImport: [] },
};

const TOP_FILES: Record<string, Layer> = { 'src/cli.ts': 'cli', 'src/index.ts': 'cli', 'src/load-bundle.ts': 'cli' };
const FOLDERS = new Set<string>(['shared', 'config', 'content', 'openapi', 'site', 'validate', 'render', 'search', 'output', 'dev', 'client']);

/** The layer of a file under \`src/\` (a \`/\`-separated path from the repository root); undefined for none. */
export function layerOf(file: string): Layer | undefined {
  const top = TOP_FILES[file];
  if (top) return top;
  const folder = /^src\\/([^/]+)\\//.exec(file)?.[1];
  return folder !== undefined && FOLDERS.has(folder) ? (folder as Layer) : undefined;
}
`;

const README_TABLE = `| folder | what lives there | may import |
| --- | --- | --- |
| \`src/shared\` | ground floor: the diagnostics catalogue (\`messages.ts\`) and its types, "did you mean", reading text, paths inside the root, fs errors, the cache folder, YAML limits, safe URLs, HTML escaping, the scan of a site folder | nothing |
| \`src/config\` | loading docs.json/mint.json (\`$ref\`, mint.json upgrade), the zod schema and the types derived from it, the navigation table | shared |
| \`src/content\` | page files, frontmatter (one schema), MDX/Markdown parsing, its evaluator and components, snippet files | config and below |
| \`src/openapi\` | OpenAPI documents (loading those the config names), endpoint references and slugs, the endpoint view model | content and below |
| \`src/site\` | the site model: routes, sections, placements, first pages, breadcrumbs, alternates | openapi and below |
| \`src/validate\` | load, check and resolve a site (shared by \`validate\` and \`build\`); the rules, which read pages and specs | site and below |
| \`src/render\` | every page to HTML and Markdown: body, shell, themes, highlighting, icons, the endpoint wing; llms.txt, the site's bundle and renderer options | site and below |
| \`src/search\` | the search index, built from rendered pages | render and below |
| \`src/output\` | writing the whole site: workers, redirects, sitemap, atomic output (renders nothing itself) | search, validate and below |
| \`src/dev\` | the static server and the dev server (renders through render/ only) | output and below |
| \`src/cli.ts\`, \`index.ts\` | the command line and the library entry | everything but the client |
| \`src/client\` | the browser script (DOM types only), compiled by \`npm run client\` into \`assets/js\` | nothing |
`;

function replaceOnce(file, text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) fail(`${file}: the text to replace is not there exactly once:\n${from.slice(0, 200)}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
const textOf = (p) => contents.get(p) ?? readFileSync(path.join(ROOT, [...fileMap].find(([, to]) => to === p)?.[0] ?? p), 'utf8');

for (const [file, from, to] of EDITS) contents.set(file, replaceOnce(file, textOf(file), from, to));

{
  const file = 'scripts/check-layers.ts';
  const text = textOf(file);
  const start = text.indexOf('export type Layer =');
  const end = text.indexOf('export interface LayerReport');
  if (start < 0 || end < start) fail(`${file}: the floor table is not where it was`);
  contents.set(file, `${text.slice(0, start)}${LAYERS_TABLE}\n${text.slice(end)}`);
}
{
  const file = 'test/layers.test.ts';
  let text = textOf(file);
  // The whole-path rewrite has moved the paths already; pages.ts is now a rule of validate.
  text = replaceOnce(
    file,
    text,
    "layerOf('src/validate/rules/pages.ts'), 'config'",
    "layerOf('src/validate/rules/pages.ts'), 'validate');\n  assert.equal(layerOf('src/config/schema.ts'), 'config'",
  );
  contents.set(file, text);
}
{
  const file = 'README.md';
  let text = textOf(file);
  const start = text.indexOf('| folder | what lives there | may import |');
  const end = text.indexOf('\n\n', start);
  if (start < 0 || end < 0) fail('README.md: the layer table is not where it was');
  text = text.slice(0, start) + README_TABLE.trimEnd() + text.slice(end);
  text = text.replace('each folder may import only from those above it in\nthis list', 'each folder may import only from those above it in\nthis list (the order of DESIGN.md)');
  contents.set(file, text);
}

// 2 and 5. Move, then write.
console.log(`recut: ${fileMap.size} files move; ${specifiers} relative specifiers and ${wholePaths} whole paths rewritten; ${contents.size} files written`);
for (const [from, to] of MOVES) {
  const count = from.endsWith('/') ? [...fileMap.keys()].filter((f) => f.startsWith(from)).length : 1;
  console.log(`  ${from} -> ${to}${from.endsWith('/') ? ` (${count} files)` : ''}`);
}
if (DRY) process.exit(0);
for (const [from, to] of MOVES) {
  mkdirSync(path.dirname(path.join(ROOT, to.replace(/\/$/, ''))), { recursive: true });
  git('mv', from.replace(/\/$/, ''), to.replace(/\/$/, ''));
}
for (const [file, text] of contents) writeFileSync(path.join(ROOT, file), text);
git('add', '-u', '--', ...CODE_DIRS, ...TEXT_FILES_EXTRA.filter((f) => existsAt(f)));
console.log('recut: done; now `npm run typecheck && node scripts/run-tests.mjs layers`, then commit');

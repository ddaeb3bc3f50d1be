/**
 * The layers of `src/` and the imports allowed between them, checked on the module graph that
 * dependency-cruiser reads (type-only imports included). `node --import tsx scripts/check-layers.ts`
 * prints every import cycle and every import that points the wrong way, and exits 1 if there is
 * any; test/layers.test.ts runs the same check in `npm test`.
 *
 * The pipeline reads upwards: inputs (pages, specs, the config) at the bottom, the site model built
 * from them, rendering, then writing and serving. A layer may import only from the layers listed
 * for it: "the config knows nothing of what is built from it; the site model knows nothing of
 * rendering; rendering knows nothing of how files are written or served" (issue 10). The browser
 * script (`src/client`) is a world of its own: it imports only `src/portable` (plain code with no
 * DOM and no Node, which imports nothing), and nothing imports it.
 *
 * dependency-cruiser reads TypeScript with @swc/core: it does not support TypeScript 7, whose
 * compiler has no JavaScript API (madge cannot read TypeScript without that API either).
 */
import type { ICruiseOptions, ICruiseResult, IModule } from 'dependency-cruiser';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export type Layer = 'portable' | 'shared' | 'config' | 'content' | 'openapi' | 'site' | 'validate' | 'render' | 'search' | 'output' | 'dev' | 'cli' | 'client';

/** What each layer holds, and why it may import what it may. */
export const LAYERS: Record<Layer, { holds: string; mayImport: readonly Layer[] }> = {
  // The one floor both sides stand on: plain code with neither DOM nor Node (tsconfig.portable.json).
  portable: { holds: "src/portable: what the browser and Node share: the search index's shape and tokenizer, the dev channel's events", mayImport: [] },
  shared: {
    holds:
      'src/shared: the diagnostics catalogue and its types, "did you mean", where docjet is installed, reading text, paths inside the root, file-system errors, the cache folder, YAML limits, safe URLs, HTML escaping, the scan of a site folder',
    mayImport: [],
  },
  // The config is what the user wrote: schema and loading know nothing of pages or OpenAPI documents.
  config: { holds: 'src/config: loading docs.json/mint.json ($ref, mint.json upgrade), the schema and its types, the navigation table', mayImport: ['portable', 'shared'] },
  content: { holds: 'src/content: page files, frontmatter, MDX and Markdown parsing and evaluation, components, snippet files', mayImport: ['portable', 'shared', 'config'] },
  openapi: {
    holds: 'src/openapi: OpenAPI documents (those the config names included), endpoint references, the endpoint view model',
    mayImport: ['portable', 'shared', 'config', 'content'],
  },
  site: { holds: 'src/site: the resolved site model (routes, sections, alternates, breadcrumbs)', mayImport: ['portable', 'shared', 'config', 'content', 'openapi'] },
  // validate reads every page through render/ (without writing), so that it reports what build does (issue 31).
  validate: {
    holds: 'src/validate: load, check and resolve a site (what `docjet validate` and `build` share), and the rules, which read pages and specs',
    mayImport: ['portable', 'shared', 'config', 'content', 'openapi', 'site', 'render'],
  },
  render: {
    holds: 'src/render: every page to HTML and Markdown (body, shell, endpoint wing, icons, highlighting), llms.txt and the site-level renderings',
    mayImport: ['portable', 'shared', 'config', 'content', 'openapi', 'site'],
  },
  search: { holds: 'src/search: the search index, built from rendered pages', mayImport: ['portable', 'shared', 'config', 'content', 'openapi', 'site', 'render'] },
  output: {
    holds: 'src/output: writing the whole site (workers, redirects, sitemap, atomic output); renders through render/ only',
    mayImport: ['portable', 'shared', 'config', 'content', 'openapi', 'site', 'validate', 'render', 'search'],
  },
  dev: {
    holds: 'src/dev: serving a site (the static server, the dev server); renders through render/ only',
    mayImport: ['portable', 'shared', 'config', 'content', 'openapi', 'site', 'validate', 'render', 'search', 'output'],
  },
  cli: {
    holds: 'src/cli.ts, src/index.ts, src/load-bundle.ts: the command line (and how its bundle is loaded) and the library entry',
    mayImport: ['portable', 'shared', 'config', 'content', 'openapi', 'site', 'validate', 'render', 'search', 'output', 'dev'],
  },
  client: { holds: 'src/client: the page script and the dev client, run in the browser; imports only src/portable', mayImport: ['portable'] },
};

const TOP_FILES: Record<string, Layer> = { 'src/cli.ts': 'cli', 'src/index.ts': 'cli', 'src/load-bundle.ts': 'cli' };
const FOLDERS = new Set<string>(['portable', 'shared', 'config', 'content', 'openapi', 'site', 'validate', 'render', 'search', 'output', 'dev', 'client']);

/** The layer of a file under `src/` (a `/`-separated path from the repository root); undefined for none. */
export function layerOf(file: string): Layer | undefined {
  const top = TOP_FILES[file];
  if (top) return top;
  const folder = /^src\/([^/]+)\//.exec(file)?.[1];
  return folder !== undefined && FOLDERS.has(folder) ? (folder as Layer) : undefined;
}

export interface LayerReport {
  /** `a.ts → b.ts → a.ts`, one line per cycle. */
  cycles: string[];
  /** `from.ts → to.ts (from-layer may not import to-layer)`, one line per import. */
  violations: string[];
  modules: number;
}

const CRUISE_OPTIONS: ICruiseOptions = {
  parser: 'swc',
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  validate: true,
  ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
};

/**
 * dependency-cruiser runs in a plain Node process: under tsx (the test runner's loader) its dynamic
 * import of `@swc/core/Visitor.js` loses the CommonJS named exports.
 */
const CRUISE = `
const { cruise } = await import(${JSON.stringify(import.meta.resolve('dependency-cruiser'))});
const result = await cruise(['src'], JSON.parse(process.argv[1]));
process.stdout.write(JSON.stringify(result.output));
`;

/** Reads the module graph of `src/` and checks it against {@link LAYERS}. */
export function checkLayers(root: string = path.resolve(import.meta.dirname, '..')): LayerReport {
  // cwd: dependency-cruiser names modules relative to the working folder.
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', CRUISE, JSON.stringify(CRUISE_OPTIONS)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`dependency-cruiser failed:\n${run.stderr}`);
  const output = JSON.parse(run.stdout) as ICruiseResult;
  return { cycles: cyclesOf(output), violations: output.modules.flatMap(wrongImports), modules: output.modules.length };
}

/** Each cycle once, written from its alphabetically first file. */
function cyclesOf(result: ICruiseResult): string[] {
  const cycles = new Set<string>();
  for (const violation of result.summary.violations) {
    if (violation.rule.name !== 'no-circular' || !violation.cycle) continue;
    const names = violation.cycle.map((step) => step.name);
    const first = names.indexOf([...names].sort()[0]!);
    const rotated = [...names.slice(first), ...names.slice(0, first)];
    cycles.add([...rotated, rotated[0]].join(' → '));
  }
  return [...cycles].sort();
}

function wrongImports(module: IModule): string[] {
  const from = layerOf(module.source);
  if (!module.source.startsWith('src/')) return [];
  if (from === undefined) return [`${module.source}: in no layer; add its folder to LAYERS in scripts/check-layers.ts`];
  const wrong: string[] = [];
  for (const dependency of module.dependencies) {
    const target = dependency.resolved;
    if (!target.startsWith('src/')) {
      // Node built-ins and packages: the browser script has neither, and the code it shares with Node neither.
      if (from === 'client' || from === 'portable') wrong.push(`${module.source} → ${dependency.module} (${from} may import no package)`);
      continue;
    }
    const to = layerOf(target);
    if (to === from) continue;
    if (to === undefined || !LAYERS[from].mayImport.includes(to)) wrong.push(`${module.source} → ${target} (${from} may not import ${to ?? 'a file in no layer'})`);
  }
  return wrong;
}

function main(): number {
  const started = performance.now();
  const report = checkLayers();
  for (const cycle of report.cycles) console.log(`cycle: ${cycle}`);
  for (const violation of report.violations) console.log(`wrong way: ${violation}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${report.cycles.length} cycles, ${report.violations.length} imports the wrong way · ${report.modules} modules · ${seconds} s`);
  return report.cycles.length + report.violations.length > 0 ? 1 : 0;
}

if (import.meta.filename === process.argv[1]) process.exitCode = main();

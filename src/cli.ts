/**
 * The command line: parse arguments, call the library, print, map results to exit codes.
 * Exit codes: 0 success, 1 the input has errors, 2 the command line is wrong, 3 an internal bug.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatDiagnostic, plural, type Diagnostic } from './shared/diagnostics.ts';
import { build } from './output/build.ts';
import { displayPath, OUTPUT_LOCATION_CODES } from './output/output.ts';
import { runDev } from './dev/command.ts';
import { staticDocs } from './dev/mcp/docs.ts';
import { runMcp } from './dev/mcp/stdio.ts';
import { checkLinks } from './dev/link-check.ts';
import { serveStatic, type StaticServerOptions } from './dev/static-server.ts';
import type { ServerTemplate } from './openapi/servers.ts';
import { normalizeBase } from './render/links.ts';
import { closestMatch } from './shared/suggest.ts';
import { validate, validationFailed } from './validate/index.ts';
import { VERSION } from './shared/package-root.ts';

// The build as this command runs it, for `npm run bench:build` (bench/build-synthetic.ts), which times the bundle users run.
export { build };

const HELP = `docjet ${VERSION}: documentation sites from docs.json, offline

Usage:
  docjet build [dir] [--out <folder>] [--force] [--base <path>] [--url <url>] [--strict] [--offline] [--no-cache] [--allow-private-network]
      Build the static site into <folder> (default: dist beside docs.json).
  docjet dev [dir] [--port <n>] [--host <name>] [--open] [--analytics] [--allow-private-network]
      Preview the site at http://127.0.0.1:3000, updated on every save (nothing is written).
  docjet serve [dir] [--port <n>] [--host <name>] [--out <folder>] [--force] [--base <path>] [--strict] [--offline] [--allow-private-network]
      Build the site, then serve it at http://localhost:3000.
  docjet validate [dir] [--format text|json] [--strict] [--offline] [--allow-private-network]
      Check docs.json (or mint.json), its pages and OpenAPI files; print every problem.
  docjet mcp [dir]
      Answer AI tools over MCP on stdin/stdout: search, read pages, navigation, API operations.
  docjet check [dir] [--base <path>] [--external] [--offline] [--format text|json] [--allow-private-network]
      Follow every link, image, anchor and redirect of the site as the built site answers it
      (--external: ask external URLs too); exit 1 when one is broken.
  docjet --help | --version

Options:
  --out <folder>  the build output folder, never read as content (default: dist); it is
                  replaced only when empty, absent or holding only docjet's last build
  --force         build: replace an output folder docjet did not write (outside the site
                  folder; inside it, only files docjet wrote that were changed since)
  --base <path>   serve the site under a sub-path, like /docs/ (default: /)
  --url <url>     the site's public address, for sitemap.xml and canonical links
  --port <n>      dev, serve: the port (default: 3000; dev moves to the next free one)
  --host <name>   dev, serve: the interface to listen on (default: 127.0.0.1 for dev,
                  localhost for serve)
  --open          dev: open the site in the browser
  --analytics     dev: load the site's "integrations" (analytics, chat) as built pages
                  do; off by default, so previews are not counted as visits
  --strict        treat warnings as errors (a missing page, a repeated redirect…): fail
                  instead of building without them
  --offline       fetch no remote OpenAPI spec ("openapi": "https://…"): use the copies
                  cached in .docjet/cache by an earlier run (also DOCJET_OFFLINE=1)
  --allow-private-network
                  fetch remote OpenAPI specs from loopback, private and link-local
                  addresses too (refused by default: a docs.json could reach this
                  machine's or its network's services and publish what they answer)
  --external      check: also ask each external http(s) link whether it answers (8 at a
                  time, one per host, answers cached for a day in .docjet/cache/links)
  --no-cache      build, serve: render every page again, neither reading nor writing the
                  page bodies kept in .docjet/cache/pages
  --verbose       build: print every warning, not the first 30
  --format json   validate, check: print diagnostics and counts as JSON

Exit codes: 0 no errors, 1 errors found, 2 bad command line.
`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  format: { type: 'string', default: 'text' },
  strict: { type: 'boolean', default: false },
  out: { type: 'string' },
  base: { type: 'string' },
  url: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  open: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  offline: { type: 'boolean', default: false },
  'allow-private-network': { type: 'boolean', default: false },
  analytics: { type: 'boolean', default: false },
  external: { type: 'boolean', default: false },
  'no-cache': { type: 'boolean', default: false },
} as const;

const COMMANDS = ['build', 'check', 'dev', 'serve', 'validate', 'mcp'];

export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });
  } catch (error) {
    io.error(`docjet: ${describeArgumentError(error as Error & { code?: string })}\nRun docjet --help for usage.`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.out(VERSION);
    return 0;
  }
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.out(HELP);
    return values.help ? 0 : 2;
  }
  const problem = commandLineProblem(command, rest, values);
  if (problem !== undefined) {
    io.error(problem);
    return 2;
  }
  const port = values.port === undefined ? 3000 : Number(values.port);
  const buildOptions: CliBuildOptions = {
    root: rest[0] ?? '.',
    strict: values.strict ?? false,
    verbose: values.verbose ?? false,
    force: values.force ?? false,
    ...(values.offline ? { offline: true } : {}),
    ...(values['allow-private-network'] ? { allowPrivateNetwork: true } : {}),
    ...(values.out ? { outDir: values.out } : {}),
    ...(values.base ? { base: values.base } : {}),
    ...(values.url ? { siteUrl: values.url } : {}),
    ...(values['no-cache'] ? { cache: false } : {}),
  };
  switch (command) {
    case 'build':
      return (await runBuild(buildOptions, io)).code;
    case 'dev':
      return runDev(
        {
          root: rest[0] ?? '.',
          port,
          host: values.host ?? '127.0.0.1',
          open: values.open ?? false,
          allowPrivateNetwork: values['allow-private-network'] ?? false,
          analytics: values.analytics ?? false,
        },
        io,
      );
    case 'serve': {
      const built = await runBuild(buildOptions, io);
      if (built.code !== 0 || !built.outDir) return built.code;
      const proxy = { servers: () => built.apiServers ?? [], allowPrivateNetwork: values['allow-private-network'] ?? false };
      return runServe({ dir: built.outDir, root: buildOptions.root, port, host: values.host ?? 'localhost', base: normalizeBase(values.base), proxy }, io);
    }
    case 'validate':
      return runValidate(
        {
          root: rest[0] ?? '.',
          format: values.format === 'json' ? 'json' : 'text',
          strict: values.strict ?? false,
          outDir: values.out,
          offline: values.offline ?? false,
          allowPrivateNetwork: values['allow-private-network'] ?? false,
        },
        io,
      );
    case 'mcp':
      return runMcp({ root: rest[0] ?? '.' }, io);
    case 'check':
      return runCheck(
        {
          root: rest[0] ?? '.',
          format: values.format === 'json' ? 'json' : 'text',
          base: values.base,
          allowPrivateNetwork: values['allow-private-network'] ?? false,
          external: values.external ?? false,
          offline: values.offline ?? false,
        },
        io,
      );
    default: {
      const suggestion = closestMatch(command, COMMANDS, { maxRatio: 0.5 });
      io.error(`docjet: unknown command "${command}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} Commands: ${COMMANDS.join(', ')}.\nRun docjet --help for usage.`);
      return 2;
    }
  }
}

/** What is wrong with the command line (exit 2), once the command is known; undefined when nothing is. */
function commandLineProblem(command: string, rest: readonly string[], values: { format?: string; port?: string; url?: string }): string | undefined {
  if (values.format !== 'text' && values.format !== 'json') return `docjet: --format must be "text" or "json", not "${values.format}"`;
  if (COMMANDS.includes(command)) {
    if (rest.length > 1) return `docjet ${command} takes one folder; got ${rest.length}: ${rest.join(' ')}`;
    // A folder that is not there is a mistake on the command line, not in the site.
    if (rest[0] !== undefined && !isFolder(rest[0])) return `docjet ${command}: ${rest[0]} is not a folder; pass the folder that holds docs.json.`;
  }
  const port = values.port === undefined ? 3000 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return `docjet: --port must be a number from 0 to 65535, not "${values.port}"`;
  if (values.url !== undefined && !/^https?:\/\/[^\s/]+/.test(values.url)) return `docjet: --url must be an http(s) address like https://docs.example.com, not "${values.url}"`;
  return undefined;
}

/**
 * Node's parseArgs messages are written for programmers ("To specify a positional argument starting
 * with a '-', place it at the end of the command after '--'"); say what docjet accepts instead.
 */
function describeArgumentError(error: Error & { code?: string }): string {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    const suggestion = closestMatch(unknown.replace(/^-+|=.*$/g, ''), Object.keys(OPTIONS));
    const options = Object.keys(OPTIONS).map((name) => `--${name}`);
    return `unknown option ${unknown}.${suggestion ? ` Did you mean --${suggestion}?` : ''} Options: ${options.join(', ')}.`;
  }
  const needsValue = /^Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(error.message)?.[1];
  if (needsValue) return `${needsValue} needs a value.`;
  return error.message;
}

async function runValidate(
  options: { root: string; format: 'text' | 'json'; strict: boolean; outDir: string | undefined; offline: boolean; allowPrivateNetwork: boolean },
  io: Io,
): Promise<number> {
  const result = await validate({
    root: options.root,
    strict: options.strict,
    pages: true,
    ...(options.outDir ? { outDir: options.outDir } : {}),
    // Without the flag, validate() reads DOCJET_OFFLINE.
    ...(options.offline ? { offline: true } : {}),
    ...(options.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
  });
  const failed = validationFailed(result);
  if (options.format === 'json') {
    io.out(JSON.stringify({ ok: !failed, notes: result.notes, stats: result.stats, diagnostics: result.diagnostics }, null, 2));
    return failed ? 1 : 0;
  }
  for (const note of result.notes) io.out(`note: ${note}`);
  for (const diagnostic of result.diagnostics) io.out(colorize(formatDiagnostic(diagnostic), diagnostic, io.color));
  const { stats } = result;
  const counts = `${plural(stats.errors, 'error')}, ${plural(stats.warnings, 'warning')}`;
  if (result.site) {
    io.out(
      `${failed ? '✖' : '✔'} ${counts} · ${plural(stats.pages, 'page')} (${stats.navigationPages} in navigation, ${plural(stats.endpointPages, 'endpoint page')}), ${plural(stats.groups, 'group')} · ${(stats.milliseconds / 1000).toFixed(2)} s`,
    );
  } else {
    io.out(`${failed ? '✖' : '✔'} ${counts}${failed ? ' · the navigation could not be resolved until these are fixed' : ''}`);
  }
  return failed ? 1 : 0;
}

/** `docjet check`: problems grouped by file, each at `line:col`; exit 1 when one is found (or the site cannot be resolved). */
async function runCheck(
  options: { root: string; format: 'text' | 'json'; base: string | undefined; allowPrivateNetwork: boolean; external: boolean; offline: boolean },
  io: Io,
): Promise<number> {
  const result = await checkLinks({
    root: options.root,
    ...(options.base ? { base: options.base } : {}),
    allowPrivateNetwork: options.allowPrivateNetwork,
    external: options.external,
    // Without the flag, checkLinks reads DOCJET_OFFLINE.
    ...(options.offline ? { offline: true } : {}),
  });
  const failed = !result.resolved || result.diagnostics.length > 0;
  if (options.format === 'json') {
    io.out(JSON.stringify({ ok: !failed, resolved: result.resolved, stats: result.stats, diagnostics: result.diagnostics }, null, 2));
    return failed ? 1 : 0;
  }
  if (!result.resolved) {
    for (const diagnostic of result.diagnostics) io.out(colorize(formatDiagnostic(diagnostic), diagnostic, io.color));
    io.out(`✖ the site could not be resolved (${plural(result.diagnostics.length, 'error')}); fix these, then check its links`);
    return 1;
  }
  let file: string | undefined;
  for (const diagnostic of result.diagnostics) {
    if (diagnostic.file !== file) {
      file = diagnostic.file;
      io.out(file);
    }
    const fix = diagnostic.fix ? ` ${diagnostic.fix}` : '';
    io.out(`  ${diagnostic.line}:${diagnostic.column}  ${diagnostic.code}  ${diagnostic.message}.${fix}`);
  }
  const { stats } = result;
  const files = new Set(result.diagnostics.map((diagnostic) => diagnostic.file)).size;
  const found = [
    plural(stats.brokenLinks, 'broken link'),
    plural(stats.missingAnchors, 'missing anchor'),
    plural(stats.redirectChains, 'redirect chain'),
    ...(options.external ? [plural(stats.externalBroken, 'broken external link')] : []),
  ].join(', ');
  const externals = options.external
    ? `${stats.external} external${stats.externalUnchecked ? `, ${stats.externalUnchecked} could not be checked (${(stats.uncheckedReasons ?? []).slice(0, 2).join('; ')})` : ''}`
    : `${stats.external} external not checked`;
  const checked = `${plural(stats.pages, 'page')}, ${plural(stats.links, 'link')} followed (${externals}) · ${stats.seconds.toFixed(2)} s`;
  io.out(failed ? `✖ ${found} in ${plural(files, 'file')} · ${checked}` : `✔ no broken links · ${checked}`);
  return failed ? 1 : 0;
}

const WARNINGS_SHOWN = 30;

interface CliBuildOptions {
  root: string;
  outDir?: string;
  base?: string;
  siteUrl?: string;
  strict: boolean;
  verbose: boolean;
  force: boolean;
  /** Passed on to validate() by build() (`BuildOptions.offline`). */
  offline?: boolean;
  /** `BuildOptions.allowPrivateNetwork`. */
  allowPrivateNetwork?: boolean;
  /** `BuildOptions.cache`. */
  cache?: boolean;
}

async function runBuild(options: CliBuildOptions, io: Io): Promise<{ code: number; outDir?: string; apiServers?: ServerTemplate[] }> {
  const progress = createProgress(io);
  const result = await build({ ...options, onProgress: progress.update });
  progress.done();
  for (const note of result.notes) io.out(`note: ${note}`);
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const warnings = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
  const shown = options.verbose ? warnings : warnings.slice(0, WARNINGS_SHOWN);
  for (const diagnostic of [...shown, ...errors]) io.out(colorize(formatDiagnostic(diagnostic), diagnostic, io.color));
  if (shown.length < warnings.length) {
    const byCode = new Map<string, number>();
    for (const warning of warnings) byCode.set(warning.code, (byCode.get(warning.code) ?? 0) + 1);
    const kinds = [...byCode].sort((a, b) => b[1] - a[1]).map(([code, count]) => `${code} ×${count}`);
    io.out(`… ${plural(warnings.length - shown.length, 'more warning')} (${kinds.join(', ')}); --verbose shows them all.`);
  }
  const { stats } = result;
  const counts = `${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`;
  if (!result.ok) {
    io.out(`✖ ${counts} · nothing was written; ${displayPath(result.outDir)} is unchanged`);
    // An output folder docjet may not replace (or cannot create) is a problem of the command line.
    const refused = errors.some((diagnostic) => OUTPUT_LOCATION_CODES.has(diagnostic.code));
    return { code: refused ? 2 : 1 };
  }
  const where = displayPath(result.outDir);
  io.out(
    `✔ ${plural(stats.pages, 'page')}${stats.endpointPages ? ` (${stats.endpointPages} from OpenAPI)` : ''}, ${plural(stats.redirects, 'redirect')}, ${plural(stats.files, 'file')} copied · ` +
      `${stats.seconds.toFixed(2)} s · ${Math.round(stats.pagesPerSecond)} pages/s · ${formatBytes(stats.bytes)} → ${where}/ · ${counts}`,
  );
  return { code: 0, outDir: result.outDir, ...(result.apiServers ? { apiServers: result.apiServers } : {}) };
}

async function runServe(
  options: { dir: string; root: string; port: number; host: string; base: string; proxy: NonNullable<StaticServerOptions['proxy']> },
  io: Io,
): Promise<number> {
  let served;
  // `/mcp` answers AI tools from the site just built (read again, offline, while the server starts).
  const mcp = staticDocs({ root: options.root, base: options.base });
  mcp.preload();
  try {
    served = await serveStatic({ dir: options.dir, port: options.port, host: options.host, base: options.base, mcp, proxy: options.proxy });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.error(code === 'EADDRINUSE' ? `docjet serve: port ${options.port} is in use; pass another with --port.` : `docjet serve: ${(error as Error).message}`);
    return 1;
  }
  io.out(`Serving ${path.relative(process.cwd(), options.dir) || '.'} at ${served.url} (Ctrl+C to stop)`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await served.close();
  return 0;
}

/** Decimal units, as `du --si`, file managers and `npm run bench` count them (1 MB = 1,000,000 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A bar redrawn in place on a terminal; a line every 10 % elsewhere (CI logs). */
function createProgress(io: Io): { update: (done: number, total: number) => void; done: () => void } {
  let lastStep = -1;
  let drawn = false;
  return {
    update(done, total) {
      if (total < 50) return;
      if (io.interactive) {
        const width = 30;
        const filled = Math.round((done / total) * width);
        io.progress(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} pages`);
        drawn = true;
        return;
      }
      const step = Math.floor((done / total) * 10);
      if (step !== lastStep && step > 0) {
        lastStep = step;
        io.out(`rendered ${done}/${total} pages`);
      }
    },
    done() {
      if (drawn) io.progress('\r\u001b[2K');
    },
  };
}

function isFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

function colorize(line: string, diagnostic: Diagnostic, color: boolean): string {
  if (!color) return line;
  const code = diagnostic.severity === 'error' ? '31' : '33';
  return line.replace(` ${diagnostic.severity}`, ` \u001b[${code}m${diagnostic.severity}\u001b[0m`);
}

export interface Io {
  out(text: string): void;
  error(text: string): void;
  /** Text redrawn in place (progress bar); only used when `interactive`. */
  progress(text: string): void;
  color: boolean;
  interactive: boolean;
}

const processIo: Io = {
  out: (text) => void process.stdout.write(`${text}\n`),
  error: (text) => void process.stderr.write(`${text}\n`),
  progress: (text) => void process.stderr.write(text),
  interactive: Boolean(process.stderr.isTTY) && !process.env.CI,
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb',
};

// Run directly from source while developing (`node --import tsx src/cli.ts validate examples`);
// the published entry point is bin/docjet.js, which imports `main`. No top-level `await`: the
// command's bundle is CommonJS, for its code cache (scripts/bundle.mjs).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

/**
 * The command line: parse arguments, call the library, print, map results to exit codes.
 * Exit codes: 0 success, 1 the input has errors, 2 the command line is wrong, 3 an internal bug.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatDiagnostic, plural, type Diagnostic } from './diagnostics.ts';
import { closestMatch } from './suggest.ts';
import { validate, validationFailed } from './validate.ts';
import { VERSION } from './version.ts';

const HELP = `docjet ${VERSION}: documentation sites from docs.json, offline

Usage:
  docjet validate [dir] [--format text|json] [--strict]
      Check docs.json (or mint.json), its pages and OpenAPI files; print every problem.
  docjet --help | --version

Options:
  --format json   print diagnostics and counts as JSON
  --strict        treat warnings as errors
  --out <folder>  the build output folder, never read as content (default: dist)

Exit codes: 0 no errors, 1 errors found, 2 bad command line.
`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  format: { type: 'string', default: 'text' },
  strict: { type: 'boolean', default: false },
  out: { type: 'string' },
} as const;

const COMMANDS = ['validate'];

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
  if (values.format !== 'text' && values.format !== 'json') {
    io.error(`docjet: --format must be "text" or "json", not "${values.format}"`);
    return 2;
  }
  switch (command) {
    case 'validate':
      if (rest.length > 1) {
        io.error(`docjet validate takes one folder; got ${rest.length}: ${rest.join(' ')}`);
        return 2;
      }
      // A folder that is not there is a mistake on the command line, not in the site.
      if (rest[0] !== undefined && !isFolder(rest[0])) {
        io.error(`docjet validate: ${rest[0]} is not a folder; pass the folder that holds docs.json.`);
        return 2;
      }
      return runValidate({ root: rest[0] ?? '.', format: values.format, strict: values.strict ?? false, outDir: values.out }, io);
    default: {
      const suggestion = closestMatch(command, COMMANDS, { maxRatio: 0.5 });
      io.error(
        `docjet: unknown command "${command}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} Commands: ${COMMANDS.join(', ')}.\nRun docjet --help for usage.`,
      );
      return 2;
    }
  }
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
  options: { root: string; format: 'text' | 'json'; strict: boolean; outDir: string | undefined },
  io: Io,
): Promise<number> {
  const result = await validate({ root: options.root, strict: options.strict, ...(options.outDir ? { outDir: options.outDir } : {}) });
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
  color: boolean;
}

const processIo: Io = {
  out: (text) => void process.stdout.write(`${text}\n`),
  error: (text) => void process.stderr.write(`${text}\n`),
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb',
};

/**
 * `docjet dev` on the command line: starts `dev()`, prints the address, a one-line summary of the
 * site, then one line per change (what was redone, how long it took) and the problems each brought,
 * and stops cleanly on Ctrl+C (the watcher and the server closed, exit 0).
 */
import { spawn } from 'node:child_process';
import { formatDiagnostic, plural, type Diagnostic } from '../shared/diagnostics.ts';
import { displayPath } from '../output/output.ts';
import { dev, type DevEvent, type DevServer } from './dev-server.ts';

/** What the command line hands over (src/cli.ts `Io` has this shape). */
export interface DevIo {
  out(text: string): void;
  error(text: string): void;
  color: boolean;
}

export interface DevCommandOptions {
  root: string;
  port: number;
  host: string;
  /** Open the site in the default browser once listening. */
  open: boolean;
  /** Resolves when the command should stop (default: Ctrl+C or SIGTERM). */
  stopped?: Promise<void>;
  /** `--allow-private-network`: remote OpenAPI specs may come from loopback and private addresses. */
  allowPrivateNetwork?: boolean;
  /** `--analytics`: pages load the site's `integrations`, as built pages do (off by default: a writer's previews are not visits). */
  analytics?: boolean;
}

export async function runDev(options: DevCommandOptions, io: DevIo): Promise<number> {
  let server: DevServer;
  try {
    server = await dev({
      root: options.root,
      port: options.port,
      host: options.host,
      onEvent: (event) => print(event, io, options.root),
      ...(options.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
      ...(options.analytics ? { analytics: true } : {}),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.error(
      code === 'EADDRINUSE'
        ? `docjet dev: ports ${options.port} to ${options.port + 19} are in use; pass another with --port.`
        : `docjet dev: cannot listen on ${options.host}:${options.port} (${(error as Error).message}).`,
    );
    return 1;
  }
  if (options.open) openBrowser(server.url, io);
  await (options.stopped ?? interrupted());
  if (options.stopped) {
    await server.close();
  } else {
    // Stopping waits for the change being handled; a second Ctrl+C or SIGTERM does not wait for anything.
    const again = interrupted();
    const closed = await Promise.race([server.close().then(() => true), again.then(() => false)]);
    if (!closed) {
      io.error('docjet dev: stopped without waiting for the work under way.');
      process.exit(130);
    }
  }
  io.out('docjet dev: stopped.');
  return 0;
}

/** Resolves on Ctrl+C or SIGTERM, whichever comes first. */
function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

function print(event: DevEvent, io: DevIo, root: string): void {
  const line = (text: string, diagnostics: readonly Diagnostic[] = []): void => {
    io.out(text);
    for (const diagnostic of diagnostics) io.out(colorize(formatDiagnostic(diagnostic), diagnostic, io.color));
  };
  switch (event.type) {
    case 'listening':
      if (event.requestedPort !== 0 && event.port !== event.requestedPort) io.out(`Port ${event.requestedPort} is in use; using ${event.port} instead.`);
      io.out(`docjet dev: ${displayPath(root)} at ${event.url} (Ctrl+C to stop)`);
      return;
    case 'ready': {
      const seconds = (event.milliseconds / 1000).toFixed(2);
      if (!event.ok) {
        const errors = event.diagnostics.length;
        line(`✖ ${plural(errors, 'error')}: the site cannot be shown until ${errors === 1 ? 'it is' : 'they are'} fixed; watching for changes · ${seconds} s`, event.diagnostics);
        return;
      }
      const endpoints = event.endpointPages > 0 ? ` (${event.endpointPages} from OpenAPI)` : '';
      io.out(`✔ ${plural(event.pages, 'page')}${endpoints}, ${plural(event.warnings, 'warning')} · ready in ${seconds} s (docjet validate lists the warnings)`);
      if (event.analyticsOff)
        io.out(`integrations (${event.analyticsOff.join(', ')}) are not loaded in dev, so previews are not counted; docjet dev --analytics loads them as built pages do`);
      return;
    }
    case 'change': {
      const files = event.files.length > 3 ? `${event.files.slice(0, 3).join(', ')} and ${event.files.length - 3} more` : event.files.join(', ');
      line(`${time()} ${event.ok ? '✔' : '✖'} ${files}: ${event.rebuilt} · ${Math.round(event.milliseconds)} ms`, event.diagnostics);
      return;
    }
    case 'page':
      line(`${time()} /${event.route}: ${plural(event.diagnostics.length, 'problem')}`, event.diagnostics);
      return;
    case 'failed':
      io.error(`docjet dev: reading the site failed; this is a bug of docjet, please report it:\n${event.message}`);
      return;
    case 'warmed':
    case 'ahead':
      // Compiling grammars and rendering pages ahead of the reader is not the writer's concern; benchmarks and tests wait for it.
      return;
    case 'watch-failed':
      io.error(`docjet dev: cannot watch the folder (${event.message}); restart docjet dev to see changes.`);
      return;
  }
}

/**
 * Opens a URL in the browser `BROWSER` names (a command, as Vite and Create React App read it;
 * `none` opens nothing), else the system's default; a failure is said, not fatal.
 */
function openBrowser(url: string, io: DevIo): void {
  const chosen = process.env['BROWSER']?.trim();
  if (chosen === 'none') return;
  const [command, args] = chosen
    ? [chosen, [url]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.once('error', (error) => io.error(`docjet dev: could not open a browser (${error.message}); open ${url} yourself.`));
  child.unref();
}

function time(): string {
  return new Date().toTimeString().slice(0, 8);
}

function colorize(text: string, diagnostic: Diagnostic, color: boolean): string {
  if (!color) return text;
  const code = diagnostic.severity === 'error' ? '31' : '33';
  return text.replace(` ${diagnostic.severity}`, ` \u001b[${code}m${diagnostic.severity}\u001b[0m`);
}

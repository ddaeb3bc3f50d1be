/**
 * `docjet dev` in a child process, from source, as a user runs it (signals, a process that must
 * exit): its address, what it printed, and its exit. Run as `nobody` when the tests run as root
 * (`asUser`), for what root's permissions would hide (a page no one may read).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { patience } from './patience.ts';
import { sourceFlags, sourceUrl } from './source-process.ts';

const CLI = sourceUrl('src/cli.ts');

export interface DevProcess {
  child: ChildProcess;
  /** The server's address, once printed. */
  url: Promise<string>;
  out: string[];
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/** The uid and gid of `nobody` when this runs as root; undefined otherwise. */
export function unprivileged(): { uid: number; gid: number } | undefined {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
}

export function spawnDev(root: string, options: { env?: Record<string, string>; asUser?: { uid: number; gid: number } | undefined } = {}): DevProcess {
  const script = `import(${JSON.stringify(CLI)}).then((cli) => cli.main(['dev', ${JSON.stringify(root)}, '--port', '0'])).then((code) => { process.exitCode = code; })`;
  const child = spawn(process.execPath, [...sourceFlags, '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DOCJET_OFFLINE: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.asUser ?? {}),
  });
  const out: string[] = [];
  let found: (url: string) => void;
  const url = new Promise<string>((resolve) => (found = resolve));
  const read = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line === '') continue;
      out.push(line);
      const address = /^docjet dev: .* at (http:\/\/\S+) /.exec(line)?.[1];
      if (address) found(address);
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { child, url, out, exited };
}

/** Resolves with `promise`, or rejects after `ms` (scaled: patience.ts) saying what was waited for (generous: machines are busy). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const bound = patience(ms);
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing within ${bound / 1000} s`)), bound);
    }),
  ]);
}

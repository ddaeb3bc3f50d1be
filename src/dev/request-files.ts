/**
 * What both servers (`docjet serve`'s static one and `docjet dev`) need to answer a request for a
 * file safely: the path a URL names, decoded once and refused when it could climb out (`..` in any
 * spelling is resolved away and checked, a backslash is refused outright, NUL and malformed escapes
 * are a bad request); the real path of a file checked to be inside the served folder (a symbolic
 * link leading out is not followed); and the Content-Type to send.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
};

/** The Content-Type of a file, by its extension; unknown kinds are plain bytes. */
export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export { requestPath } from '../validate/resolve-request.ts';

/** `relative` resolved inside `root`, or undefined when `..` segments lead out of it. */
export function resolveInside(root: string, relative: string): string | undefined {
  const full = path.resolve(root, relative);
  return isInside(root, full) ? full : undefined;
}

/** The real path of `candidate` when it is a regular file inside `root` (a real path; links followed and checked). */
export async function realFileInside(root: string, candidate: string): Promise<string | undefined> {
  const real = await realpath(candidate).catch(() => undefined);
  if (!real || !isInside(root, real)) return undefined;
  const info = await stat(real).catch(() => undefined);
  return info?.isFile() ? real : undefined;
}

export function isInside(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

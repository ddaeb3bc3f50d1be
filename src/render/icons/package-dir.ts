/** Reading icon packages file by file: where a package lives, and which names may become file names. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const requireHere = createRequire(import.meta.url);

/**
 * The folder of package `name`, found the way `require` would look for it. Resolving a file inside
 * would not do: `@tabler/icons` exports only `./icons/*`, so its `package.json` cannot be resolved.
 */
export function packageDir(name: string): string | undefined {
  for (const base of requireHere.resolve.paths(name) ?? []) {
    const dir = path.join(base, name);
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return undefined;
}

/** Icon names are kebab-case words; anything else never reaches the file system (no `../`). */
export const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

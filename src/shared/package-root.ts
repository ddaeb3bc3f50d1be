/**
 * The folder docjet is installed in, the one holding its package.json, found by walking up from
 * this module. The files docjet ships beside its code (`assets/`, `package.json`) are read from
 * there, so the same code finds them from `src/` (tests), `lib/` (compiled) and `lib/bundle/`
 * (the command's bundle, scripts/bundle.mjs), where modules sit at different depths.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Manifest {
  name?: string;
  version?: string;
}

function findPackageRoot(start: string): { root: string; manifest: Manifest } {
  for (let folder = start; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      if (manifest.name === 'docjet') return { root: folder, manifest };
    }
    if (path.dirname(folder) === folder) throw new Error(`docjet's package.json is not in any folder above ${start}`);
  }
}

const found = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

export const PACKAGE_ROOT: string = found.root;
/** The package version, from its package.json. */
export const VERSION: string = found.manifest.version ?? '0.0.0';

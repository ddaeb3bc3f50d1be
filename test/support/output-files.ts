/** Reading a built output folder in tests. */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Every file of an output folder by name, with its bytes (the marker, which records build times, aside). */
export async function outputFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === '.docjet-output') continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), await fs.readFile(full, 'latin1'));
  }
  return files;
}

/** Copying whole folders of docjet's own dependencies (KaTeX fonts) and locating mermaid's bundle. */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export async function copyFolder(from: string, to: string): Promise<void> {
  await fs.cp(from, to, { recursive: true });
}

/** The browser bundle of mermaid, copied only into sites that draw diagrams (3.5 MB). */
export function mermaidScript(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('mermaid/package.json')), 'dist', 'mermaid.min.js');
}

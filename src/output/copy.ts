/** Where mermaid's browser bundle is, to copy it into sites that draw diagrams. */
import { createRequire } from 'node:module';
import path from 'node:path';

/** The browser bundle of mermaid, copied only into sites that draw diagrams (3.5 MB). */
export function mermaidScript(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('mermaid/package.json')), 'dist', 'mermaid.min.js');
}

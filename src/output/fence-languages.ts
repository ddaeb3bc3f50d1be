/** The fence languages of a whole site, read once by the build so every grammar is loaded before the first page. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageFile } from '../shared/scan.ts';
import { fenceLanguages } from '../render/highlight.ts';

/**
 * Every fence language in the site's pages (snippets included: their fences need grammars too).
 * `onText` is handed each page's text as it is read (the build's scan of class names reads them too).
 */
export async function usedLanguages(root: string, pageFiles: Iterable<PageFile>, onText?: (text: string) => void): Promise<string[]> {
  const languages = new Set<string>();
  // Read synchronously, as search reads them (src/search/records.ts): for thousands of small files,
  // several times cheaper than `fs/promises`' four trips to libuv's threads a file.
  for (const { file } of pageFiles) {
    let text = '';
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      // A page that cannot be read is reported where it is rendered.
    }
    for (const language of fenceLanguages(text)) languages.add(language);
    onText?.(text);
  }
  return [...languages];
}

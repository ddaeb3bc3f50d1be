/** The fence languages of a whole site, read once by the build so every grammar is loaded before the first page. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageFile } from '../shared/scan.ts';
import { fenceLanguages } from '../render/highlight.ts';

/**
 * Every fence language in the site's pages (snippets included: their fences need grammars too).
 * `onText` is handed each page's text as it is read (the build's scan of class names reads them too).
 */
export async function usedLanguages(root: string, pageFiles: Iterable<PageFile>, onText?: (text: string) => void): Promise<string[]> {
  const languages = new Set<string>();
  const list = [...pageFiles].map((file) => file.file);
  const CONCURRENCY = 32;
  for (let i = 0; i < list.length; i += CONCURRENCY) {
    const texts = await Promise.all(list.slice(i, i + CONCURRENCY).map((file) => readFile(path.join(root, file), 'utf8').catch(() => '')));
    for (const text of texts) {
      for (const language of fenceLanguages(text)) languages.add(language);
      onText?.(text);
    }
  }
  return [...languages];
}

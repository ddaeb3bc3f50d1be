/**
 * The search index of `docjet dev`, kept from one change to the next: a page file is read again
 * only when it or a snippet it includes changed (size, time of change or inode: one `stat` each,
 * some 20 ms for 5,000 pages, where reading and tokenizing them all again took seconds), and only
 * the index files holding what changed are written again (`IndexWriter`, index-files.ts). Asking
 * the files again and again costs nothing: an edit the watcher missed still shows.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Page, Site } from '../site/types.ts';
import { IndexWriter } from './index-files.ts';
import { fileTextReader, searchRecords, type FileText } from './records.ts';

interface KeptText {
  text: FileText;
  /** The stamp of each of `text.files` when it was read. */
  stamps: string[];
}

export class LiveSearchIndex {
  private writer: IndexWriter | undefined;
  private base = '';
  /** docs.json's `variables` the kept texts were read with (as JSON): new ones read every page again. */
  private variables = '';
  /** By page file (site-relative). */
  private readonly texts = new Map<string, KeptText>();
  private last: Promise<unknown> = Promise.resolve();

  /** The index of `site` as its files are now, by name; one update at a time, in the order asked. */
  files(site: Site, base: string): Promise<Map<string, string>> {
    const next = this.last.then(
      () => this.update(site, base),
      () => this.update(site, base),
    );
    this.last = next;
    return next;
  }

  private async update(site: Site, base: string): Promise<Map<string, string>> {
    if (!this.writer || base !== this.base) {
      this.writer = new IndexWriter(base);
      this.base = base;
    }
    const stamps = new Map<string, string>();
    const stampOf = (file: string): string => {
      let stamp = stamps.get(file);
      if (stamp === undefined) stamps.set(file, (stamp = stampAt(path.join(site.root, file))));
      return stamp;
    };
    const variables = JSON.stringify(site.config.variables ?? {});
    if (variables !== this.variables) {
      this.texts.clear();
      this.variables = variables;
    }
    const read = fileTextReader(site.root, site.config.variables);
    const seen = new Set<string>();
    const textOf = (page: Page): FileText => {
      if (page.source.type !== 'file') return read(page);
      const file = page.source.file;
      seen.add(file);
      const kept = this.texts.get(file);
      if (kept?.text.files.every((name, index) => stampOf(name) === kept.stamps[index])) return kept.text;
      stampOf(file); // before reading: an edit made while it is read shows next time
      const text = read(page);
      this.texts.set(file, { text, stamps: text.files.map(stampOf) });
      return text;
    };
    try {
      const files = this.writer.update(await searchRecords(site, textOf));
      for (const file of this.texts.keys()) if (!seen.has(file)) this.texts.delete(file);
      return files;
    } catch (error) {
      // Half an update would misindex every later one: start afresh next time.
      this.writer = undefined;
      throw error;
    }
  }
}

/** What changes when a file is saved: its time of change, size and inode (editors that save by renaming). */
function stampAt(file: string): string {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : 'none';
  } catch {
    return 'none';
  }
}

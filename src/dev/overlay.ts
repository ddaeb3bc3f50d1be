/**
 * What the browser's error overlay shows for a diagnostic: where (`file:line:col`), what is wrong,
 * what to do, and the line of the file it points at. Built here, sent as JSON over the live-reload
 * channel, and written into the page as text by the dev client (never as markup: the message
 * quotes the user's files).
 */
import type { OverlayEntry } from '../portable/dev-channel.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { HASH_LIMIT, readRegularFile } from './regular-file.ts';
import { resolveInside } from './request-files.ts';

/** Declared in src/portable: the dev client reads it. */
export type { OverlayEntry };

/** Longest source line shown: a minified line would fill the screen. */
const MAX_LINE = 240;

export async function overlayEntries(root: string, diagnostics: readonly Diagnostic[]): Promise<OverlayEntry[]> {
  const texts = new Map<string, Promise<string | undefined>>();
  const textOf = (file: string): Promise<string | undefined> => {
    let text = texts.get(file);
    if (!text) {
      // Only files of the site are quoted (a diagnostic can name a link that leads out).
      const full = resolveInside(root, file);
      // A regular file only, and not a huge one: a diagnostic can name a named pipe, or a file of gigabytes.
      text =
        full === undefined
          ? Promise.resolve(undefined)
          : readRegularFile(full, HASH_LIMIT).then(
              (bytes) => bytes.toString('utf8'),
              () => undefined,
            );
      texts.set(file, text);
    }
    return text;
  };
  return Promise.all(
    diagnostics.map(async (diagnostic): Promise<OverlayEntry> => {
      const entry: OverlayEntry = {
        severity: diagnostic.severity,
        code: diagnostic.code,
        where: diagnostic.line > 0 ? `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}` : diagnostic.file,
        message: diagnostic.message,
        ...(diagnostic.fix ? { fix: diagnostic.fix } : {}),
      };
      if (diagnostic.line <= 0) return entry;
      const line = (await textOf(diagnostic.file))?.split(/\r?\n/)[diagnostic.line - 1];
      if (line === undefined) return entry;
      return { ...entry, source: { text: line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line, column: diagnostic.column } };
    }),
  );
}

/**
 * Watching the site folder. @parcel/watcher was chosen over chokidar 4 by bench/watchers.ts on a
 * 5,000-page site: it is watching in about 0.15 s holding about 9 MB, where chokidar 4 (which
 * stats every file up front and keeps them in memory) needs 2.6 s and 64 MB; both see an edit
 * within milliseconds. Its native code ships prebuilt for every common platform.
 *
 * Events arrive in batches (an editor's save is often a write to a temporary file and a rename);
 * they are passed on as site-relative paths, minus what is never site content: dot-folders and
 * dot-files (except `.mintignore`), node_modules, the build output and docjet's cache.
 */
import type { AsyncSubscription } from '@parcel/watcher';
import path from 'node:path';

export interface FileChange {
  /** Site-relative, `/`-separated. */
  file: string;
  kind: 'create' | 'update' | 'delete';
}

export interface Watcher {
  close(): Promise<void>;
}

/**
 * Folders never watched at any depth, and at the root. A build's staging and previous output
 * folders (`.dist.staging-…`, `.dist.previous-…`, src/output/output.ts) come and go with every
 * `docjet build` run beside the preview: never site content, and not worth a watch each.
 */
const IGNORED_ANYWHERE = ['**/node_modules', '**/.git', '**/.*.staging-*', '**/.*.previous-*'];
const IGNORED_AT_ROOT = ['dist', '.docjet'];

export async function watchSite(root: string, onChanges: (changes: FileChange[]) => void): Promise<Watcher> {
  // Loaded here rather than with the command (20 to 25 ms of native code and CommonJS), while the
  // site's folders are read, instead of before the server listens.
  const { subscribe } = await import('@parcel/watcher');
  const subscription: AsyncSubscription = await subscribe(
    root,
    (error, events) => {
      if (error) return; // a transient failure of the backend; the next events still come
      const changes = events.map((event) => ({ file: path.relative(root, event.path).split(path.sep).join('/'), kind: event.type })).filter((change) => isWatched(change.file));
      if (changes.length > 0) onChanges(changes);
    },
    { ignore: [...IGNORED_ANYWHERE, ...IGNORED_AT_ROOT] },
  );
  return {
    async close() {
      // The backend can fail to remove the watch of a folder deleted under it ("Unable to remove
      // watcher: Invalid argument" after a build swapped its output in): the folder's watch is gone
      // already, and the watcher is being thrown away, so stopping goes on.
      await subscription.unsubscribe().catch(() => undefined);
    },
  };
}

/** Whether a site-relative path may be site content (or `.mintignore`, which says what is). */
export function isWatched(file: string): boolean {
  if (file === '' || file.startsWith('../') || file === '.mintignore') return file === '.mintignore';
  const segments = file.split('/');
  if (IGNORED_AT_ROOT.includes(segments[0]!)) return false;
  return !segments.some((segment) => segment.startsWith('.') || segment === 'node_modules');
}

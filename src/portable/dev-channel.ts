/**
 * What `docjet dev` sends each open page over the live-reload channel (src/dev/live-reload.ts
 * writes it, the dev client src/client/dev-client.ts reads it): one declaration for both sides.
 * Plain TypeScript with no DOM and no Node (tsconfig.portable.json).
 */

/**
 * What the error overlay shows for a diagnostic: where (`file:line:col`), what is wrong, what to
 * do, and the line of the file it points at (src/dev/overlay.ts builds it).
 */
export interface OverlayEntry {
  severity: 'error' | 'warning';
  code: string;
  /** `docs.json:12:7`, or the file alone for a problem with the whole file. */
  where: string;
  message: string;
  fix?: string;
  /** The line the problem is on, as written (tabs kept), and its 1-based column; none for a whole-file problem. */
  source?: { text: string; column: number };
}

/** One event of the channel: its `type` is the Server-Sent Event's name, the rest its JSON data. */
export type LiveEvent =
  /**
   * On connecting: this server's id (a new one after a restart), the overlay, and whether the page
   * changed since it was served (`stale`: reload), or only coloured its code since (`colours`).
   */
  | { type: 'hello'; instance: string; overlay: OverlayEntry[]; stale: boolean; colours: boolean }
  /** Only the page's code changed, from uncoloured to coloured: fetch it and colour the code in place. */
  | { type: 'colours' }
  /** The page's HTML changed: fetch it and swap what changed in place (or reload when its navigation did). */
  | { type: 'content'; overlay: OverlayEntry[] }
  /** The Tailwind utilities' CSS changed (a page used a new class): fetch it again, no reload. */
  | { type: 'utilities' }
  /** Reload the page (a stylesheet or script of the site changed). */
  | { type: 'reload' }
  /** Only the overlay changed (a config error, or its fix). */
  | { type: 'overlay'; overlay: OverlayEntry[] };

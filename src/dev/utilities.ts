/**
 * The Tailwind utilities of `docjet dev`: every page links one stylesheet (DEV_UTILITIES_FILE)
 * holding the CSS of the classes of every page rendered so far. A page that uses a class no page
 * used before starts its compile, which the stylesheet request waits for (docjet's own classes are
 * never compiled: a page without a class of its author's costs no Tailwind at all); an open page whose content changes is told
 * to fetch the stylesheet again (the `utilities` event) when it changed since the page had it, so a
 * class written into a page shows without a reload.
 */
import type { Config } from '../config/schema.ts';
import { ownClassNames } from '../render/assets.ts';
import { addCandidates, utilityCss } from '../render/utilities.ts';

export class LiveUtilities {
  private readonly classes = new Set<string>();
  private config: Config | undefined;
  private css: Promise<string> = Promise.resolve('');
  private last = '';
  /** Bumped each time the CSS changes (once `settled`). */
  version = 0;

  /** The CSS now, once the classes seen so far are compiled. */
  text(): Promise<string> {
    return this.css;
  }

  /**
   * Takes the classes of a rendered page's content (and the site's colours), docjet's own left out;
   * a new one starts the compile, which the page does not wait for (its stylesheet request does).
   */
  add(html: string, config: Config): void {
    const start = html.indexOf('<main');
    const end = html.lastIndexOf('</main>');
    const found = new Set<string>();
    addCandidates(start < 0 || end < start ? html : html.slice(start, end), 'markup', found);
    const own = ownClassNames();
    let grew = false;
    for (const name of found) {
      if (own.has(name) || this.classes.has(name)) continue;
      this.classes.add(name);
      grew = true;
    }
    if (!grew && config === this.config) return;
    this.config = config;
    const next = utilityCss(this.classes, config).catch(() => this.last);
    this.css = next;
    void next.then((text) => {
      if (this.css === next && text !== this.last) {
        this.last = text;
        this.version++;
      }
    });
  }

  /** Resolves once the CSS of every class taken so far is ready (and `version` counts it). */
  async settled(): Promise<void> {
    let css: Promise<string>;
    do {
      css = this.css;
      await css;
      await Promise.resolve();
    } while (css !== this.css);
  }
}

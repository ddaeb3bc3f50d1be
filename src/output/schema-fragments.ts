/**
 * The schema fragments of a build (src/render/endpoint/schema-fragment.ts): every fragment a page
 * links to, then every fragment those link to, each written once under `_docjet/schemas/`
 * however many pages share it.
 */
import { SCHEMA_FOLDER, type SchemaFragment } from '../render/endpoint/schema-fragment.ts';
import type { Renderer } from '../render/page.ts';
import { ASSETS_FOLDER } from './assets.ts';

export class FragmentWriter {
  private readonly linked = new Map<string, SchemaFragment>();

  /** Fragments a page links to. */
  add(fragments: readonly SchemaFragment[]): void {
    for (const fragment of fragments) if (!this.linked.has(fragment.id)) this.linked.set(fragment.id, fragment);
  }

  /** Writes every fragment linked to, and those they link to; returns how many. */
  async write(renderer: Renderer, write: (relative: string, data: string) => Promise<void>): Promise<number> {
    const pending = [...this.linked.values()];
    let written = 0;
    for (let fragment = pending.pop(); fragment; fragment = pending.pop()) {
      const rendered = await renderer.fragment(fragment);
      // A spec that cannot be read now could not be read for the page either: its page said so.
      if (!rendered) continue;
      await write(`${ASSETS_FOLDER}/${SCHEMA_FOLDER}/${fragment.id}.html`, rendered.html);
      written++;
      for (const next of rendered.fragments) {
        if (this.linked.has(next.id)) continue;
        this.linked.set(next.id, next);
        pending.push(next);
      }
    }
    return written;
  }
}

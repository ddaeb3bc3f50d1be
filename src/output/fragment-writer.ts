/**
 * The schema fragments of a build (src/render/endpoint/schema-fragment.ts): every fragment a page
 * links to, then every fragment those link to, each written once under `_docjet/schemas/`
 * however many pages share it.
 *
 * An inline schema's fragment is shared by every field that holds the same schema, under
 * whichever name each gives it (GitHub's `actor` and `creator`): the file is titled by the name
 * that sorts first, and written in the order of the ids, so the same site builds the same files
 * whatever order its pages were rendered in (pages render concurrently, and on workers).
 */
import { SCHEMA_FOLDER, type SchemaFragment } from '../render/endpoint/schema-fragment.ts';
import type { Renderer } from '../render/page.ts';
import { ASSETS_FOLDER } from '../render/assets.ts';

export class FragmentWriter {
  private readonly linked = new Map<string, SchemaFragment>();

  /** Fragments a page links to. */
  add(fragments: readonly SchemaFragment[]): void {
    for (const fragment of fragments) {
      const known = this.linked.get(fragment.id);
      if (!known || fragment.title < known.title) this.linked.set(fragment.id, fragment);
    }
  }

  /** Writes every fragment linked to, and those they link to; returns how many. */
  async write(renderer: Pick<Renderer, 'fragment'>, write: (relative: string, data: string) => Promise<void>): Promise<number> {
    // Popped from the end: the first id first.
    const pending = [...this.linked.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
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

/**
 * The ids of a rendered page, as a browser matches a `#fragment` against them: a module of its own,
 * with nothing else of link checking, so that the writer thread (output/writer-thread.ts) reads
 * them from the pages it writes without loading the rest.
 */

/** Every `id` (and `<a name>`) of a rendered page, as a browser matches a `#fragment` against them. */
export function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)\s[^>]*?\b(id|name)=(?:"([^"]*)"|'([^']*)')/g)) {
    if (match[2] === 'name' && match[1]!.toLowerCase() !== 'a') continue; // <meta name>, <input name>
    const value = match[3] ?? match[4] ?? '';
    if (value !== '') ids.add(unescapeHtml(value));
  }
  return ids;
}

/** An attribute's `&amp;`, `&#39;`, `&#x27;`… as the browser reads them. */
export function unescapeHtml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos));/gi, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[name!.toLowerCase()] ?? whole;
  });
}

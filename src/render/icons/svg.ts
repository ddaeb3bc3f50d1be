/** The `<svg>` element every library's icon becomes, and the source interface the libraries share. */

export interface IconSource {
  /** Inline `<svg>` for a lower-case kebab-case name in a style, or undefined when the library has no such icon. */
  svg(name: string, style: string | undefined): string | undefined;
  /** Every name the library knows, for "did you mean"; only asked after a miss, so it may be slow. */
  names(): readonly string[];
}

/**
 * The one shape of an inline icon: sized by CSS (`.icon-svg`, 1em), coloured by `currentColor`,
 * hidden from screen readers (the label is the text beside it) and out of the tab order in old Edge.
 * `attributes` come from the icon packages, never from pages, so they are trusted as they are.
 */
export function svgElement(attributes: string, inner: string): string {
  return `<svg class="icon-svg" xmlns="http://www.w3.org/2000/svg"${attributes} aria-hidden="true" focusable="false">${inner}</svg>`;
}

const DROPPED = new Set(['class', 'width', 'height', 'xmlns']);

/**
 * An icon file of an SVG package (Lucide, Tabler) made inline: its own drawing attributes kept
 * (viewBox, stroke, fill), its size and classes replaced, the whitespace between elements dropped.
 */
export function inlineSvgFile(source: string): string | undefined {
  const open = /<svg\b([^>]*)>/.exec(source);
  const close = source.lastIndexOf('</svg>');
  if (open === null || close < open.index) return undefined;
  let attributes = '';
  for (const [, name, value] of open[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    if (!DROPPED.has(name!)) attributes += ` ${name}="${value}"`;
  }
  const inner = source
    .slice(open.index + open[0].length, close)
    // Tabler starts every icon with an invisible 24×24 square, a leftover of its editor.
    .replace(/<path stroke="none" d="M0 0h24v24H0z" fill="none"\s*\/>/, '')
    .replace(/>\s+</g, '><')
    .replace(/\s+\/>/g, '/>')
    .trim();
  return svgElement(attributes, inner);
}

/**
 * What a name no library draws (nor stands in for) shows: a plain circle outline the size of an icon,
 * so a card or a tab keeps its icon's place and the gap is visible without looking broken.
 */
export const MISSING_ICON = svgElement(' viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" data-icon-missing=""', '<circle cx="12" cy="12" r="8"/>');

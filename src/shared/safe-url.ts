/**
 * The one test of "would this URL run code": used for docs.json values (rule 5), component props,
 * Markdown links and images, HTML and JSX attributes in pages, frontmatter `url`, OpenAPI
 * descriptions and every URL the page shell writes. `javascript:` and `vbscript:` URLs run script
 * when followed; `data:` URLs smuggle whole documents (`data:text/html,<script>…`). A `data:` image
 * of a raster type is kept where the URL is only ever shown as an image (`<img src>`).
 *
 * The scheme is read the way a browser reads it, so spellings meant to slip past a naive check
 * are caught: any letter case (`JaVaScRiPt:`), control characters and white space anywhere in it
 * (`java\tscript:`, which the URL parser removes), and HTML character references
 * (`&#106;avascript:`, `javascript&colon;`), which the HTML parser decodes before the URL parser
 * sees the value.
 */

/**
 * `link`: followed when clicked (`href`). `image`: only ever shown as an image (`<img src>`), where a
 * `data:` raster image runs nothing. `asset`: only loaded by CSS (a font file), where no `data:` URL
 * runs script either.
 */
export type UrlUse = 'link' | 'image' | 'asset';

const UNSAFE_SCHEMES = new Set(['javascript', 'vbscript', 'data']);
const SAFE_IMAGE_DATA = /^data:image\/(?:png|jpeg|jpg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,]/i;
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
/** Only these can spell a scheme or hide one; a URL with none of them is checked as it is. */
const MAY_HIDE = /[&\u0000-\u0020]/;

/** The unsafe scheme of `url` (`javascript`), or undefined when following or showing it runs no code. */
export function unsafeScheme(url: string, use: UrlUse = 'link'): string | undefined {
  const normalized = MAY_HIDE.test(url) ? normalize(url) : url;
  const scheme = SCHEME.exec(normalized)?.[1]?.toLowerCase();
  if (scheme === undefined || !UNSAFE_SCHEMES.has(scheme)) return undefined;
  if (scheme === 'data' && (use === 'asset' || (use === 'image' && SAFE_IMAGE_DATA.test(normalized)))) return undefined;
  return scheme;
}

export function isUnsafeUrl(url: string, use: UrlUse = 'link'): boolean {
  return unsafeScheme(url, use) !== undefined;
}

/** `url` when it is safe to write into an `href` or `src`, else undefined. */
export function safeUrl(url: string | undefined, use: UrlUse = 'link'): string | undefined {
  return url === undefined || isUnsafeUrl(url, use) ? undefined : url;
}

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', nbsp: ' ' };

/** Character references decoded (twice, for `&amp;#106;` written into HTML), then every control and space removed. */
function normalize(url: string): string {
  let text = url;
  for (let round = 0; round < 2 && text.includes('&'); round++) {
    text = text.replace(/&(?:#(x[\da-f]+|\d+)|([a-z]+));?/gi, (whole, code: string | undefined, name: string | undefined) => {
      if (code !== undefined) {
        const point = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10);
        return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '';
      }
      const lower = name!.toLowerCase();
      return lower === 'amp' ? '&' : (NAMED[lower] ?? whole);
    });
  }
  return text.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '');
}

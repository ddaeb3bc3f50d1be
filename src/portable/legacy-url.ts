/**
 * Node's legacy `url.parse(url, true, true)` and `url.format(object)`, as `@readme/httpsnippet`
 * calls them, for the browser's copy of httpsnippet (src/client/samples.mts, where scripts/client.mjs
 * points its `import … from 'url'` here). The browser has no such module and its `URL` escapes
 * another set of characters, so this follows Node's own lib/url.js step by step (Node's licence,
 * MIT): trimming, backslashes before the query, auth, host and port, the host cut at its first
 * character no host holds, "autoEscape" of the path, query and hash. Only what httpsnippet reads
 * is kept; test/portable/legacy-url.test.ts compares both with Node's on a few hundred URLs.
 */

export interface LegacyUrl {
  protocol: string | null;
  slashes: boolean | null;
  auth: string | null;
  host: string | null;
  port: string | null;
  hostname: string | null;
  hash: string | null;
  search: string | null;
  query: Record<string, string | string[]> | string | null;
  pathname: string | null;
  path: string | null;
  href: string;
}

const SLASHED = new Set(['http', 'http:', 'https', 'https:', 'ftp', 'ftp:', 'gopher', 'gopher:', 'file', 'file:', 'ws', 'ws:', 'wss', 'wss:']);
const HOSTLESS = new Set(['javascript', 'javascript:']);
const UNSAFE = new Set(['javascript', 'javascript:']);
/** Characters the path, query and hash get escaped (RFC 2396's delimiters and unwise characters, and `'`). */
const AUTO_ESCAPE: Record<string, string> = {
  '\t': '%09',
  '\n': '%0A',
  '\r': '%0D',
  ' ': '%20',
  '"': '%22',
  "'": '%27',
  '<': '%3C',
  '>': '%3E',
  '\\': '%5C',
  '^': '%5E',
  '`': '%60',
  '{': '%7B',
  '|': '%7C',
  '}': '%7D',
};
/** Characters no host holds (RFC 2396): the host ends before the first, unless an `@` comes later. */
const NON_HOST = new Set([' ', '"', '%', "'", ';', '<', '>', '\\', '^', '`', '{', '|', '}']);

/** `querystring.parse`: `+` is a space, repeated keys make a list. */
function parseQuery(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  if (text === '') return query;
  const decode = (part: string): string => {
    const spaced = part.replace(/\+/g, ' ');
    try {
      return decodeURIComponent(spaced);
    } catch {
      return spaced.replace(/%([0-9a-f]{2})/gi, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
  };
  for (const piece of text.split('&')) {
    const at = piece.indexOf('=');
    const key = decode(at < 0 ? piece : piece.slice(0, at));
    const value = at < 0 ? '' : decode(piece.slice(at + 1));
    const before = query[key];
    query[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return query;
}

/** `querystring.stringify`: its escape keeps what `encodeURIComponent` keeps. */
function stringifyQuery(query: Record<string, unknown>): string {
  return Object.keys(query)
    .flatMap((key) => {
      const value = query[key];
      const text = (item: unknown): string => (typeof item === 'string' || typeof item === 'number' || typeof item === 'bigint' || typeof item === 'boolean' ? String(item) : '');
      const name = encodeURIComponent(key);
      return Array.isArray(value) ? value.map((item) => `${name}=${encodeURIComponent(text(item))}`) : [`${name}=${encodeURIComponent(text(value))}`];
    })
    .join('&');
}

function autoEscape(text: string): string {
  return text.replace(/[\t\n\r "'<>\\^`{|}]/g, (char) => AUTO_ESCAPE[char]!);
}

/** The host in IDNA form, as Node's `toASCII` writes it (an ASCII host stays as it is). */
function toAscii(hostname: string): string {
  if (/^[\x00-\x7f]*$/.test(hostname)) return hostname;
  try {
    // Node and browsers both have WHATWG's URL, whose host parser is the one Node's `toASCII` runs; portable code has no type for it.
    const Url = (globalThis as unknown as { URL: new (input: string) => { hostname: string } }).URL;
    return new Url(`http://${hostname}/`).hostname;
  } catch {
    return '';
  }
}

export function parse(input: string, parseQueryString = false, slashesDenoteHost = false): LegacyUrl {
  const url: LegacyUrl = {
    protocol: null,
    slashes: null,
    auth: null,
    host: null,
    port: null,
    hostname: null,
    hash: null,
    search: null,
    query: null,
    pathname: null,
    path: null,
    href: '',
  };
  // Trimmed; backslashes before the query or hash read as slashes.
  let rest = input.replace(/^[\0-\x20\u00a0\ufeff]+|[\0-\x20\u00a0\ufeff]+$/g, '');
  const split = rest.search(/[?#]/);
  rest = split < 0 ? rest.replace(/\\/g, '/') : rest.slice(0, split).replace(/\\/g, '/') + rest.slice(split);

  let lowerProto: string | undefined;
  const proto = /^[a-z0-9.+-]+:/i.exec(rest)?.[0];
  if (proto !== undefined) {
    lowerProto = proto.toLowerCase();
    url.protocol = lowerProto;
    rest = rest.slice(proto.length);
  }
  let slashes = false;
  if (slashesDenoteHost || proto !== undefined || /^\/\/[^@/]+@[^@/]+/.test(rest)) {
    slashes = rest.startsWith('//');
    if (slashes && !(lowerProto !== undefined && HOSTLESS.has(lowerProto))) {
      rest = rest.slice(2);
      url.slashes = true;
    }
  }

  if (!(lowerProto !== undefined && HOSTLESS.has(lowerProto)) && (slashes || (proto !== undefined && !SLASHED.has(proto)))) {
    let hostEnd = -1;
    let atSign = -1;
    let nonHost = -1;
    for (let i = 0; i < rest.length; ++i) {
      const char = rest[i]!;
      if (char === '\t' || char === '\n' || char === '\r') {
        rest = rest.slice(0, i) + rest.slice(i + 1);
        i -= 1;
      } else if (NON_HOST.has(char)) {
        if (nonHost === -1) nonHost = i;
      } else if (char === '#' || char === '/' || char === '?') {
        if (nonHost === -1) nonHost = i;
        hostEnd = i;
      } else if (char === '@') {
        atSign = i;
        nonHost = -1;
      }
      if (hostEnd !== -1) break;
    }
    let start = 0;
    if (atSign !== -1) {
      url.auth = decodeURIComponent(rest.slice(0, atSign));
      start = atSign + 1;
    }
    if (nonHost === -1) {
      url.host = rest.slice(start);
      rest = '';
    } else {
      url.host = rest.slice(start, nonHost);
      rest = rest.slice(nonHost);
    }
    // The port.
    let host = url.host;
    const port = /:[0-9]*$/.exec(host)?.[0];
    if (port !== undefined) {
      if (port !== ':') url.port = port.slice(1);
      host = host.slice(0, host.length - port.length);
    }
    url.hostname = host === '' ? '' : host;
    const ipv6 = url.hostname.startsWith('[') && url.hostname.endsWith(']');
    if (!ipv6) {
      // A `/`, `\`, `#`, `?` or `:` left in the host starts the path.
      const cut = url.hostname.search(/[/\\#?:]/);
      if (cut >= 0) {
        rest = `/${url.hostname.slice(cut)}${rest}`;
        url.hostname = url.hostname.slice(0, cut);
      }
    }
    url.hostname = url.hostname.length > 255 ? '' : url.hostname.toLowerCase();
    if (url.hostname !== '' && !ipv6) {
      url.hostname = toAscii(url.hostname);
      if (url.hostname === '' || /[\0\t\n\r #%/:<>?@[\\\]^|]/.test(url.hostname)) throw new TypeError(`Invalid URL: ${input}`);
    }
    url.host = url.hostname + (url.port ? `:${url.port}` : '');
    if (ipv6) {
      url.hostname = url.hostname.slice(1, -1);
      if (rest[0] !== '/') rest = `/${rest}`;
    }
  }

  if (!(lowerProto !== undefined && UNSAFE.has(lowerProto))) rest = autoEscape(rest);

  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) url.hash = rest.slice(hashAt);
  const beforeHash = hashAt >= 0 ? rest.slice(0, hashAt) : rest;
  const questionAt = beforeHash.indexOf('?');
  if (questionAt >= 0) {
    url.search = beforeHash.slice(questionAt);
    const query = beforeHash.slice(questionAt + 1);
    url.query = parseQueryString ? parseQuery(query) : query;
  } else if (parseQueryString) {
    url.search = null;
    url.query = Object.create(null) as Record<string, string>;
  }
  const firstAt = questionAt >= 0 ? questionAt : hashAt;
  if (firstAt === -1) {
    if (rest.length > 0) url.pathname = rest;
  } else if (firstAt > 0) {
    url.pathname = rest.slice(0, firstAt);
  }
  if (lowerProto !== undefined && SLASHED.has(lowerProto) && url.hostname && !url.pathname) url.pathname = '/';
  if (url.pathname || url.search) url.path = (url.pathname ?? '') + (url.search ?? '');
  url.href = format(url);
  return url;
}

/** `url.format` of a parsed (or spread and changed) URL object. */
export function format(url: Partial<LegacyUrl>): string {
  let auth = url.auth || '';
  if (auth) auth = `${encodeURIComponent(auth).replace(/%(21|24|26|27|28|29|2A|2B|2C|3A|3B|3D)/g, (whole) => decodeURIComponent(whole))}@`;
  let protocol = url.protocol || '';
  let pathname = url.pathname || '';
  let hash = url.hash || '';
  let host = '';
  if (url.host) host = auth + url.host;
  else if (url.hostname) {
    host = auth + (url.hostname.includes(':') && !(url.hostname.startsWith('[') && url.hostname.endsWith(']')) ? `[${url.hostname}]` : url.hostname);
    if (url.port) host += `:${url.port}`;
  }
  const query = url.query !== null && typeof url.query === 'object' ? stringifyQuery(url.query) : '';
  let search = url.search || (query && `?${query}`) || '';
  if (protocol && !protocol.endsWith(':')) protocol += ':';
  pathname = pathname.replace(/[#?]/g, (char) => (char === '#' ? '%23' : '%3F'));
  if (url.slashes || SLASHED.has(protocol)) {
    if (url.slashes || host) {
      if (pathname && !pathname.startsWith('/')) pathname = `/${pathname}`;
      host = `//${host}`;
    } else if (protocol.startsWith('file')) {
      host = '//';
    }
  }
  search = search.replace(/#/g, '%23');
  if (hash && !hash.startsWith('#')) hash = `#${hash}`;
  if (search && !search.startsWith('?')) search = `?${search}`;
  return protocol + host + pathname + search + hash;
}

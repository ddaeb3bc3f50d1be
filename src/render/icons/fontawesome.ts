/**
 * Font Awesome Free (v7) icons by the names the format writes (`rocket`, `arrow-right`, `home`).
 *
 * Each package ships one CommonJS file per icon (`faRocket.js`) beside a 1 MB index. Reading the
 * one file a name needs costs about 20–40 µs, where loading the indexes costs 50–100 ms; so names
 * are looked up file by file, and the index is loaded only to suggest names after a miss.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ICON_NAME, packageDir, requireHere } from './package-dir.ts';
import { svgElement, type IconSource } from './svg.ts';

/** The free packages draw every icon as one path (duotone pairs are Pro). */
interface Glyph {
  width: number;
  height: number;
  path: string;
}

/** Where FA's per-icon files put their data (`var width = 512;`); the test over every name keeps this honest. */
const FIELD = {
  iconName: /\bvar iconName = '([^']*)'/,
  width: /\bvar width = (\d+)/,
  height: /\bvar height = (\d+)/,
  aliases: /\bvar aliases = \[([^\]]*)\]/,
  path: /\bvar svgPathData = '([^']*)'/,
  source: /\brequire\('\.\/(fa\w+)'\)/,
};

class FontAwesomePackage {
  #dirFound: string | undefined | null = null;
  #files: Map<string, string[]> | undefined;
  #names: string[] | undefined;

  constructor(readonly packageName: string) {}

  /** The glyph from its own file: `arrow-right` → `faArrowRight.js`; undefined when there is none. */
  fromFile(name: string): Glyph | undefined {
    return this.#readFile(`fa${toPascalCase(name)}`, name);
  }

  get #dir(): string | undefined {
    if (this.#dirFound === null) this.#dirFound = packageDir(this.packageName);
    return this.#dirFound;
  }

  /**
   * The glyph from a file named otherwise. A few aliases have no file of their own, because theirs
   * would differ from another only in case (`paint-brush` → `faPaintBrush.js` against
   * `faPaintbrush.js`, whose aliases list it): files are matched ignoring case and dashes.
   */
  fromListing(name: string): Glyph | undefined {
    if (this.#files === undefined) {
      this.#files = new Map();
      let entries: string[] = [];
      try {
        entries = readdirSync(this.#dir ?? '');
      } catch {}
      for (const entry of entries) {
        if (!entry.endsWith('.js') || !entry.startsWith('fa')) continue;
        const file = entry.slice(0, -3);
        const key = file.toLowerCase();
        this.#files.set(key, [...(this.#files.get(key) ?? []), file]);
      }
    }
    for (const file of this.#files.get(`fa${name.replaceAll('-', '')}`) ?? []) {
      const glyph = this.#readFile(file, name);
      if (glyph !== undefined) return glyph;
    }
    return undefined;
  }

  #readFile(file: string, name: string): Glyph | undefined {
    const dir = this.#dir;
    if (dir === undefined) return undefined;
    let text: string;
    try {
      text = readFileSync(path.join(dir, `${file}.js`), 'utf8');
    } catch {
      return undefined;
    }
    // An alias file (`faHome.js`) only re-exports its icon's file (`faHouse.js`).
    const source = FIELD.source.exec(text);
    if (source !== null) return source[1] === file ? undefined : this.#readFile(source[1]!, name);
    const iconName = FIELD.iconName.exec(text)?.[1];
    const aliases = [...(FIELD.aliases.exec(text)?.[1] ?? '').matchAll(/"([^"]*)"/g)].map((match) => match[1]);
    const width = Number(FIELD.width.exec(text)?.[1]);
    const height = Number(FIELD.height.exec(text)?.[1]);
    const data = FIELD.path.exec(text)?.[1];
    // On a case-insensitive disk `arrowright` opens `faArrowRight.js`: only the icon's own names count.
    if (iconName !== name && !aliases.includes(name)) return undefined;
    if (!(width > 0 && height > 0) || data === undefined) return undefined;
    return { width, height, path: data };
  }

  /** Every name and alias of the package, from its index (loaded once, 10–30 ms). */
  names(): string[] {
    if (this.#names !== undefined) return this.#names;
    const names = new Set<string>();
    let exports: Record<string, unknown> = {};
    try {
      exports = requireHere(this.packageName) as Record<string, unknown>;
    } catch {}
    for (const value of Object.values(exports)) {
      const definition = value as { iconName?: unknown; icon?: unknown } | null;
      if (typeof definition?.iconName !== 'string' || !Array.isArray(definition.icon)) continue;
      names.add(definition.iconName);
      for (const alias of definition.icon[2] as unknown[]) if (typeof alias === 'string') names.add(alias);
    }
    this.#names = [...names];
    return this.#names;
  }
}

const SOLID = new FontAwesomePackage('@fortawesome/free-solid-svg-icons');
const REGULAR = new FontAwesomePackage('@fortawesome/free-regular-svg-icons');
const BRANDS = new FontAwesomePackage('@fortawesome/free-brands-svg-icons');

/**
 * Packages to try, best first. The free packages hold solid, regular and brands only; light, thin,
 * duotone and the sharp styles are Pro, so they get the solid glyph (same shape, heavier weight).
 * A brand needs no `iconType="brands"`: `github` is not in solid, so it is found in brands.
 */
function packagesFor(style: string | undefined): FontAwesomePackage[] {
  if (style === 'regular') return [REGULAR, SOLID, BRANDS];
  if (style === 'brands') return [BRANDS, SOLID, REGULAR];
  return [SOLID, BRANDS, REGULAR];
}

let allNames: string[] | undefined;

export const fontAwesome: IconSource = {
  svg(name, style) {
    if (!ICON_NAME.test(name)) return undefined;
    const packages = packagesFor(style);
    for (const pack of packages) {
      const glyph = pack.fromFile(name);
      if (glyph !== undefined) return toSvg(glyph);
    }
    for (const pack of packages) {
      const glyph = pack.fromListing(name);
      if (glyph !== undefined) return toSvg(glyph);
    }
    return undefined;
  },
  names() {
    allNames ??= [...new Set([SOLID, BRANDS, REGULAR].flatMap((pack) => pack.names()))];
    return allNames;
  },
};

function toSvg({ width, height, path: data }: Glyph): string {
  return svgElement(` viewBox="0 0 ${width} ${height}" fill="currentColor"`, `<path d="${data}"/>`);
}

/** `arrow-right` → `ArrowRight`, `0` → `0`: how FA names its per-icon files. */
function toPascalCase(name: string): string {
  return name.replace(/(?:^|-)([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

/**
 * Libraries shipped as one SVG file per icon: Lucide (`lucide-static/icons/rocket.svg`) and Tabler
 * (`@tabler/icons/icons/outline/rocket.svg`, `…/filled/rocket.svg`). A file is read the first time
 * its icon is used; the folder is listed only for "did you mean".
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ICON_NAME, packageDir } from './package-dir.ts';
import { inlineSvgFile, type IconSource } from './svg.ts';

/** An SVG folder of a package: its icons by file name, its names listed once. */
class SvgFolder {
  #dir: string | undefined | null = null;
  #names: string[] | undefined;

  constructor(
    readonly packageName: string,
    readonly folder: string,
  ) {}

  svg(name: string): string | undefined {
    if (this.#dir === null) this.#dir = packageDir(this.packageName);
    if (this.#dir === undefined || !ICON_NAME.test(name)) return undefined;
    try {
      return inlineSvgFile(readFileSync(path.join(this.#dir, this.folder, `${name}.svg`), 'utf8'));
    } catch {
      return undefined;
    }
  }

  names(): string[] {
    if (this.#names !== undefined) return this.#names;
    if (this.#dir === null) this.#dir = packageDir(this.packageName);
    try {
      this.#names = readdirSync(path.join(this.#dir ?? '', this.folder))
        .filter((file) => file.endsWith('.svg'))
        .map((file) => file.slice(0, -4));
    } catch {
      this.#names = [];
    }
    return this.#names;
  }
}

/** Lucide has one style; its folder also holds the old names (`home` for `house`). */
const LUCIDE = new SvgFolder('lucide-static', 'icons');

export const lucide: IconSource = {
  svg: (name) => LUCIDE.svg(name),
  names: () => LUCIDE.names(),
};

const TABLER_OUTLINE = new SvgFolder('@tabler/icons', 'icons/outline');
const TABLER_FILLED = new SvgFolder('@tabler/icons', 'icons/filled');

/**
 * Tabler draws most icons in outline and about a thousand also filled: `iconType="filled"` or the
 * name Tabler's webfont and React package use (`rocket-filled`) picks the filled one when there is
 * one, and the outline otherwise.
 */
export const tabler: IconSource = {
  svg(name, style) {
    const filled = style === 'filled' || name.endsWith('-filled');
    const base = name.endsWith('-filled') ? name.slice(0, -'-filled'.length) : name;
    for (const candidate of [base, spelledOut(base)]) {
      if (candidate === undefined) continue;
      const svg = (filled ? TABLER_FILLED.svg(candidate) : undefined) ?? TABLER_OUTLINE.svg(candidate);
      if (svg !== undefined) return svg;
    }
    return undefined;
  },
  names: () => TABLER_OUTLINE.names(),
};

/**
 * Numbered and lettered shapes as Font Awesome and Tabler 1 name them (`circle-1`, `square-k`),
 * spelt out as Tabler 2 names them (`circle-number-1`, `square-letter-k`).
 */
function spelledOut(name: string): string | undefined {
  const match = /^(circle|square)-(?:([0-9])|([a-z]))$/.exec(name);
  if (match === null) return undefined;
  return match[2] !== undefined ? `${match[1]}-number-${match[2]}` : `${match[1]}-letter-${match[3]}`;
}

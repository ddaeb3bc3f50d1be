/**
 * Tailwind's utility classes, which the hosted product makes available in every page
 * (format-behaviour.md, Custom CSS/JS): the CSS of exactly the classes a site uses, made by
 * Tailwind's own compiler (`@tailwindcss/node`), never by docjet.
 *
 * - Candidates are the class names the site writes: `class`/`className` attributes of its pages and
 *   snippets (string values, and the strings inside `{…}` expressions), every string of its
 *   components and scripts (`.jsx`, `.tsx`, `.js`), and, in `dev`, the classes of each rendered
 *   page. Tailwind keeps those that are utilities and drops the rest; docjet's own class names are
 *   none (only `sr-only`, which means the same in both).
 * - No preflight and no base styles: docjet's own stylesheet is not disturbed, and a site that uses
 *   no utility gets no CSS at all (`''`).
 * - Utilities are `!important`, in Tailwind's `utilities` layer: a class an author puts on an
 *   element wins over docjet's styling of that element (`.prose img`, `.prose p` margins), as on the
 *   hosted product, where utilities are the only styling of the content.
 * - `dark:` follows the `dark` class on `<html>` (src/render/theme.ts), so the theme toggle and the
 *   OS setting both switch it; `primary` (`primary-light`, `primary-dark`, `background-light`,
 *   `background-dark`) are the site's `colors` and `background.color`, as the hosted product names them.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/schema.ts';
import { PACKAGE_ROOT } from '../shared/package-root.ts';

/** Components and scripts larger than this are libraries, not a site's own code: not read for classes. */
const LARGEST_CODE = 1_000_000;
/** Longest class name taken as a candidate; anything longer is not a class an author wrote. */
const LONGEST = 200;
/** Candidates kept per site at most, so a stray minified bundle cannot make the compile slow. */
const MOST = 50_000;
const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/** A class attribute: its string value, or the strings of its `{…}` expression (one level of nested braces). */
const CLASS_ATTRIBUTE = /\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)'|\{((?:[^{}]|\{[^{}]*\})*)\})/g;
const STRING = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
const TOKEN = /^[^\s"'`<>{};\\]+$/;

/** The kinds of file candidates are read from: page markup (attributes only: prose words are not classes), code (every string), HTML (attributes). */
export type CandidateSource = 'markup' | 'code';

/** Adds the class-name candidates of a file's text to `into`. */
export function addCandidates(text: string, kind: CandidateSource, into: Set<string>): void {
  if (into.size >= MOST || !/class|["'`]/.test(text)) return;
  if (kind === 'code') {
    addStrings(text, into);
    return;
  }
  for (const match of text.matchAll(CLASS_ATTRIBUTE)) {
    if (match[3] === undefined) addTokens(match[1] ?? match[2]!, into);
    else addStrings(match[3], into);
  }
}

/** The tokens of every string literal in code; a template's text, and the strings of its `${…}` parts. */
function addStrings(code: string, into: Set<string>): void {
  for (const match of code.matchAll(STRING)) {
    if (match[3] === undefined) {
      addTokens(match[1] ?? match[2]!, into);
      continue;
    }
    const parts = match[3].split(/\$\{([^}]*)\}/);
    parts.forEach((part, index) => (index % 2 === 0 ? addTokens(part, into) : addStrings(part, into)));
  }
}

/** The file kind a site file's candidates are read as, or undefined for files that hold none. */
export function candidateSource(file: string): CandidateSource | undefined {
  if (/\.(?:mdx|md|html?)$/i.test(file)) return 'markup';
  if (/\.(?:jsx|tsx|js|mjs|ts)$/i.test(file)) return 'code';
  return undefined;
}

/** Adds the candidates of the site's components and scripts (`assets`: site-relative paths from the scan, inside `root`). */
export async function addFileCandidates(root: string, assets: readonly string[], into: Set<string>): Promise<void> {
  for (const file of assets) {
    const kind = candidateSource(file);
    if (kind === undefined || /\.(?:mdx|md)$/i.test(file)) continue;
    const full = path.join(root, file);
    const size = await stat(full).then(
      (info) => (info.isFile() ? info.size : Infinity),
      () => Infinity,
    );
    if (size > LARGEST_CODE) continue;
    const text = await readFile(full, 'utf8').catch(() => '');
    addCandidates(text, kind, into);
  }
}

function addTokens(value: string, into: Set<string>): void {
  for (const token of value.split(/\s+/)) {
    if (token === '' || token.length > LONGEST || !TOKEN.test(token)) continue;
    if (into.size >= MOST) return;
    into.add(token);
  }
}

/** The stylesheet Tailwind compiles from: its theme and utilities only (no preflight), `dark:` on the `dark` class, the site's colours. */
export function utilityInput(config: Config): string {
  const colours: string[] = [];
  const colour = (name: string, value: string | undefined): void => {
    if (value !== undefined && HEX.test(value)) colours.push(`--color-${name}: ${value};`);
  };
  colour('primary', config.colors?.primary);
  colour('primary-light', config.colors?.light);
  colour('primary-dark', config.colors?.dark);
  colour('background-light', config.background?.color?.light);
  colour('background-dark', config.background?.color?.dark);
  return (
    '@layer theme, base, components, utilities;\n' +
    '@import "tailwindcss/theme.css" layer(theme);\n' +
    '@import "tailwindcss/utilities.css" layer(utilities) important;\n' +
    '@custom-variant dark (&:where(.dark, .dark *));\n' +
    (colours.length > 0 ? `@theme inline { ${colours.join(' ')} }\n` : '')
  );
}

/** The CSS of recent sets of classes, by input and set. */
const results = new Map<string, Promise<string>>();
const RESULTS_KEPT = 16;

/**
 * The minified CSS of the utilities among `candidates`, `''` when there is none. Compiled once per
 * set of classes (and site colours): the same set asks Tailwind nothing again. Each set gets a
 * compiler of its own: a Tailwind compiler remembers every class it was given, and the CSS of one
 * site (or of one moment of `dev`) must not hold another's.
 */
export function utilityCss(candidates: Iterable<string>, config: Config): Promise<string> {
  const input = utilityInput(config);
  const sorted = [...new Set(candidates)].sort();
  const key = `${input}\n${sorted.join(' ')}`;
  let result = results.get(key);
  if (!result) {
    result = compileUtilities(input, sorted);
    results.set(key, result);
    result.catch(() => results.delete(key));
    if (results.size > RESULTS_KEPT) results.delete(results.keys().next().value!);
  }
  return result;
}

async function compileUtilities(input: string, candidates: string[]): Promise<string> {
  if (candidates.length === 0) return '';
  const tailwind = await import('@tailwindcss/node');
  const compiler = await tailwind.compile(input, { base: PACKAGE_ROOT, onDependency: () => {} });
  // Without a utility, Tailwind still writes its header and empty layers: that is no CSS.
  if (!compiler.build(candidates).includes('@layer utilities {')) return '';
  return tailwind.optimize(compiler.build([]), { minify: true }).code;
}

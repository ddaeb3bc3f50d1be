/**
 * Files docs.json shows on every page: `logo`, `favicon` and `background.image` (each a path, or
 * `light`/`dark` paths). One that is not a file of the site (missing, or kept out by `.mintignore`)
 * would be a broken image on every page: a warning at its line, with the closest file's name.
 * Addresses that leave the site (`https:`, `//cdn…`, `data:`) are not checked.
 */
import { isObject } from '../../config/load.ts';
import { closestMatch } from '../../shared/suggest.ts';
import type { Rule } from './context.ts';

/** The settings, by where they are written; each a path, or `{ light, dark }` paths. */
const SETTINGS: [string, ...string[]][] = [['logo'], ['favicon'], ['background', 'image']];

export const siteFiles: Rule = {
  name: 'file-missing',
  create: (context) => ({
    finish() {
      const config = context.config;
      if (!isObject(config) || context.assets === undefined) return;
      const assets = context.assets;
      for (const path of SETTINGS) {
        const value = valueAt(config, path);
        const written: [string, (string | number)[]][] = [];
        if (typeof value === 'string') written.push([value, path]);
        else if (isObject(value)) for (const mode of ['light', 'dark']) if (typeof value[mode] === 'string') written.push([value[mode] as string, [...path, mode]]);
        for (const [file, at] of written) {
          const sitePath = siteFilePath(file);
          if (sitePath === undefined || assets.has(sitePath)) continue;
          const extension = /\.[^./]+$/.exec(sitePath)?.[0] ?? '';
          const suggestion = closestMatch(
            sitePath,
            [...assets].filter((asset) => asset.endsWith(extension)),
            { maxRatio: 0.4 },
          );
          context.report('file-missing', at, { setting: at.join('.'), file, suggestion: suggestion && `/${suggestion}` });
        }
      }
    },
  }),
};

/** `images/logo.svg` for `/images/logo.svg` or `./images/logo.svg`; undefined for an address that leaves the site, or none. */
export function siteFilePath(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '' || /^(?:[a-z][a-z\d+.-]*:|\/\/|#)/i.test(trimmed)) return undefined;
  const path = trimmed.replace(/[?#].*$/, '').replace(/^(?:\.\/|\/)+/, '');
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function valueAt(value: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

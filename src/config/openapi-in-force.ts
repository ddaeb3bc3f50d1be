/**
 * Which OpenAPI files apply where in the navigation: an element's own `openapi`, else the nearest
 * ancestor's, else `api.openapi` (spec, "openapi property": inheritance). Worked out here once, for
 * the rules (which see the config as written) and the site resolver (which sees it validated).
 */
import { isObject } from './load.ts';
import type { JsonPath } from './json-source.ts';
import { NAVIGATION, type ElementKind } from './navigation.ts';

export interface OpenApiSource {
  /** As written: a path relative to the site root, or a URL. */
  source: string;
  directory: string | undefined;
  remote: boolean;
}

export interface OpenApiInForce {
  sources: OpenApiSource[];
  /** Where the `openapi` was written (`['api', 'openapi']` for the site-wide one). */
  path: JsonPath;
}

/** Reads an `openapi` setting (string, {source, directory}, or a list of either); ignores bad shapes. */
export function normalizeOpenApi(value: unknown): OpenApiSource[] | undefined {
  const one = (item: unknown): OpenApiSource | undefined => {
    if (typeof item === 'string' && item.trim()) return toSource(item.trim(), undefined);
    if (isObject(item) && typeof item.source === 'string' && item.source.trim()) {
      return toSource(item.source.trim(), typeof item.directory === 'string' ? item.directory : undefined);
    }
    return undefined;
  };
  if (Array.isArray(value)) {
    const sources = value.map(one).filter((source): source is OpenApiSource => source !== undefined);
    return sources.length > 0 ? sources : undefined;
  }
  const single = one(value);
  return single ? [single] : undefined;
}

function toSource(source: string, directory: string | undefined): OpenApiSource {
  const remote = /^https?:\/\//i.test(source);
  return { source: remote ? source : normalizeSitePath(source), directory, remote };
}

/** `/a/b.json`, `./a/b.json` → `a/b.json`. */
export function normalizeSitePath(value: string): string {
  return value
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '')
    .split('/')
    .filter((segment, index, all) => segment !== '.' && !(segment === '' && index < all.length - 1))
    .join('/');
}

/** `api.openapi`: in force at the root of the navigation, for endpoint references only. */
export function siteOpenApi(config: unknown): OpenApiInForce | undefined {
  const sources = isObject(config) && isObject(config.api) ? normalizeOpenApi(config.api.openapi) : undefined;
  return sources ? { sources, path: ['api', 'openapi'] } : undefined;
}

/** The `openapi` in force at an element written at `path`, given the one in force above it. */
export function inheritOpenApi(kind: ElementKind, value: { openapi?: unknown }, path: JsonPath, above: OpenApiInForce | undefined): OpenApiInForce | undefined {
  const own = NAVIGATION[kind].openapi ? normalizeOpenApi(value.openapi) : undefined;
  return own ? { sources: own, path: [...path, 'openapi'] } : above;
}

/** The element at `path` wrote the `openapi` in force itself (rather than inheriting it). */
export function ownsOpenApi(inForce: OpenApiInForce | undefined, path: JsonPath): inForce is OpenApiInForce {
  return inForce !== undefined && inForce.path.length === path.length + 1 && path.every((part, index) => inForce.path[index] === part);
}

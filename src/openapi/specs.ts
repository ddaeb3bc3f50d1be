/**
 * The OpenAPI files a config names (elements' `openapi`, `api.openapi`, `spec.yaml GET /x` entries),
 * each loaded once: the rules check them, the site resolver generates pages from them. A URL is
 * fetched (or taken from the cache) once per run, however many elements name it.
 */
import type { Diagnostic } from '../shared/diagnostics.ts';
import { isRemoteSpec } from './fetch-spec.ts';
import { loadOpenApi, type OpenApiDocument, type UnreadSpec } from './load.ts';
import { parseEndpointReference } from './reference.ts';
import { loadRemoteOpenApi, type RemoteOptions, type RemoteResult } from './remote.ts';
import { normalizeSitePath, ownsOpenApi, siteOpenApi } from '../config/openapi-in-force.ts';
import { walkNavigation } from '../config/walk.ts';

export interface LoadedSpec {
  document: OpenApiDocument | undefined;
  /** Problems of the file itself (missing, syntax); reported by the openapi rule where it is named. */
  diagnostics: Diagnostic[];
  /** Why nothing was read, when so: the openapi rule says it where docs.json names the file. */
  unread?: UnreadSpec | undefined;
  /** A remote spec read from the cache instead of fetched: when that copy was fetched, and why. */
  note?: string | undefined;
}

/** Loaded specs by normalized source path, or URL. */
export type LoadedSpecs = ReadonlyMap<string, LoadedSpec>;

/** The key of a spec as an endpoint reference names it: a URL as written, a path normalized. */
export function specKey(spec: string): string {
  return isRemoteSpec(spec) ? spec : normalizeSitePath(spec);
}

/** Every OpenAPI file and URL the config names, loaded once each. */
export async function loadSpecs({ root, config, remote = {} }: { root: string; config: unknown; remote?: RemoteOptions }): Promise<Map<string, LoadedSpec>> {
  const sources = new Set<string>();
  for (const source of siteOpenApi(config)?.sources ?? []) sources.add(source.source);
  walkNavigation(config, [
    {
      element: (node) => {
        if (!ownsOpenApi(node.openapi, node.path)) return;
        for (const source of node.openapi.sources) sources.add(source.source);
      },
      page: ({ entry }) => {
        const spec = parseEndpointReference(entry)?.spec;
        if (spec) sources.add(specKey(spec));
      },
    },
  ]);
  // In the order docs.json names them, whichever loads first.
  const loaded = await Promise.all(
    [...sources].map((file): Promise<RemoteResult> => (isRemoteSpec(file) ? loadRemoteOpenApi({ root, url: file, ...remote }) : loadOpenApi({ root, file }))),
  );
  return new Map(
    [...sources].map((file, index) => {
      const { document, diagnostics, unread, note } = loaded[index]!;
      return [file, { document, diagnostics, unread, note }];
    }),
  );
}

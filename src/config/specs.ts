/**
 * The OpenAPI files a config names (elements' `openapi`, `api.openapi`, `spec.yaml GET /x` entries),
 * each loaded once: the rules check them, the site resolver generates pages from them.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { loadOpenApi, type OpenApiDocument, type UnreadSpec } from '../openapi/load.ts';
import { parseEndpointReference } from '../openapi/reference.ts';
import { normalizeSitePath, ownsOpenApi, siteOpenApi } from './openapi-in-force.ts';
import { walkNavigation } from './walk.ts';

export interface LoadedSpec {
  document: OpenApiDocument | undefined;
  /** Problems of the file itself (missing, syntax); reported by the openapi rule where it is named. */
  diagnostics: Diagnostic[];
  /** Why nothing was read, when so: the openapi rule says it where docs.json names the file. */
  unread?: UnreadSpec | undefined;
}

/** Loaded specs by normalized source path. */
export type LoadedSpecs = ReadonlyMap<string, LoadedSpec>;

/** Every local OpenAPI file the config names, loaded once each. */
export async function loadSpecs(root: string, config: unknown): Promise<Map<string, LoadedSpec>> {
  const sources = new Set<string>();
  for (const source of siteOpenApi(config)?.sources ?? []) if (!source.remote) sources.add(source.source);
  walkNavigation(config, [
    {
      element: (node) => {
        if (!ownsOpenApi(node.openapi, node.path)) return;
        for (const source of node.openapi.sources) if (!source.remote) sources.add(source.source);
      },
      page: ({ entry }) => {
        const spec = parseEndpointReference(entry)?.spec;
        if (spec && !/^https?:\/\//i.test(spec)) sources.add(normalizeSitePath(spec));
      },
    },
  ]);
  const specs = new Map<string, LoadedSpec>();
  await Promise.all(
    [...sources].map(async (file) => {
      const loaded = await loadOpenApi({ root, file });
      specs.set(file, { document: loaded.document, diagnostics: loaded.diagnostics, unread: loaded.unread });
    }),
  );
  return specs;
}

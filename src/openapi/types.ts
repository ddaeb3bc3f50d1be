/** The index of an OpenAPI document that navigation, validation and routing need (not a full model). */

export interface OpenApiDocument {
  /** Site-relative, `/`-separated path of the spec, as used in diagnostics. */
  file: string;
  /** The `openapi` or `swagger` field: `'2.0'`, `'3.0.3'`, `'3.1.0'`… */
  version: string;
  /** `info.title`. */
  title?: string;
  /** Operations in document order: every `paths` entry, then `webhooks`, then `x-webhooks`. */
  operations: Operation[];
  /** The top-level `tags` list, in document order. */
  tags: OpenApiTag[];
  /**
   * The parsed document. `$ref`s inside it are left as written; those to other files of the site
   * were bundled in on load (openapi/bundle.ts), so they point into the document. Shared between
   * callers: do not mutate.
   */
  raw: unknown;
  /**
   * Site-relative paths of the files the document was made from, the spec first, when `$ref`s
   * brought in others (absent: the spec alone). A change to any of them changes the document.
   */
  files?: readonly string[];
}

export interface OpenApiTag {
  name: string;
  description?: string;
  /**
   * Label for the tag's navigation group, when it differs from `name`: `x-group`, else
   * `x-displayName`, else the OpenAPI 3.2 tag `summary`. Never used in URLs, which take the name.
   */
  displayName?: string;
}

export interface Operation {
  kind: 'operation' | 'webhook';
  /** Upper-case HTTP method (`GET`, `POST`…); for a webhook, the method of its path item operation. */
  method: string;
  /** `/pets/{petId}` for an operation; the webhook's name for a webhook. */
  path: string;
  summary?: string;
  description?: string;
  operationId?: string;
  tags: string[];
  deprecated: boolean;
  /** `x-hidden: true`: the page is generated but left out of the navigation. */
  hidden: boolean;
  /** `x-excluded: true`: no page at all. */
  excluded: boolean;
  /** `x-mint.href`: overrides the whole URL of the page. */
  href?: string;
  /** `x-mint.metadata`: frontmatter of the generated page, over what the operation gives (`openapi` aside). */
  metadata?: Record<string, unknown>;
  /** `x-mint.content`: MDX shown above the generated reference. */
  content?: string;
  /**
   * JSON pointer (`#/paths/~1pets/get`) to the operation object inside `raw`, after following an
   * internal path item `$ref`, so the page renderer can find the full operation.
   */
  pointer: string;
}

/** A docs.json navigation entry (or MDX `openapi:` frontmatter value) naming one endpoint. */
export interface EndpointReference {
  /** Spec file named before the method: `openapi.yaml GET /pets`. */
  spec?: string;
  kind: 'operation' | 'webhook';
  /** Upper-case method; absent for webhooks. */
  method?: string;
  /** `/pets` for an operation, the webhook's name for a webhook. */
  path: string;
}

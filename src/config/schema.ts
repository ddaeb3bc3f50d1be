/**
 * The docs.json schema: the single source of truth for the config's types (`UserConfig`, `Config`)
 * and for the JSON Schema shipped to editors (`schema/docs.schema.json`).
 *
 * Objects are strict: a key the schema does not know is reported (as a warning, with "did you mean")
 * instead of being dropped silently, which is what the reference product does. Navigation rules that
 * need a friendlier message than a schema can give (one primary pattern, one kind of child, menu
 * contents, hrefs, languages, versions, defaults) live in `rules/`, not here.
 *
 * Spec: ../shared/spec/docs-json-navigation.md. Other top-level keys: reference/format-behaviour.md §1.
 */
import { z } from 'zod';
import type { UrlUse } from '../shared/safe-url.ts';

/** Marks unknown keys so the error mapper can offer the closest known key. */
export const UNKNOWN_KEY_PREFIX = 'docjet-known-keys:';

function strict<T extends z.core.$ZodLooseShape>(shape: T) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `${UNKNOWN_KEY_PREFIX}${known.join(',')}` : undefined),
  });
}

const nonEmpty = z.string().trim().min(1);

/**
 * Which strings of the config are URLs, and how they are used: `link` (followed when clicked) or
 * `image` (shown as a logo, favicon or background) or `asset` (a font file). Rule 5 (`rules/href-scheme.ts`) walks the
 * config along the schema and checks every value marked here, so a URL field added to the schema
 * with `linkUrl()`/`imageUrl()` is checked without touching the rule.
 */
export const urlFields = z.registry<{ use: UrlUse }>();
// A new schema per use: one instance shared by many keys would become a `$defs` entry of the JSON Schema.
const linkUrl = () => z.string().register(urlFields, { use: 'link' });
const imageUrl = () => z.string().register(urlFields, { use: 'image' });
const assetUrl = () => z.string().register(urlFields, { use: 'asset' });
const hexColor = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a hex color such as "#0D9373"');

export const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'] as const;
export const ICON_LIBRARIES = ['fontawesome', 'lucide', 'tabler'] as const;

export const iconSchema = z.union([
  z.string(),
  strict({
    name: z.string(),
    style: z.string().optional(),
    library: z.enum(ICON_LIBRARIES).optional(),
  }),
]);

const lightDark = strict({ light: hexColor.optional(), dark: hexColor.optional() });

const openapiSource = strict({
  source: nonEmpty,
  directory: z.string().optional(),
  overlays: z.array(z.string()).optional(),
});
export const openapiSchema = z.union([nonEmpty, openapiSource, z.array(z.union([nonEmpty, openapiSource]))]);
const asyncapiSchema = z.union([
  nonEmpty,
  strict({ source: nonEmpty, directory: z.string().optional() }),
  z.array(z.union([nonEmpty, strict({ source: nonEmpty, directory: z.string().optional() })])),
]);

/**
 * The page's contextual menu (format-behaviour.md §1.5), also a page's `contextual` frontmatter:
 * built-in options by name (`rules/contextual.ts` warns about those docjet cannot offer), and the
 * site's own entries, whose `href` may carry `$page`, `$path` and `$mcp` in its query values.
 */
export const contextualSchema = strict({
  options: z.array(
    z.union([
      z.string(),
      strict({
        title: z.string(),
        description: z.string().optional(),
        icon: z.string().optional(),
        iconType: z.string().optional(),
        href: z.union([linkUrl(), strict({ base: linkUrl(), query: z.array(strict({ key: z.string(), value: z.string() })).optional() })]),
      }),
    ]),
  ),
  display: z.enum(['header', 'toc']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Navigation
//
// The navigation schemas name each other (a tab holds groups, a group holds pages and groups, …)
// through getters, which zod reads only when it needs them. Each getter states its return type: it
// is the one place TypeScript would otherwise have to infer a type from itself. Every navigation
// type is then inferred from these schemas (`z.input`/`z.output`, end of file), never written twice.

/** An optional list of `T`: the type of every child list getter. */
type OptionalList<T extends z.ZodType> = z.ZodOptional<z.ZodArray<T>>;

export const groupSchema = strict({
  group: z.string(), // empty labels are real (langgenius__dify-docs): a group without a heading
  // Required unless the group has its own `openapi`, which then generates the pages (spec, "openapi
  // property": "Without pages"); rules/groups.ts enforces that.
  get pages(): OptionalList<typeof pageEntrySchema> {
    return z.array(pageEntrySchema).optional();
  },
  icon: iconSchema.optional(),
  tag: z.string().optional(),
  expanded: z.boolean().optional(),
  openapi: openapiSchema.optional(),
  asyncapi: asyncapiSchema.optional(),
  root: z.string().optional(),
  hidden: z.boolean().optional(),
  public: z.boolean().optional(),
  searchable: z.boolean().optional(),
  boost: z.number().optional(),
  directory: z.string().optional(),
}).meta({ id: 'Group', description: 'A sidebar section: a label and its pages, which may include nested groups.' });

export const pageEntrySchema = z
  .union([nonEmpty, groupSchema])
  .meta({ id: 'PageEntry', description: 'A page path without extension ("guides/intro"), an endpoint ("GET /pets"), or a nested group.' });

/** An entry of a `global` list: its label key (`anchor`, `tab`, …) and a link. */
const globalItem = <Label extends z.core.$ZodLooseShape>(label: Label) =>
  strict({
    ...label,
    href: linkUrl(),
    icon: iconSchema.optional(),
    color: lightDark.optional(),
    hidden: z.boolean().optional(),
    description: z.string().optional(),
  });

export const globalSchema = strict({
  anchors: z.array(globalItem({ anchor: nonEmpty })).optional(),
  tabs: z.array(globalItem({ tab: nonEmpty })).optional(),
  dropdowns: z.array(globalItem({ dropdown: nonEmpty })).optional(),
  products: z.array(globalItem({ product: nonEmpty })).optional(),
  versions: z.array(globalItem({ version: nonEmpty })).optional(),
  languages: z.array(globalItem({ language: nonEmpty })).optional(),
});

/** Fields every non-group division may carry besides its label and children. */
const divisionCommon = {
  icon: iconSchema.optional(),
  href: linkUrl().optional(),
  hidden: z.boolean().optional(),
  openapi: openapiSchema.optional(),
  asyncapi: asyncapiSchema.optional(),
  directory: z.string().optional(),
  global: globalSchema.optional(),
};

/** The child lists of a division (the keys of `navigation/vocabulary.ts`'s table, `menu` aside). */
const children = {
  get pages(): OptionalList<typeof pageEntrySchema> {
    return z.array(pageEntrySchema).optional();
  },
  get groups(): OptionalList<typeof groupSchema> {
    return z.array(groupSchema).optional();
  },
  get tabs(): OptionalList<typeof tabSchema> {
    return z.array(tabSchema).optional();
  },
  get anchors(): OptionalList<typeof anchorSchema> {
    return z.array(anchorSchema).optional();
  },
  get dropdowns(): OptionalList<typeof dropdownSchema> {
    return z.array(dropdownSchema).optional();
  },
  get products(): OptionalList<typeof productSchema> {
    return z.array(productSchema).optional();
  },
  get versions(): OptionalList<typeof versionSchema> {
    return z.array(versionSchema).optional();
  },
  get languages(): OptionalList<typeof languageSchema> {
    return z.array(languageSchema).optional();
  },
};

/**
 * Adds the child getters without evaluating them: spreading `children` would call the getters
 * before the schemas they name exist.
 */
function withChildren<T extends object>(shape: T): T & typeof children {
  return Object.defineProperties({ ...shape }, Object.getOwnPropertyDescriptors(children)) as T & typeof children;
}

export const menuItemSchema = strict(
  withChildren({
    item: nonEmpty,
    description: z.string().optional(),
    ...divisionCommon,
  }),
).meta({ id: 'MenuItem', description: "An entry of a tab's dropdown menu." });

export const tabSchema = strict(
  withChildren({
    tab: nonEmpty,
    searchable: z.boolean().optional(),
    align: z.enum(['start', 'end']).optional(),
    get menu(): OptionalList<typeof menuItemSchema> {
      return z.array(menuItemSchema).optional();
    },
    ...divisionCommon,
  }),
).meta({ id: 'Tab', description: 'A top-level section with its own entry in the horizontal bar.' });

export const anchorSchema = strict(
  withChildren({
    anchor: nonEmpty,
    color: lightDark.optional(),
    ...divisionCommon,
  }),
).meta({ id: 'Anchor', description: 'A persistent item at the top of the sidebar.' });

export const dropdownSchema = strict(
  withChildren({
    dropdown: nonEmpty,
    description: z.string().optional(),
    color: lightDark.optional(),
    ...divisionCommon,
  }),
).meta({ id: 'Dropdown', description: 'An entry of the expandable menu at the top of the sidebar.' });

export const productSchema = strict(
  withChildren({
    product: nonEmpty,
    name: z.string().optional(),
    description: z.string().optional(),
    color: lightDark.optional(),
    get menu(): OptionalList<typeof menuItemSchema> {
      return z.array(menuItemSchema).optional();
    },
    ...divisionCommon,
  }),
).meta({ id: 'Product', description: 'A navigation division for one product.' });

export const versionSchema = strict(
  withChildren({
    version: nonEmpty,
    default: z.boolean().optional(),
    tag: z.string().optional(),
    ...divisionCommon,
  }),
).meta({ id: 'Version', description: 'A version partition, selectable from a dropdown.' });

// ---------------------------------------------------------------------------------------------
// Top-level keys other than navigation (reference/format-behaviour.md §1.1).

const link = strict({
  label: z.string().optional(),
  href: linkUrl(),
  icon: iconSchema.optional(),
  type: z.string().optional(),
});

export const navbarSchema = strict({
  links: z.array(link).optional(),
  primary: strict({
    type: z.enum(['button', 'github', 'discord']),
    label: z.string().optional(),
    href: linkUrl(),
  }).optional(),
});

export const FOOTER_SOCIALS = [
  'x',
  'website',
  'facebook',
  'youtube',
  'discord',
  'slack',
  'github',
  'linkedin',
  'instagram',
  'hacker-news',
  'medium',
  'telegram',
  'twitter',
  'x-twitter',
  'earth-americas',
  'bluesky',
  'threads',
  'reddit',
  'podcast',
] as const;

export const footerSchema = strict({
  socials: z.partialRecord(z.enum(FOOTER_SOCIALS), linkUrl()).optional(),
  links: z
    .array(
      strict({
        header: z.string().optional(),
        items: z.array(strict({ label: z.string(), href: linkUrl() })),
      }),
    )
    .optional(),
});

export const bannerSchema = strict({
  content: z.string(),
  dismissible: z.boolean().optional(),
  type: z.enum(['info', 'warning', 'critical']).optional(),
  color: lightDark.optional(),
});

export const languageSchema = strict(
  withChildren({
    language: nonEmpty,
    default: z.boolean().optional(),
    banner: bannerSchema.optional(),
    footer: footerSchema.optional(),
    navbar: navbarSchema.optional(),
    ...divisionCommon,
  }),
).meta({ id: 'Language', description: 'A language partition, selectable from a dropdown.' });

export const navigationSchema = strict(
  withChildren({
    global: globalSchema.optional(),
    directory: z.string().optional(),
  }),
);

const fontSchema = strict({
  family: z.string(),
  weight: z.number().optional(),
  source: assetUrl().optional(),
  format: z.enum(['woff', 'woff2']).optional(),
});

const redirectSchema = strict({
  source: nonEmpty,
  destination: linkUrl(),
  permanent: z.boolean().optional(),
});

const metatags = z.record(z.string(), z.string());

/** A vendor's id: a non-empty string that may have to start with `prefix` (how the hosted product checks it). */
const vendorId = (prefix?: string, example?: string) => (prefix === undefined ? nonEmpty : nonEmpty.startsWith(prefix, `must start with "${prefix}", such as "${example}"`));
/** A host name written without a scheme (Plausible, Hightouch): the loader adds `https://`. */
const hostName = nonEmpty.regex(/^(?![a-z][a-z0-9+.-]*:\/\/)[^/?#\s]+$/i, 'must be a host name without "https://", such as "plausible.example.com"');
/** An `https:` script or CDN address without a query (Segment's `cdnUrl`, OneTrust's `scriptSource`). */
const httpsUrl = (query: boolean) =>
  nonEmpty.regex(query ? /^https:\/\/[^\s]+$/i : /^https:\/\/[^\s?#]+$/i, query ? 'must be an https:// address' : 'must be an https:// address without "?" or "#"');

/**
 * `integrations` (format-behaviour.md §1.4): analytics, support widgets and consent, each vendor's
 * settings typed as the hosted product types them, so `ga4: { measurementID }` is an unknown key
 * with "did you mean". What docjet does with each is in src/render/analytics.ts.
 */
export const integrationsSchema = strict({
  adobe: strict({ launchUrl: httpsUrl(true) }).optional(),
  amplitude: strict({ apiKey: nonEmpty }).optional(),
  clarity: strict({ projectId: nonEmpty }).optional(),
  clearbit: strict({ publicApiKey: nonEmpty }).optional(),
  fathom: strict({ siteId: nonEmpty }).optional(),
  frontchat: strict({ snippetId: nonEmpty.min(6) }).optional(),
  ga4: strict({ measurementId: vendorId('G', 'G-XXXXXXX') }).optional(),
  gtm: strict({ tagId: vendorId('G', 'GTM-XXXXXXX') }).optional(),
  heap: strict({ appId: nonEmpty }).optional(),
  hightouch: strict({ writeKey: nonEmpty, apiHost: hostName.optional() }).optional(),
  hotjar: strict({ hjid: nonEmpty, hjsv: nonEmpty }).optional(),
  intercom: strict({ appId: nonEmpty.min(6) }).optional(),
  koala: strict({ publicApiKey: nonEmpty.min(2) }).optional(),
  logrocket: strict({ appId: nonEmpty }).optional(),
  mixpanel: strict({ projectToken: nonEmpty, region: z.enum(['us', 'eu', 'in']).optional() }).optional(),
  onetrust: strict({ domainScript: nonEmpty, categoryId: nonEmpty.optional(), scriptSource: httpsUrl(true).optional() }).optional(),
  pirsch: strict({ id: nonEmpty }).optional(),
  posthog: strict({
    apiKey: vendorId('phc_', 'phc_XXXXXXXX'),
    apiHost: nonEmpty.regex(/^https?:\/\/[^\s?#]+$/i, 'must be an http:// or https:// address, such as "https://eu.i.posthog.com"').optional(),
    sessionRecording: z.boolean().optional(),
  }).optional(),
  plausible: strict({ domain: hostName, server: hostName.optional() }).optional(),
  segment: strict({ key: nonEmpty, cdnUrl: httpsUrl(false).optional() }).optional(),
  telemetry: strict({ enabled: z.boolean().optional() }).optional(),
  cookies: strict({ key: z.string().optional(), value: z.string().optional() }).optional(),
  // Not one of the 23: mint.json's `integrations.osano` (its script's URL), upgraded to this shape (mint-json.ts).
  osano: strict({ scriptSource: httpsUrl(true) }).optional(),
  transcend: strict({ bundleId: nonEmpty.regex(/^[\w-]+$/, 'may hold only letters, digits, "-" and "_"'), analyticsPurpose: nonEmpty.optional() }).optional(),
});

export const configSchema = strict({
  $schema: z.string().optional(),
  theme: z.enum(THEMES).default('mint'),
  name: z.string().default('Documentation'),
  description: z.string().optional(),
  colors: strict({ primary: hexColor, light: hexColor.optional(), dark: hexColor.optional() }).optional(),
  logo: z.union([imageUrl(), strict({ light: imageUrl(), dark: imageUrl(), href: linkUrl().optional() })]).optional(),
  favicon: z.union([imageUrl(), strict({ light: imageUrl(), dark: imageUrl() })]).optional(),
  appearance: strict({ default: z.enum(['system', 'light', 'dark']).optional(), strict: z.boolean().optional() }).optional(),
  background: strict({
    image: z.union([imageUrl(), strict({ light: imageUrl(), dark: imageUrl() })]).optional(),
    decoration: z.enum(['gradient', 'grid', 'windows']).optional(),
    color: lightDark.optional(),
  }).optional(),
  navbar: navbarSchema.optional(),
  footer: footerSchema.optional(),
  banner: bannerSchema.optional(),
  navigation: navigationSchema,
  redirects: z.array(redirectSchema).optional(),
  seo: strict({
    metatags: metatags.optional(),
    paths: z.array(strict({ path: z.string(), metatags })).optional(),
    /** The publisher of the pages' JSON-LD (src/render/structured-data.ts). */
    organization: strict({
      id: linkUrl().optional(),
      name: z.string().optional(),
      legalName: z.string().optional(),
      url: linkUrl().optional(),
      logo: imageUrl().optional(),
      sameAs: z.array(linkUrl()).optional(),
    }).optional(),
    indexing: z.enum(['navigable', 'all']).optional(),
    trailingSlash: z.boolean().optional(),
  }).optional(),
  search: strict({ prompt: z.string().optional() }).optional(),
  api: strict({
    openapi: openapiSchema.optional(),
    asyncapi: asyncapiSchema.optional(),
    params: strict({ expanded: z.enum(['all', 'closed']).optional(), post: z.array(z.string()).optional() }).optional(),
    playground: strict({
      display: z.enum(['interactive', 'simple', 'none', 'auth']).optional(),
      // true: `docjet dev` and `serve` forward Try it's requests (src/dev/proxy.ts); a URL: the proxy of a static build.
      proxy: z.union([z.boolean(), linkUrl()]).optional(),
      credentials: z.boolean().optional(),
      // docjet's own: where Try it keeps credentials (and OAuth tokens); "local" keeps them across tabs and restarts.
      remember: z.enum(['session', 'local']).optional(),
    }).optional(),
    examples: strict({
      defaults: z.enum(['required', 'all']).optional(),
      languages: z.array(z.string()).optional(),
      prefill: z.boolean().optional(),
      autogenerate: z.boolean().optional(),
    }).optional(),
    url: z.enum(['full']).optional(),
    mdx: strict({
      auth: strict({ method: z.enum(['bearer', 'basic', 'key', 'cobo']).optional(), name: z.string().optional() }).optional(),
      server: z.union([z.string(), z.array(z.string())]).optional(),
    }).optional(),
  }).optional(),
  styling: strict({
    eyebrows: z.enum(['section', 'breadcrumbs']).optional(),
    codeblocks: z
      .union([
        z.enum(['system', 'dark']),
        strict({
          theme: z.union([z.string(), strict({ light: z.string(), dark: z.string() })]).optional(),
          languages: strict({ custom: z.array(z.string()).optional() }).optional(),
        }),
      ])
      .optional(),
    latex: z.boolean().optional(),
  }).optional(),
  interaction: strict({ drilldown: z.boolean().optional() }).optional(),
  fonts: z.union([fontSchema, strict({ heading: fontSchema.optional(), body: fontSchema.optional() })]).optional(),
  icons: strict({ library: z.enum(ICON_LIBRARIES) }).optional(),
  errors: strict({
    '404': strict({
      redirect: z.boolean().optional(),
      title: z.string().optional(),
      description: z.string().optional(),
    }).optional(),
  }).optional(),
  contextual: contextualSchema.optional(),
  metadata: strict({ timestamp: z.boolean().optional() }).optional(),
  /** Generated social cards (src/render/social-card.ts). */
  thumbnails: strict({
    appearance: z.enum(['light', 'dark']).optional(),
    background: imageUrl().optional(),
    fonts: strict({ family: z.string() }).optional(),
  }).optional(),
  integrations: integrationsSchema.optional(),
  variables: z.record(z.string(), z.string()).optional(),
  markdown: strict({
    schema: z.boolean().optional(),
    instructions: z.union([z.string(), z.array(z.string())]).optional(),
  }).optional(),
  public: z.boolean().optional(),
  variations: z.looseObject({}).optional(),
});

// ---------------------------------------------------------------------------------------------
// Types, all inferred from the schemas above: `UserConfig` is what a docs.json may say, `Config` what
// docjet reads once the schema has applied its defaults (Starlight's `utils/user-config.ts` pattern).

export type UserConfig = z.input<typeof configSchema>;
export type Config = z.output<typeof configSchema>;
export type Navigation = z.output<typeof navigationSchema>;
export type OpenApiSetting = z.output<typeof openapiSchema>;
export type Icon = z.output<typeof iconSchema>;
export type Contextual = z.output<typeof contextualSchema>;
export type Integrations = z.output<typeof integrationsSchema>;
/** One entry of `contextual.options`: a built-in option's name or the site's own entry. */
export type ContextualOption = Contextual['options'][number];
export type GlobalNavigation = z.output<typeof globalSchema>;
/** One entry of `global.anchors` (or of its other lists): a link shown on every page. */
export type GlobalItem = NonNullable<GlobalNavigation[keyof GlobalNavigation]>[number];
export type PageEntry = z.output<typeof pageEntrySchema>;
export type Group = z.output<typeof groupSchema>;
export type Tab = z.output<typeof tabSchema>;
export type MenuItem = z.output<typeof menuItemSchema>;
export type Anchor = z.output<typeof anchorSchema>;
export type Dropdown = z.output<typeof dropdownSchema>;
export type Product = z.output<typeof productSchema>;
export type Version = z.output<typeof versionSchema>;
export type Language = z.output<typeof languageSchema>;
/** Any element that holds divisions, groups or pages: the navigation root or a division. */
export type Division = Navigation | Tab | MenuItem | Anchor | Dropdown | Product | Version | Language;

/** Keys of the top-level config object, for "did you mean" on misspelt keys. */
export const TOP_LEVEL_KEYS = Object.keys(configSchema.shape);

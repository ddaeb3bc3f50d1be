/**
 * The catalogue of user-facing problems: one stable code each, its severity, what it means
 * (`about`, listed in docs/diagnostics.md by `npm run diagnostics-doc`), the message users see, made
 * from the facts of the case (`message`, typed parameters), and what to do about it (`fix`).
 * Every diagnostic is made here, through `diagnostic()`, so a code's text lives in one place.
 *
 * How to write one: say what is wrong in terms of the user's file ("a tab holds one kind of child;
 * this one has both "anchors" and "groups""), then what to do ("Move the groups into an anchor, or
 * remove the anchors."). No stack traces, no internal names.
 */

export type Severity = 'error' | 'warning';

export interface Position {
  file: string;
  line: number;
  column: number;
}

/**
 * A problem found in the user's files. Defined beside the catalogue (and re-exported by
 * `./diagnostics.ts`) because its code is a key of it; this file imports nothing.
 */
export interface Diagnostic {
  severity: Severity;
  /** Stable identifier, kebab-case, a key of `CATALOGUE`; tests and docs name problems by it. */
  code: DiagnosticCode;
  /** Path of the file the problem was written in, relative to the site root, `/`-separated. */
  file: string;
  /** 1-based line; 0 when the problem concerns the file as a whole. */
  line: number;
  /** 1-based column; 0 when the problem concerns the file as a whole. */
  column: number;
  /** JSON path of the offending node in the resolved config (`navigation.tabs[1]`), when there is one. */
  path?: string;
  /** What is wrong. */
  message: string;
  /** What to do about it. */
  fix?: string;
  /** The site file or path the problem names (`/images/shot.png`), for a stage that would name it again under another code. */
  target?: string;
}

/** One code of the catalogue, whose message and fix are made from facts of type `P`. */
interface Entry<P> {
  severity: Severity;
  /** What the code means, in general; one line of docs/diagnostics.md. */
  about: string;
  message: (params: P) => string;
  /** Fixed advice, or advice that depends on the case (none when it returns undefined). */
  fix?: string | ((params: P) => string | undefined);
  /** The site file or path the problem names (`Diagnostic.target`). */
  target?: (params: P) => string;
}

/** Settings of docs.json's `api` that docjet reads without applying, and what it does instead. */
const UNAPPLIED_SETTINGS = {
  'api.playground.proxy': 'a proxy is an http(s) URL or a path on the site; the "Try it" panel sends its requests without one',
  'api.playground.credentials': 'the "Try it" panel does not send cookies with its requests',
  'api.examples.prefill': 'the "Try it" panel does not read it',
  'thumbnails.background': 'social cards are drawn on an image file of the site (PNG, JPEG, GIF or SVG); docjet fetches no remote image, and draws the card without it',
  'thumbnails.fonts': "social cards are drawn with a sans-serif font of this machine (or KaTeX's, which docjet ships); docjet downloads no fonts",
  'seo.trailingSlash': 'canonical links, the sitemap and links between pages are written without a trailing slash',
  'integrations.cookies': 'without "key" it names no consent to wait for, so analytics load for every reader',
  'api.examples.languages': 'docjet writes no samples in this language (httpsnippet, which writes them, has no Rust, Dart or C++ generator), so its tab is left out',
} as const;

export type UnappliedSetting = keyof typeof UNAPPLIED_SETTINGS;

/**
 * Why `contextual.options` entries have no effect in a site docjet builds, by kind of entry, and
 * what to do instead (src/config/contextual-options.ts says which entry is of which kind). Each
 * reason reads after "has no effect:" or "have no effect:" alike; `{them}` in a fix is "it" for one.
 */
const CONTEXTUAL_GAPS = {
  assistant: {
    why: 'a site docjet builds has no AI assistant, which the hosted product runs for each site',
    fix: 'Remove it; "chatgpt", "claude" or "perplexity" open an assistant with the page instead.',
  },
  pdf: { why: 'docjet makes no PDF of a page', fix: 'Remove it; readers can print a page to PDF from their browser.' },
  mcp: {
    why: 'docjet connects AI tools to the site\'s MCP server through "mcp", "add-mcp", "cursor" and "vscode" only',
    fix: 'Remove {them}, or add your own entry ({ "title", "description", "href" }) whose "href" says "$mcp" where the MCP server\'s URL goes.',
  },
  tool: {
    why: 'docjet opens only ChatGPT, Claude, Perplexity and Grok with the page',
    fix: 'Remove {them}, or add your own entry ({ "title", "description", "href" }) whose "href" opens the tool; "$path" in a query value stands for the page\'s path.',
  },
  unknown: { why: 'it is not an option of the contextual menu', fix: 'Use one of the options the format defines, or remove it.' },
} as const;

export type ContextualGap = keyof typeof CONTEXTUAL_GAPS;

/** What is wrong with a page's `api:` frontmatter (src/content/frontmatter-api.ts). */
export type ApiFrontmatterProblem = 'no-method' | 'unknown-method' | 'no-url' | 'bad-url' | 'extra-words';

interface ApiFrontmatterInvalid {
  value: string;
  problem: ApiFrontmatterProblem;
  /** The word at fault, as written. */
  word: string | undefined;
  /** The value to write instead, when it is clear. */
  suggestion: string | undefined;
}

export const CATALOGUE = {
  // Loading
  'config-not-found': {
    severity: 'error',
    about: 'No docs.json or mint.json in the folder.',
    message: (p: { root: string }) => `no docs.json (or legacy mint.json) in ${p.root}`,
    fix: 'Run docjet in the folder that holds docs.json, or pass that folder: docjet validate path/to/docs.',
  },
  'config-unreadable': {
    severity: 'error',
    about: 'The config file exists but cannot be read.',
    message: (p: { file: string; reason: string }) => `cannot read ${p.file}: ${p.reason}`,
    fix: 'Check the file exists and is readable.',
  },
  'json-syntax': {
    severity: 'error',
    about: 'A config file is not valid JSON.',
    /** `reason` undefined: the file is empty (the parser would only say that a value is expected). */
    message: (p: { file: string; reason: string | undefined; included: boolean }) =>
      p.reason === undefined ? `${p.file} is empty; it must hold a JSON ${p.included ? 'value' : 'object'}` : `${p.file} is not valid JSON: ${p.reason}`,
    fix: (p: { reason: string | undefined; included: boolean }) =>
      p.reason !== undefined
        ? 'Fix the JSON at this position; an editor with JSON support shows the exact spot.'
        : p.included
          ? 'Write the JSON to include in it, or remove the "$ref" that names it.'
          : 'Start from { "name": "My docs", "navigation": { "pages": ["index"] } }.',
  },
  'json-duplicate-key': {
    severity: 'warning',
    about: 'A key is written twice in one object; the last one wins.',
    message: (p: { key: string }) => `the key ${quote(p.key)} is written twice in this object; only the last one counts`,
    fix: 'Remove one of them.',
  },
  'ref-missing': {
    severity: 'error',
    about: 'A "$ref" names a file that does not exist.',
    /** `pointer` undefined: the file itself is missing; otherwise the file has nothing at `#pointer`. */
    message: (p: { reference: string; file: string; pointer: string | undefined }) =>
      `"$ref" names ${quote(p.reference)}, but ${p.file} ${p.pointer === undefined ? 'does not exist' : `has nothing at "#${p.pointer}"`}`,
    fix: (p: { pointer: string | undefined }) =>
      p.pointer === undefined
        ? 'Fix the path (it is relative to the file that holds the "$ref"), or create the file.'
        : 'Fix the part after "#" (a JSON pointer such as "#/tabs/0"), or drop it to include the whole file.',
  },
  'ref-cycle': {
    severity: 'error',
    about: '"$ref" files include each other in a loop.',
    /** `loop`: the files being loaded, ending with the one named again. */
    message: (p: { loop: readonly string[] }) => `"$ref" files include each other in a loop: ${p.loop.join(' → ')}`,
    fix: 'Remove one of the "$ref"s so that no file includes itself.',
  },
  'ref-invalid': {
    severity: 'error',
    about: 'A "$ref" is not a string naming a JSON file.',
    message: (p: RefInvalid) => (p.problem === 'not-string' ? REF_INVALID['not-string'].message : `"$ref" names ${quote(p.reference)}, ${REF_INVALID[p.problem].message}`),
    fix: (p: RefInvalid) => REF_INVALID[p.problem].fix,
  },
  'ref-siblings': {
    severity: 'warning',
    about: 'Keys beside a "$ref" are ignored.',
    message: (p: { siblings: readonly string[] }) =>
      `${listOr(p.siblings).replace(/ or /, ' and ')} beside "$ref" ${p.siblings.length === 1 ? 'is' : 'are'} ignored: the object is replaced by the referenced file`,
    fix: (p: { siblings: readonly string[] }) => `Move ${p.siblings.length === 1 ? 'it' : 'them'} into the referenced file.`,
  },
  'legacy-config': {
    severity: 'warning',
    about: 'A mint.json key has no docs.json equivalent and is ignored.',
    message: (p: { ignored: readonly string[] }) =>
      p.ignored.length === 1
        ? `this mint.json key has no docs.json equivalent and is ignored: ${listOr(p.ignored)}`
        : `these mint.json keys have no docs.json equivalent and are ignored: ${listOr(p.ignored).replace(/ or /, ' and ')}`,
    fix: (p: { ignored: readonly string[] }) =>
      `Remove ${p.ignored.length === 1 ? 'it' : 'them'} when you move to docs.json; see the docs.json reference for ${p.ignored.length === 1 ? 'its replacement' : 'their replacements'}.`,
  },

  // Schema
  'unknown-key': {
    severity: 'warning',
    about: 'A key the format does not define; it has no effect.',
    message: (p: UnknownKey) =>
      p.problem === 'unknown'
        ? `unknown key ${quote(p.key)} ${keyPlace(p.object)}; it has no effect`
        : `key ${quote(p.key)} ${keyPlace(p.object)} cannot be mixed with ${listOr(p.beside).replace(/ or /, ' and ')}: they belong to two different forms of this setting; ${quote(p.key)} has no effect`,
    fix: (p: UnknownKey) =>
      p.problem === 'other-form'
        ? `Use one form: ${p.known.join(', ')}; or ${p.otherForm.join(', ')}.`
        : didYouMean(p.suggestion, `Remove it; known keys here: ${p.known.join(', ')}.`),
  },
  'missing-field': {
    severity: 'error',
    about: 'A required field is missing.',
    /** `owner`: the object that lacks it, as the user knows it (`the tab "API" at navigation.tabs[1]`); `hint`: what the field holds. */
    message: (p: { owner: string; key: string | number; hint: string | undefined }) => `${p.owner} needs ${quote(p.key)}${p.hint ? ` (${p.hint})` : ''}`,
    fix: (p: { key: string | number }) => `Add ${quote(p.key)}.`,
  },
  'invalid-type': {
    severity: 'error',
    about: 'A value has the wrong type.',
    message: (p: InvalidType) => (p.problem === 'config-not-object' ? `${p.file} must hold a JSON object, not ${p.found}` : `${p.target} must be ${p.expected}, not ${p.found}`),
    fix: (p: InvalidType) =>
      p.problem === 'config-not-object'
        ? 'Start from { "name": "My docs", "navigation": { "pages": ["index"] } }.'
        : p.advice === undefined
          ? 'Change the value to the expected type.'
          : typeAdvice(p.advice),
  },
  'invalid-value': {
    severity: 'error',
    about: 'A value is not one of the allowed values or shapes.',
    message: (p: InvalidValue) => invalidValueMessage(p),
    fix: (p: InvalidValue) => invalidValueFix(p),
  },

  // Navigation rules (spec: docs-json-navigation.md)
  'nav-no-pattern': {
    severity: 'error',
    about: 'navigation has no primary pattern (rule 1).',
    message: (p: { onlyGlobal: boolean; patterns: readonly string[] }) =>
      `navigation has no primary pattern${p.onlyGlobal ? ' (global alone does not organise pages)' : ''}: it needs exactly one of ${listOr(p.patterns)}`,
    fix: 'Add one, for example "groups": [{ "group": "Get started", "pages": ["index"] }].',
  },
  'nav-multiple-patterns': {
    severity: 'error',
    about: 'navigation has more than one primary pattern (rule 1).',
    message: (p: { count: number; kept: string; others: readonly string[]; keptHolder: string }) =>
      `navigation has ${p.count} primary patterns (${listOr([p.kept, ...p.others]).replace(/ or /, ' and ')}); the root holds exactly one, with "global" beside it if needed`,
    fix: (p: { kept: string; others: readonly string[]; keptHolder: string }) =>
      `Keep ${quote(p.kept)} and move the ${p.others.join(' and the ')} into ${p.keptHolder}, or remove them.`,
  },
  // A warning: the hosted product builds such a site, showing the first kind only, and so does docjet (src/site/navigation-tree.ts).
  'nav-mixed-children': {
    severity: 'warning',
    about: 'An element holds more than one kind of child (rule 2); the first kind is shown, as the hosted product shows it.',
    message: (p: { element: string; children: readonly string[]; inner: string; outer: string; outerHolder: string }) =>
      `${p.element} holds one type of child; this one has both ${quoteAll(p.children).join(' and ')}: as on the hosted product, its ${p.outer} are shown and its ${p.children.slice(1).join(' and ')} left out of the navigation`,
    fix: (p: { inner: string; outer: string; outerHolder: string }) => `Move the ${p.inner} into ${p.outerHolder}, or remove the ${p.outer}.`,
  },
  'nav-link-with-children': {
    severity: 'error',
    about: 'An element with "href" also holds children (rule 2).',
    message: (p: { element: string; href: string; children: readonly string[]; elementName: string }) =>
      `${p.element} links to ${quote(p.href)} and also holds ${quoteAll(p.children).join(' and ')}; an element that is a link holds no children`,
    fix: (p: { children: readonly string[]; elementName: string }) => `Remove "href" to keep the ${p.children.join(' and ')}, or move them to another ${p.elementName}.`,
  },
  'menu-item-content': {
    severity: 'error',
    about: 'A menu item holds something other than groups, pages or a link (rule 3).',
    message: (p: { key: string }) => `a menu item holds only groups, pages or a link ("href"), not ${quote(p.key)}`,
    fix: (p: { key: string }) => `Replace ${quote(p.key)} with "groups" or "pages", or make the item a link with "href".`,
  },
  'global-anchor-href': {
    severity: 'error',
    about: 'A global anchor needs an absolute http(s) href (rule 4).',
    message: (p: { href: string }) => `a global anchor must link to an absolute external URL (http or https); ${quote(p.href)} is not one`,
    fix: (p: { href: string }) =>
      /^[/#.]|^[\w-]+(\/|$)/.test(p.href)
        ? 'Global anchors leave the site: write the full URL ("https://example.com/…"), or put an internal link in "navbar.links" or an anchor.'
        : 'Write the full URL, starting with "https://".',
  },
  'href-unsafe': {
    severity: 'error',
    about: 'An href uses a javascript:, data: or vbscript: URL (rule 5).',
    message: (p: { key: string; scheme: string; use: 'link' | 'image' | 'asset' }) =>
      `${quote(p.key)} uses a ${p.scheme}: URL, which runs code or hides content when ${p.use === 'link' ? 'clicked' : 'loaded'}`,
    fix: (p: { use: 'link' | 'image' | 'asset' }) =>
      p.use === 'link' ? 'Link to an http(s) URL or a page path instead.' : 'Use a file of the site ("/logo.svg") or an http(s) URL instead.',
  },
  'language-unknown': {
    severity: 'error',
    about: "A language code is not one of the spec's codes (rule 6).",
    message: (p: { code: string; suggestion: string | undefined; supported: readonly string[] }) => `${quote(p.code)} is not a supported language code`,
    fix: (p: { suggestion: string | undefined; supported: readonly string[] }) =>
      `${p.suggestion ? `Did you mean ${quote(p.suggestion)}? ` : ''}Supported codes: ${p.supported.join(', ')}.`,
  },
  'language-alias': {
    severity: 'warning',
    about: 'A language code is a well-known alias of a spec code (rule 6).',
    message: (p: { code: string; name: string; canonical: string }) => `language ${quote(p.code)} is read as ${p.name}, whose code in the spec is ${quote(p.canonical)}`,
    fix: (p: { canonical: string }) => `Write "language": ${quote(p.canonical)}.`,
  },
  'version-label': {
    severity: 'warning',
    about: 'A version label does not have the shape major.minor.patch (rule 7).',
    message: (p: { label: string; suggested: string | undefined }) => `version label ${quote(p.label)} does not have the shape major.minor.patch; it is used as written`,
    fix: (p: { suggested: string | undefined }) => (p.suggested ? `Write ${quote(p.suggested)} to follow the spec.` : 'Use a label such as "1.0.0" to follow the spec.'),
  },
  'default-multiple': {
    severity: 'error',
    about: 'More than one version or language is marked default (rule 8).',
    message: (p: { kind: string; item: string | undefined; first: string | undefined }) =>
      `${p.kind} ${quote(p.item)} is marked "default": true, but ${quote(p.first)} already is; only one ${p.kind} here can be the default`,
    fix: (p: { kind: string }) => `Keep "default": true on one ${p.kind} only.`,
  },
  'page-missing': {
    severity: 'warning',
    about: 'A page reference names no .mdx or .md file (rule 9); the entry is left out of the navigation (`--strict`: an error).',
    message: (p: MissingPage) => `page ${quote(p.entry)} does not exist: ${noFileFor(p.wanted)}; it is left out of the navigation`,
    fix: (p: MissingPage) => didYouMean(p.suggestion, 'Create the file, or remove the reference.'),
  },
  'file-missing': {
    severity: 'warning',
    about:
      "A file the site shows (docs.json's `logo`, `favicon` or `background.image`; an image or video of a page or component) is not in the site folder, or is kept out of it by `.mintignore`: readers would see a broken image.",
    message: (p: { setting: string; file: string; suggestion: string | undefined }) =>
      `${p.setting} names \`${p.file}\`, which is not a file of the site, so readers see a broken image in its place`,
    fix: (p: { setting: string; file: string; suggestion: string | undefined }) =>
      didYouMean(p.suggestion, `Add \`${p.file}\` to the site folder (paths start from the folder of docs.json), or correct the path.`),
    target: (p: { file: string }) => p.file,
  },
  'page-extension': {
    severity: 'warning',
    about: 'A page reference includes its file extension (rule 9).',
    message: (p: { entry: string; id: string }) => `page reference ${quote(p.entry)} includes the file extension; references name pages without it`,
    fix: (p: { id: string }) => `Write ${quote(p.id.replace(/\/index$/, ''))}.`,
  },
  'openapi-missing': {
    severity: 'error',
    about: 'An openapi file does not exist (rule 10).',
    message: (p: OpenApiMissing) =>
      p.at === 'config'
        ? `the OpenAPI file ${quote(p.file)} does not exist`
        : p.problem === 'folder'
          ? `\`${p.file}\` is a folder, not an OpenAPI file.`
          : `The OpenAPI file \`${p.file}\` does not exist.`,
    fix: (p: OpenApiMissing) => openApiMissingFix(p),
  },
  'openapi-syntax': {
    severity: 'error',
    about: 'An openapi file is not valid JSON or YAML (rule 10).',
    message: (p: { file: string; format: string; reason: string }) => `\`${p.file}\` is not valid ${p.format}: ${p.reason}.`,
    fix: (p: { format: string }) => `Correct the ${p.format} at this position; no page is made from this spec until it parses.`,
  },
  'openapi-invalid': {
    severity: 'error',
    about: 'An openapi file is not an OpenAPI or Swagger document (rule 10).',
    message: (p: OpenApiInvalid) => openApiInvalidMessage(p),
    fix: (p: OpenApiInvalid) => openApiInvalidFix(p),
  },
  'openapi-no-endpoints': {
    severity: 'warning',
    about: 'A navigation division names an OpenAPI document that has models but no operations, so it gets no pages from it.',
    message: (p: { file: string }) =>
      `\`${p.file}\` has no operations (\`paths\` or \`webhooks\`), only models, so this division gets no pages from it; its models still serve \`openapi-schema:\` pages.`,
    fix: 'Point this `openapi` at a document with operations, or name a file of models only in `api.openapi`, where `openapi-schema:` pages find them.',
  },
  'openapi-access-groups': {
    severity: 'warning',
    about:
      'Operations of an OpenAPI document are limited to access groups (`x-mint.groups`) in the hosted product; a docjet site has no sign-in, so their pages are published for everyone.',
    message: (p: { file: string; count: number; first: string }) =>
      `${p.count === 1 ? '1 operation' : `${p.count} operations`} of \`${p.file}\` ${p.count === 1 ? 'is' : 'are'} limited to signed-in readers in access groups (\`x-mint.groups\`, first: ${p.first}), but a docjet site has no sign-in: ${p.count === 1 ? 'its page is' : 'their pages are'} published for everyone`,
    fix: 'Remove `x-mint.groups` if these operations may be public, or leave them out of the site with `x-excluded: true`.',
  },
  'openapi-unreadable': {
    severity: 'error',
    about: 'An openapi file exists but cannot be read (rule 10).',
    message: (p: { file: string; reason: string }) => `The OpenAPI file \`${p.file}\` cannot be read (${p.reason}).`,
    fix: "Check the file's permissions.",
  },
  'openapi-external-ref': {
    severity: 'warning',
    about: 'An OpenAPI file refers to other files; those parts are not read.',
    message: (p: OpenApiExternalRefs) =>
      p.operation === undefined
        ? `\`${p.file}\` refers to other files (first: ${p.first}); docjet follows only \`$ref\`s inside the same document, as the format does, so ${externalLosses(p.operations, p.pathItems)}.`
        : `${p.operation} in \`${p.file}\` uses ${plural(p.count, '`$ref`')} to other files (first: \`${p.first}\`); docjet reads only the spec itself, so the page names them instead of showing their content`,
    fix: (p: { file: string }) => `Bundle the spec into one file (for example \`npx @redocly/cli bundle ${p.file} -o openapi.yaml\`) and point docs.json at the result.`,
  },
  'openapi-unresolved-ref': {
    severity: 'warning',
    about: 'An OpenAPI "$ref" points at nothing.',
    message: (p: OpenApiRefs) =>
      p.operation === undefined
        ? `\`${p.file}\`: ${plural(p.count, 'endpoint `$ref`')} ${p.count === 1 ? 'points' : 'point'} to nothing or in a circle (first: ${p.first}).`
        : `${p.operation} in \`${p.file}\`: ${plural(p.count, '`$ref`')} ${p.count === 1 ? 'points' : 'point'} to nothing (first: \`${p.first}\`)`,
    fix: (p: OpenApiRefs) =>
      p.operation === undefined ? 'Correct the JSON pointer so that it names an existing path item or operation.' : 'Correct the JSON pointer, or add the component it names.',
  },
  'openapi-ref-outside-root': {
    severity: 'warning',
    about:
      'An OpenAPI `$ref` names a file outside the site folder (by a `../` path, an absolute path or a symbolic link); it is not read, and what it stands for is left out of the pages.',
    message: (p: OpenApiRefOutside) =>
      `\`$ref\` \`${p.reference}\` ${p.problem === 'absolute' ? 'is an absolute path' : `names a file that ${p.reason}`}, so it is not read and what it stands for is left out`,
    fix: (p: OpenApiRefOutside) =>
      p.problem === 'absolute'
        ? 'Write the path relative to the file that holds the `$ref` (such as `../schemas/pet.yaml`): an absolute path names a file of one machine only.'
        : 'Copy the file into the site folder and write the `$ref` relative to the file that holds it.',
  },
  'openapi-ref-remote': {
    severity: 'warning',
    about: 'An OpenAPI `$ref` names a URL; docjet never fetches what a spec refers to, so what it stands for is left out of the pages.',
    message: (p: { reference: string }) => `\`$ref\` \`${p.reference}\` names a URL; docjet does not fetch the files a spec refers to, so what it stands for is left out`,
    fix: 'Save the file in the site folder and write the `$ref` as a path relative to the file that holds it.',
  },
  'openapi-ref-missing': {
    severity: 'warning',
    about: 'An OpenAPI `$ref` names a file that does not exist, a folder, or a part (`#/…`) its file does not have; what it stands for is left out of the pages.',
    message: (p: OpenApiRefMissing) =>
      p.problem === 'pointer'
        ? `\`$ref\` \`${p.reference}\` finds nothing: \`${p.file}\` has nothing at \`${p.pointer}\``
        : `\`$ref\` \`${p.reference}\` names \`${p.file}\`, which ${p.problem === 'folder' ? 'is a folder' : 'does not exist'}`,
    fix: (p: OpenApiRefMissing) =>
      p.problem === 'pointer'
        ? 'Correct the part after `#` (a JSON pointer such as `#/components/schemas/Pet`), or drop it to use the whole file.'
        : p.problem === 'folder'
          ? 'Name a JSON or YAML file of that folder.'
          : p.suggestion
            ? `Did you mean \`${p.suggestion}\`?`
            : 'Correct the path (it is relative to the file that holds the `$ref`), or create the file.',
  },
  'openapi-ref-unreadable': {
    severity: 'warning',
    about: 'An OpenAPI `$ref` names a file that cannot be read or is not valid JSON or YAML; what it stands for is left out of the pages.',
    message: (p: OpenApiRefUnreadable) =>
      p.problem === 'syntax'
        ? `\`$ref\` \`${p.reference}\` names \`${p.file}\`, which is not valid ${p.format} (${p.line > 0 ? `line ${p.line}, column ${p.column}: ` : ''}${p.reason})`
        : `\`$ref\` \`${p.reference}\` names \`${p.file}\`, which cannot be read (${p.reason})`,
    fix: (p: OpenApiRefUnreadable) =>
      p.problem === 'syntax'
        ? `Correct the ${p.format} of \`${p.file}\`${p.line > 0 ? ` at ${p.line}:${p.column}` : ''}; until it parses, what the \`$ref\` stands for is left out.`
        : "Check the file's permissions.",
  },
  'openapi-bundle-failed': {
    severity: 'warning',
    about: 'The files an OpenAPI file refers to could not be bundled into it; what they hold is left out of the pages.',
    message: (p: { file: string; reason: string }) =>
      `The files \`${p.file}\` refers to could not be bundled into it (${p.reason.replace(/\.$/, '')}), so what they hold is left out of its pages`,
    fix: 'The usual cause is a `$ref` that names only another `$ref` leading back to it: give one of them content of its own.',
  },
  'openapi-remote': {
    severity: 'warning',
    about: 'A remote openapi URL could not be fetched and no copy of it is cached in .docjet/cache; its references are not checked and it gets no pages (rule 10).',
    /** `at`: where docs.json names the URL (`config`), or the loader asked to read it (`spec`). */
    message: (p: { url: string; at: 'config' | 'spec'; failure: FetchFailure }) =>
      p.at === 'config'
        ? `the OpenAPI file ${quote(p.url)} ${notFetched(p.failure)} and no copy is cached yet; endpoint references under it are not checked and get no pages`
        : `The OpenAPI file \`${p.url}\` ${notFetched(p.failure)} and no copy is cached yet.`,
    fix: (p: { failure: FetchFailure }) => remoteFix(p.failure),
  },
  'openapi-private-address': {
    severity: 'warning',
    about:
      'A remote openapi URL leads to a loopback, private, link-local or other non-public address (written so, through DNS or through a redirect); docjet does not fetch it unless --allow-private-network is passed, and it gets no pages.',
    /** `at`: where docs.json names the URL (`config`), or the loader asked to read it (`spec`). */
    message: (p: { url: string; at: 'config' | 'spec'; failure: PrivateAddressRefused }) =>
      `${p.at === 'config' ? `the OpenAPI file ${quote(p.url)}` : `The OpenAPI file \`${p.url}\``} was not fetched: ${privateAddressReason(p.failure)}, and docjet fetches specs from public addresses only unless told to${p.at === 'config' ? '; endpoint references under it are not checked and get no pages' : '.'}`,
    fix: 'If the spec is meant to come from your own network, pass --allow-private-network (library: `allowPrivateNetwork: true`); else download it into the docs folder and point "openapi" at the local file.',
  },
  'openapi-cache-unusable': {
    severity: 'warning',
    about: 'The cache of remote OpenAPI specs (.docjet/cache) cannot be written or read, or leads outside the site folder; docjet goes on without it.',
    message: (p: CacheUnusable) => cacheUnusableMessage(p),
    fix: (p: CacheUnusable) =>
      p.problem === 'outside'
        ? `Make \`${p.folder}\` a folder of the site rather than a link out of it, or remove it: docjet creates it.`
        : 'Check that docjet may create and write `.docjet/cache` in the site folder.',
  },
  'endpoint-not-found': {
    severity: 'warning',
    about: 'An endpoint reference matches no operation of the openapi in force (rule 10); the entry is left out of the navigation (`--strict`: an error).',
    message: (p: { reference: string; specs: readonly string[]; inForceAt: string | undefined; suggestions: readonly string[] }) =>
      `${quote(p.reference)} is not in ${p.specs.length === 1 ? quote(p.specs[0]) : `any of ${quoteAll(p.specs).join(', ')}`}${p.inForceAt ? ` (the openapi in force, set at ${p.inForceAt})` : ''}`,
    fix: (p: { suggestions: readonly string[] }) =>
      p.suggestions.length > 0 ? `Closest operations: ${p.suggestions.slice(0, 3).join(', ')}.` : 'Check the method and path against the spec.',
  },
  'endpoint-no-openapi': {
    severity: 'warning',
    about: 'An endpoint reference has no openapi in force above it (rule 10); the entry is left out of the navigation (`--strict`: an error).',
    message: (p: { entry: string }) => `${quote(p.entry)} refers to an API endpoint, but no "openapi" is set on this element or any element above it`,
    fix: 'Add "openapi": "path/to/openapi.json" to this group or one of its parents, or name the spec: "openapi.json GET /path".',
  },
  'expanded-top-level': {
    severity: 'warning',
    about: '"expanded" on a top-level group has no effect (rule 11).',
    message: () => '"expanded" has no effect on a top-level group: top-level groups are always expanded',
    fix: 'Remove "expanded", or nest the group inside another group to make it collapsible.',
  },
  'setting-no-effect': {
    severity: 'warning',
    about: 'A docs.json setting the format defines, which docjet accepts but does not apply yet (`--strict`: an error).',
    message: (p: { setting: UnappliedSetting }) => `${quote(p.setting)} has no effect yet: ${UNAPPLIED_SETTINGS[p.setting]}`,
    fix: 'Remove it to silence this warning; the site is built the same with or without it.',
  },
  'contextual-option-no-effect': {
    severity: 'warning',
    about:
      "Entries of `contextual.options` (in docs.json or a page's frontmatter) that a site docjet builds cannot offer: they need a service of the hosted product (assistant, PDFs, Devin's MCP), or are no option at all; they are left out of the menu (`--strict`: an error). One warning per kind of entry, at the first.",
    /**
     * `options`: the built-ins' names or the entries' titles, of one kind (`gap`); `pages`: other
     * pages whose frontmatter lists them too; `suggestion`: the known option an unknown one is closest to.
     */
    message: (p: { options: string[]; gap: ContextualGap; pages?: number; suggestion?: string | undefined }) =>
      `contextual ${p.options.length === 1 ? 'option' : 'options'} ${listAnd(p.options)} ${p.options.length === 1 ? 'has' : 'have'} no effect: ${CONTEXTUAL_GAPS[p.gap].why}` +
      (p.pages ? ` (${p.pages} other ${p.pages === 1 ? 'page lists' : 'pages list'} ${p.options.length === 1 ? 'it' : 'them'} too)` : ''),
    fix: (p: { options: string[]; gap: ContextualGap; suggestion?: string | undefined }) =>
      p.gap === 'unknown' ? didYouMean(p.suggestion, CONTEXTUAL_GAPS.unknown.fix) : CONTEXTUAL_GAPS[p.gap].fix.replace('{them}', p.options.length === 1 ? 'it' : 'them'),
  },
  'redirect-duplicate': {
    severity: 'warning',
    about: 'Two redirects have the same source (rule 12); the first one wins (`--strict`: an error).',
    /** `firstAt`: where the first one is written (`docs.json:12`), when known. */
    message: (p: { source: string; firstIndex: number; firstSpelling: string; firstAt: string | undefined }) =>
      `redirect source ${quote(p.source)} is already used by redirects[${p.firstIndex}]${p.firstAt ? ` at ${p.firstAt}` : ''}${p.firstSpelling === p.source ? '' : ` (as ${quote(p.firstSpelling)})`}; the first one wins`,
    fix: 'Remove one of the two redirects, or change its source.',
  },
  'redirect-chain': {
    severity: 'warning',
    about: 'A redirect leads to another redirect (a chain a reader follows hop by hop), or back to itself (a loop no browser leaves); found by `docjet check` and `build`.',
    /** `hops`: the paths followed, the source first. */
    message: (p: { hops: readonly string[]; loop: boolean }) =>
      p.loop ? `redirect ${quote(p.hops[0])} loops: ${p.hops.join(' → ')}` : `redirect ${quote(p.hops[0])} leads to another redirect: ${p.hops.join(' → ')}`,
    fix: (p: { hops: readonly string[]; loop: boolean }) => (p.loop ? 'Point one of these redirects at a page.' : `Point it straight at ${quote(p.hops[p.hops.length - 1])}.`),
  },
  'link-broken': {
    severity: 'warning',
    about:
      'A link, image, navigation href or redirect destination leads to no page, file or redirect of the site, as the built site and `docjet dev` resolve it (case-sensitive); found by `docjet check` and `build` (`dev`: on the page being viewed).',
    /** `url`: as written; `path`: the site path it resolves to; `via`: the redirect it went through, if any. */
    message: (p: { url: string; path: string; via?: string | undefined; suggestion?: string | undefined }) =>
      `${quote(p.url)} leads nowhere: no page, file or redirect answers ${quote(p.path)}${p.via ? ` (reached through the redirect from ${quote(p.via)})` : ''}`,
    fix: (p: { suggestion?: string | undefined }) => didYouMean(p.suggestion, 'Link to an existing page (docjet validate lists the routes), or add a redirect for the old path.'),
    target: (p: { path: string }) => p.path,
  },
  'link-external-broken': {
    severity: 'warning',
    about: 'An external link answers 404, 410 or another error status (`docjet check --external`; 401, 403, 405 and 429 are not counted as broken).',
    message: (p: { url: string; status: number }) => `${quote(p.url)} answers HTTP ${p.status}`,
    fix: 'Update the link to where the page is now, or remove it.',
  },
  'anchor-missing': {
    severity: 'warning',
    about:
      'A link names a `#fragment` the target page has no element for (headings, accordions, steps, tabs, parameter fields: the ids the renderer writes); found by `docjet check` and `build` (`dev`: on the page being viewed).',
    message: (p: { url: string; anchor: string; page: string; suggestion?: string | undefined }) => `${quote(p.url)}: page ${quote(p.page)} has no anchor ${quote(`#${p.anchor}`)}`,
    fix: (p: { suggestion?: string | undefined }) =>
      didYouMean(p.suggestion && `#${p.suggestion}`, 'Link to a heading that is on that page (its anchor is its text in lower case, words joined by "-").'),
  },
  'redirect-path-invalid': {
    severity: 'warning',
    about:
      "A redirect's source or destination cannot be a path on the site (a control character, an encoded `/`, a segment or path too long); the redirect is left out (`--strict`: an error).",
    message: (p: {
      field: 'source' | 'destination';
      value: string;
      problem: 'control' | 'encoded-separator' | 'segment-too-long' | 'too-long';
      maxSegment: number;
      maxPath: number;
    }) =>
      `redirect ${p.field} ${quote(p.value.length > 80 ? `${p.value.slice(0, 77)}...` : p.value)} ${
        p.problem === 'control'
          ? 'holds a control character (such as NUL), which no address may hold'
          : p.problem === 'encoded-separator'
            ? 'holds a `/` or `\\` written as %2F or %5C inside a segment, which no file can be named after'
            : p.problem === 'segment-too-long'
              ? `has a segment over ${p.maxSegment} bytes, longer than a file name may be`
              : `is over ${p.maxPath} bytes long`
      }; the redirect is left out`,
    fix: 'Write the path as a browser shows it in the address bar: plain segments separated by "/".',
  },
  'group-pages-missing': {
    severity: 'error',
    about: 'A group has no "pages" and no "openapi" to generate them (rule 3).',
    message: (p: { label: string | undefined }) =>
      `the group${p.label ? ` ${quote(p.label)}` : ''} needs "pages" (the list of its pages), or "openapi" to generate them from a spec`,
    fix: 'Add "pages": [ … ] listing its pages.',
  },
  'group-root-missing': {
    severity: 'warning',
    about: 'A group\'s "root" names no page; the group is shown without one (`--strict`: an error).',
    message: (p: MissingPage) => `group root ${quote(p.entry)} does not exist: ${noFileFor(p.wanted)}; the group is shown without its own page`,
    fix: (p: MissingPage) => didYouMean(p.suggestion, 'Create the file, or remove the reference.'),
  },
  'route-collision': {
    severity: 'error',
    about: 'Two pages would be written to the same URL.',
    message: (p: { kept: string; dropped: string; route: string }) => `${p.kept} and ${p.dropped} are both served at /${p.route}; ${p.kept} is used`,
    fix: 'Rename or remove one of them.',
  },
  'endpoint-route-taken': {
    severity: 'warning',
    about: 'A page file stands at the route of a generated endpoint page and describes something else; the generated page gets a numbered route.',
    message: (p: { file: string; operation: string; spec: string; route: string; given: string }) =>
      `${p.file} is at /${p.route}, the route of the page generated for \`${p.operation}\` of ${p.spec}, and does not describe that operation; the generated page is served at /${p.given}`,
    fix: (p: { operation: string }) =>
      `To make the file that operation's page, give it the frontmatter \`openapi: ${p.operation}\`; otherwise move the file, or set \`x-mint.href\` on the operation.`,
  },
  'overview-route-taken': {
    severity: 'warning',
    about: 'A page file stands at the route of the API overview page generated for an OpenAPI document; the overview gets a numbered route.',
    message: (p: { file: string; spec: string; route: string; given: string }) =>
      `${p.file} is at /${p.route}, the route of the API overview generated for ${p.spec}; the overview is served at /${p.given}`,
    fix: () => 'Move or rename the file to serve the overview at its own route; otherwise nothing to do: endpoint pages link to the overview where it is.',
  },

  // Content
  'duplicate-page-file': {
    severity: 'warning',
    about: 'Both x.md and x.mdx exist; x.mdx is used.',
    message: (p: { ignored: string; used: string; id: string }) =>
      `\`${p.ignored}\` and \`${p.used}\` are both the page \`${p.id}\`; \`${p.used}\` is used and \`${p.ignored}\` is ignored`,
    fix: (p: { ignored: string }) => `Delete or rename one of them, or list \`${p.ignored}\` in \`.mintignore\`.`,
  },
  'symlink-outside-root': {
    severity: 'warning',
    about: 'A symbolic link points outside the site folder and is skipped.',
    message: (p: { target: string }) => `the symlink points outside the site folder (at \`${p.target}\`), so it is skipped`,
    fix: 'Copy the file into the site folder, or point the symlink at a file inside it.',
  },
  'symlink-cycle': {
    severity: 'warning',
    about: 'A symbolic link loops back on itself and is skipped.',
    /** `folder`: the folder holding the link that it points at; undefined when links loop among themselves. */
    message: (p: { folder: string | undefined }) =>
      p.folder === undefined
        ? 'the symlink points, through other symlinks, back at itself, so it is skipped'
        : `the symlink points at \`${p.folder}\`, a folder that contains it, which would repeat forever, so it is skipped`,
    fix: (p: { folder: string | undefined }) =>
      p.folder === undefined ? 'Point the symlink at a real file or folder.' : 'Point the symlink at a folder that does not contain it.',
  },
  'symlink-broken': {
    severity: 'warning',
    about: 'A symbolic link points at nothing.',
    message: (p: { reason: string }) => `the symlink ${p.reason}, so it is skipped`,
    fix: 'Fix the symlink’s target or delete the symlink.',
  },
  'frontmatter-leading-blank': {
    severity: 'warning',
    about: 'Blank lines before the frontmatter.',
    message: (p: { openLine: number; blankLines: number }) =>
      `the frontmatter starts on line ${p.openLine}, after ${plural(p.blankLines, 'blank line')}; it is read anyway, but other Markdown tools (the reference product included) only see frontmatter that starts on line 1 and would show it as text`,
    fix: (p: { blankLines: number }) => `Delete the blank ${p.blankLines === 1 ? 'line' : 'lines'} before the opening \`---\`.`,
  },
  'frontmatter-not-mapping': {
    severity: 'warning',
    about: 'Frontmatter that is not a set of key: value pairs.',
    message: (p: { kind: string }) => `the frontmatter is ${p.kind}, not a set of \`key: value\` pairs, so it is ignored`,
    fix: 'Write each setting as `key: value` on its own line, for example `title: "Getting started"`.',
  },
  'frontmatter-unclosed': {
    severity: 'warning',
    about: 'A frontmatter block with no closing ---.',
    message: (p: { openLine: number }) =>
      `the \`---\` on line ${p.openLine} opens a frontmatter block that is never closed, so the page is read as having no frontmatter and the line shows as a horizontal rule`,
    fix: 'Add a closing `---` line after the frontmatter; if you meant a horizontal rule, write `***` instead.',
  },
  'frontmatter-syntax': {
    severity: 'error',
    about: 'Frontmatter that is not valid YAML.',
    message: (p: { reason: string; fix: string }) => `the frontmatter is not valid YAML: ${p.reason}`,
    /** Made where the YAML is known: the advice depends on the line the parser stopped at. */
    fix: (p: { fix: string }) => p.fix,
  },
  'frontmatter-indentation': {
    severity: 'warning',
    about: 'A quoted frontmatter value continues at column 0; read as if indented.',
    message: () => 'a quoted value in the frontmatter continues on a line that is not indented; it is read the way the reference product reads it, but YAML parsers reject it',
    fix: 'Indent the lines that continue the quoted value by at least one space, or join the value onto one line.',
  },
  'page-unreadable': {
    severity: 'error',
    about: 'A page file exists but cannot be read.',
    message: (p: { reason: string }) => `the page could not be read (${p.reason})`,
    fix: 'Check that the file exists, is a regular file, and that its permissions let docjet read it.',
  },
  'folder-unreadable': {
    severity: 'warning',
    about: 'A folder of the site cannot be read and is skipped.',
    message: (p: { reason: string }) => `the folder could not be read (${p.reason}), so its files are left out`,
    fix: 'Check the folder’s permissions, or list it in `.mintignore`.',
  },
  'site-folder-missing': {
    severity: 'error',
    about: 'The site folder does not exist.',
    message: (p: { root: string; reason: string }) => `the site folder \`${p.root}\` could not be read (${p.reason})`,
    fix: 'Run docjet in the folder that holds `docs.json`, or pass that folder.',
  },
  'mintignore-unreadable': {
    severity: 'error',
    about: '.mintignore exists but cannot be read, so nothing would be ignored.',
    message: (p: { reason: string }) => `\`.mintignore\` could not be read (${p.reason}), so no file is left out by it`,
    fix: 'Make `.mintignore` a readable text file, or delete it.',
  },

  // Page bodies (MDX/Markdown rendering)
  'mdx-syntax': {
    severity: 'warning',
    about: 'MDX syntax the parser rejects (a stray `{` or `<`, `<br>` without a slash); repaired so the page renders.',
    message: (p: MdxSyntax) => mdxSyntaxMessage(p),
    fix: (p: MdxSyntax) => mdxSyntaxFix(p),
  },
  'mdx-html-comment': {
    severity: 'warning',
    about: 'An HTML comment `<!-- -->`, which MDX does not allow; it is left out.',
    message: () => 'an HTML comment (`<!-- … -->`) is not valid MDX; it is left out of the page',
    fix: 'Write comments as `{/* … */}`.',
  },
  'mdx-fallback-markdown': {
    severity: 'warning',
    about: 'An MDX page that cannot be repaired; it is read as plain Markdown.',
    message: (p: { reason: string }) =>
      `the page is not valid MDX (${p.reason}) and could not be repaired, so it is read as plain Markdown: its components and {expressions} show as written`,
    fix: 'Fix the MDX at this position: close the tag or expression, or escape a literal `<` or `{` as `\\<` or `\\{`.',
  },
  'mdx-expression-undefined': {
    severity: 'warning',
    about: 'A `{name}` expression names nothing the page defines; shown as written.',
    message: (p: UndefinedName) =>
      p.in === 'text'
        ? `\`{${p.source}}\` names \`${p.name}\`, which this page does not define, so it is shown as written`
        : `the attribute ${p.attribute} of \`<${p.element}>\` uses \`${p.name}\`, which this page does not define; the attribute is left out`,
    fix: (p: UndefinedName) =>
      p.in === 'text'
        ? `To show the braces, escape the first one: \`\\{${p.source}}\`; to show a value, define it with \`export const ${p.name} = …\`.`
        : `Define it with \`export const ${p.name} = …\`, or write the value in quotes.`,
  },
  'variable-undefined': {
    severity: 'warning',
    about: 'A `{{name}}` on a page or snippet of a site whose docs.json defines `variables`, naming none of them; shown as written (said once per file).',
    message: (p: { name: string; others: string[]; suggestion: string | undefined }) =>
      `\`{{${p.name}}}\` names no variable docs.json defines, so it is shown as written` +
      (p.others.length === 0 ? '' : ` (as ${p.others.length === 1 ? 'is' : 'are'} ${p.others.map((name) => `\`{{${name}}}\``).join(', ')} in this file)`),
    fix: (p: { name: string; suggestion: string | undefined }) =>
      p.suggestion === undefined
        ? `Define it under \`variables\` in docs.json: "variables": { "${p.name}": "…" }.`
        : `Did you mean \`{{${p.suggestion}}}\`? Else define it under \`variables\` in docs.json: "variables": { "${p.name}": "…" }.`,
  },
  'mdx-expression-unsupported': {
    severity: 'warning',
    about: 'An expression that needs JavaScript to run (a call, a function, JSX); shown as written or left out.',
    message: (p: UnsupportedExpression) => unsupportedExpressionMessage(p),
    fix: (p: UnsupportedExpression) => UNSUPPORTED_EXPRESSION_FIX[p.problem],
  },
  'mdx-evaluation-budget': {
    severity: 'warning',
    about:
      "A page's code (an expression, a component written as a function) did more work than a page may: too many steps, too large a value or too slow a regular expression; shown as written or left out.",
    /** `subject`: what was evaluated; `outcome`: what the page shows instead. */
    message: (p: EvaluationBudget) => `${p.subject} ${EVALUATION_BUDGET_TEXT[p.limit]}; ${p.outcome}`,
    fix: (p: EvaluationBudget) => EVALUATION_BUDGET_FIX[p.limit],
  },
  'mdx-unknown-component': {
    severity: 'warning',
    about: 'A component docjet does not know; its children are shown without it.',
    /** `pageCode`: the name is defined by the page's own JavaScript (`export const Name = …`). */
    message: (p: { name: string; pageCode: boolean }) =>
      p.pageCode
        ? `\`<${p.name}>\` is defined by this page's own JavaScript (\`export const ${p.name} = …\`), which docjet does not run; its children are shown without it`
        : `\`<${p.name}>\` is not a component docjet knows; its children are shown without it`,
    fix: (p: { name: string; pageCode: boolean }) =>
      p.pageCode
        ? 'Use one of the built-in components, or a snippet imported from a file.'
        : `Check the spelling, or import it from a snippet: \`import ${p.name} from '/snippets/…'\`.`,
  },
  'script-tag': {
    severity: 'warning',
    about: 'A `<script>` element in a page; left out of the HTML (docjet never runs scripts written in a page).',
    message: () => 'a `<script>` element is left out of the page: docjet never runs scripts written in a page',
    fix: 'To run a script on every page, put it in a `.js` file in the docs folder instead.',
  },
  'code-fence-unclosed': {
    severity: 'warning',
    about: 'A code fence that is never closed; the block runs to the end of its container.',
    message: () => 'this code block is never closed, so everything after it, to the end of the page or of the element around it, is shown as code',
    fix: 'Add the closing fence (the same ``` or ~~~ that opens the block) on a line of its own after the code.',
  },
  'math-invalid': {
    severity: 'warning',
    about: 'A formula (`$…$`, `$$…$$`, `<Latex>`) KaTeX cannot read; it is shown as written.',
    message: (p: MathInvalid) => `the formula \`${p.formula}\`${p.in === 'latex' ? ' in `<Latex>`' : ''} cannot be typeset (${p.reason}), so it is shown as written`,
    fix: (p: MathInvalid) =>
      p.in === 'latex'
        ? 'Correct the TeX; to keep braces and backslashes from MDX, write the formula as a string: `<Latex>{"x^{10}"}</Latex>`.'
        : p.price
          ? 'If the dollar signs are prices, not math, escape them: `\\$5`.'
          : 'Correct the TeX; KaTeX supports most of LaTeX math (https://katex.org/docs/supported).',
  },
  'component-failed': {
    severity: 'error',
    about: 'A component threw while rendering; its children are shown without it.',
    message: (p: { name: string; reason: string }) => `the \`<${p.name}>\` component failed (${p.reason}); its children are shown without it`,
    fix: 'This is a bug in the component: please report it with the page attached.',
  },
  'page-render-timeout': {
    severity: 'error',
    about: '`docjet dev`: a page whose render did not end within its deadline (60 s); it was stopped, and is tried again once the page or a file it includes changes.',
    message: (p: { route: string; seconds: number }) => `rendering the page /${p.route} took longer than ${p.seconds} s and was stopped`,
    fix: 'Look for what makes this page slow: an expression that never ends (a loop, a regular expression that backtracks), or Markdown nested very deeply; `docjet build` reports it at its line.',
  },
  'page-render-failed': {
    severity: 'error',
    about: 'A page body that cannot be rendered at all.',
    /** `operation`: the label of the OpenAPI operation whose page failed; undefined for an MDX page. */
    message: (p: { operation: string | undefined; reason: string }) => `the page${p.operation === undefined ? '' : ` of ${p.operation}`} could not be rendered (${p.reason})`,
    fix: (p: { operation: string | undefined }) => `This is a bug in docjet: please report it with the ${p.operation === undefined ? 'page' : 'spec'} attached.`,
  },
  'icon-unknown': {
    severity: 'warning',
    about: 'An icon name that no icon library has, and that no free icon stands in for (as one does for Font Awesome Pro names); a neutral placeholder is shown.',
    message: (p: { name: string; suggestion: string | undefined; library: string }) =>
      `no icon library has an icon called "${p.name}", nor a free icon of the same meaning; a placeholder circle is shown in its place`,
    fix: (p: { suggestion: string | undefined; library: string }) =>
      p.suggestion ? `Did you mean "${p.suggestion}"?` : `Use a name from ${p.library} (the site's icons.library), or a URL or path to an image.`,
  },

  // Snippets (imports, `<Snippet file>`, components written as functions)
  'snippet-missing': {
    severity: 'warning',
    about: 'An imported snippet file (or `<Snippet file>`) does not exist; its element shows only its children (the reference product warns too, §2.3).',
    message: (p: SnippetMissing) =>
      p.via === 'import'
        ? `\`${p.source}\` does not exist, so nothing is imported from it (its components show only their children)`
        : `\`<Snippet file="${p.file}">\` names no file: there is no \`snippets/${p.name}\` or \`_snippets/${p.name}\`, so nothing is shown`,
    fix: (p: SnippetMissing) =>
      p.via === 'import'
        ? `Create \`${p.file}\`, or fix the path${p.suggestion ? `: did you mean \`${p.suggestion}\`?` : '.'}`
        : `Create \`snippets/${p.name}\`, or fix the name${p.suggestion ? `: did you mean \`file="${p.suggestion}"\`?` : '.'}`,
  },
  'snippet-unreadable': {
    severity: 'warning',
    about: 'A snippet file exists but cannot be read; its element shows only its children.',
    message: (p: { reason: string }) => `the snippet file cannot be read (${p.reason}), so nothing is imported from it`,
    fix: "Check the file's permissions, or replace it with a readable copy.",
  },
  'snippet-import-package': {
    severity: 'warning',
    about: 'An import of a package (`@mintlify/components`, an npm module) instead of a file of the site; nothing is loaded.',
    /** `builtInPackage`: the package is one whose components docjet has built in, but not `imported`. */
    message: (p: { source: string; imported: string; builtInPackage: boolean }) =>
      `\`${p.source}\` is a package, not a file of the site; docjet renders pages without loading packages, so nothing is imported from it`,
    fix: (p: { imported: string; builtInPackage: boolean }) =>
      p.builtInPackage
        ? `\`${p.imported}\` is not a built-in component: check its name, or write it in a .jsx file under \`snippets/\` and import it from there.`
        : "Use a built-in component, or write the component in a .jsx file under `snippets/` and import it with a path: `import { Name } from '/snippets/name.jsx'`.",
  },
  'snippet-import-unsupported': {
    severity: 'warning',
    about: 'An import of a file that is not a snippet (.mdx, .md or .jsx); nothing is loaded.',
    /** `name`: the import's source, or the `file` of `<Snippet file>`; `file`: the file it names. */
    message: (p: { via: 'import' | 'element'; name: string; file: string }) =>
      p.via === 'import'
        ? `\`${p.name}\` is not a snippet docjet can load (only .mdx, .md and .jsx files are), so nothing is imported from it`
        : `\`<Snippet file="${p.name}">\` names \`${p.file}\`, which is not a snippet (only .mdx, .md and .jsx files are)`,
    fix: (p: { via: 'import' | 'element'; file: string }) =>
      p.via === 'import' ? `Rename \`${p.file}\` to .jsx if it is plain JavaScript with JSX, or put its content in an .mdx snippet.` : 'Include an .mdx or .md file.',
  },
  'snippet-export-missing': {
    severity: 'warning',
    about: 'A named import that the snippet file does not export.',
    message: (p: SnippetExportMissing) =>
      p.via === 'element'
        ? `\`<Snippet file="${p.name}">\` names \`${p.file}\`, which has no content to show`
        : `\`${p.source}\` has no ${p.imported === 'default' ? 'default export' : `export named \`${p.imported}\``}, so \`${p.local}\` is not defined`,
    fix: (p: SnippetExportMissing) => snippetExportFix(p),
  },
  'snippet-syntax': {
    severity: 'warning',
    about: 'A .jsx snippet that is not valid JavaScript; its exports are not available.',
    message: (p: { reason: string }) => `this .jsx snippet is not valid JavaScript (${p.reason}), so nothing is imported from it`,
    fix: 'Fix the syntax at this position. Snippets are plain JavaScript with JSX: TypeScript types are not allowed.',
  },
  'snippet-cycle': {
    severity: 'warning',
    about: 'Snippets import or include each other in a loop (or nest too deep); the one closing the loop is left out.',
    /** `via`: snippets importing snippets, or including them (`<Snippet>`, a snippet's body); `loop` false: too deep. */
    message: (p: { via: 'import' | 'element'; loop: boolean; chain: string; maxDepth: number }) =>
      p.via === 'import'
        ? `${p.loop ? 'snippets import each other in a loop' : `snippets import snippets more than ${p.maxDepth} deep`} (${p.chain}), so this import is left out`
        : `${p.loop ? 'snippets include each other in a loop' : `snippets are nested more than ${p.maxDepth} deep`} (${p.chain}), so this one is left out`,
    fix: (p: { via: 'import' | 'element' }) =>
      p.via === 'import'
        ? 'Remove one of the imports in the loop: a snippet cannot include itself, directly or through others.'
        : 'Remove the include that leads back to a snippet already being shown.',
  },
  'component-partial': {
    severity: 'warning',
    about: 'A component written as a function needs JavaScript docjet does not run (state, effects, network); those parts are left out.',
    /** `subject`: what was rendered; `uses`: what it needed, in short; `outcome`: what the page shows instead. */
    message: (p: { subject: string; uses: string; outcome: string }) => `${p.subject} needs JavaScript that docjet does not run (${p.uses}); ${p.outcome}`,
    fix: 'For content that must be in the page, use props and markup only; interactive widgets can be a `.js` file in the docs folder.',
  },

  // Output folder and serving (safety)
  // @section output
  'output-is-site': {
    severity: 'error',
    about: 'The output folder is the site folder, contains it (a parent folder), or is the root of the file system; building there would delete the site. `docjet` exits 2.',
    message: (p: { folder: string; problem: 'file-system-root' | 'is-site' | 'contains-site' }) =>
      p.problem === 'file-system-root'
        ? `the output folder \`${p.folder}\` is the root of the file system; building there would replace everything on it`
        : `the output folder \`${p.folder}\` ${p.problem === 'is-site' ? 'is the site folder itself' : 'contains the site folder'}; building there would delete docs.json and every page`,
    fix: (p: { problem: 'file-system-root' | 'is-site' | 'contains-site' }) =>
      p.problem === 'file-system-root' ? 'Choose an empty folder with --out, like dist.' : 'Choose another folder with --out, like dist inside the site folder (the default).',
  },
  'output-is-file': {
    severity: 'error',
    about: 'The output folder is a file, or lies under a file; nothing is written. `docjet` exits 2.',
    /** `file`: the file on the way to the folder; undefined when the folder itself is a file. */
    message: (p: { folder: string; file: string | undefined }) =>
      p.file === undefined
        ? `the output folder \`${p.folder}\` is a file; building there would delete it`
        : `the output folder \`${p.folder}\` cannot be created: \`${p.file}\` is a file`,
    fix: (p: { file: string | undefined }) =>
      p.file === undefined ? 'Choose a folder with --out (an empty one, or one docjet wrote before).' : 'Choose a folder with --out whose parent folders are folders.',
  },
  'output-link-outside': {
    severity: 'error',
    about:
      'The output folder is reached through a symbolic link in the site folder that leads out of it (a repository shipping `dist -> /elsewhere`); building would replace the folder the link leads to. `--force` does not apply. `docjet` exits 2.',
    message: (p: { folder: string; real: string }) =>
      `the output folder \`${p.folder}\` is reached through a link in the site folder that leads out of it, to \`${p.real}\`; building there would replace a folder outside the site`,
    fix: 'Remove the link, or pass that folder itself with --out if you mean to build there.',
  },
  'output-in-cache': {
    severity: 'error',
    about: "The output folder is docjet's cache folder (`.docjet` in the site folder) or lies inside it. `--force` does not apply. `docjet` exits 2.",
    message: (p: { folder: string }) => `the output folder \`${p.folder}\` is docjet's cache folder or lies inside it; building there would delete the cache`,
    fix: 'Choose another folder with --out, like dist (the default).',
  },
  'output-not-docjet': {
    severity: 'error',
    about:
      "The output folder holds files the last docjet build did not write: it has no `.docjet-output` marker, a marker without a record of the files (an earlier docjet's, or one made by hand), or files not in the record or changed since; the first few are named. `--force` replaces it anyway (inside the site folder, only files docjet wrote and the user changed). `docjet` exits 2.",
    message: (p: ForeignFiles) => `the output folder \`${p.folder}\` ${foreignFiles(p, 'yours')}; building there would delete them`,
    fix: (p: ForeignFiles) =>
      p.marker === 'none'
        ? 'Choose an empty folder, or pass --force to replace a folder docjet did not write.'
        : p.marker === 'unrecorded'
          ? 'Delete the folder if it holds only an earlier build, or pass --force to replace it.'
          : 'Move them out of the folder, or pass --force to replace them.',
  },
  'output-holds-site-files': {
    severity: 'error',
    about:
      "The output folder is a folder inside the site that holds files docjet did not write (the site's own files: pages, images, or a file added to the output), whatever its `.docjet-output` marker says; `--force` does not apply. `docjet` exits 2.",
    message: (p: ForeignFiles) =>
      isEarlierBuild(p)
        ? `the output folder \`${p.folder}\` ${foreignFiles(p, "the site's")}; building there would delete them`
        : `the output folder \`${p.folder}\` is a folder of the site that holds files docjet did not write: ${fileList(p)}; building there would delete them`,
    fix: (p: ForeignFiles) =>
      holdsPages(p)
        ? 'Choose another folder with --out, like dist (the default): this one holds pages of the site.'
        : isEarlierBuild(p)
          ? 'Delete the folder if it holds only an earlier build, then build again.'
          : 'Move them out of the folder (a file to publish goes in the site folder, beside docs.json), or choose another folder with --out.',
  },
  'output-unwritable': {
    severity: 'error',
    about: 'The output folder cannot be created (no permission, read-only or special file system); nothing is written. `docjet` exits 2.',
    /** `stage`: checking the folder before the build, or creating it. */
    message: (p: { folder: string; reason: string; stage: 'check' | 'create' }) =>
      p.stage === 'check'
        ? `the output folder \`${p.folder}\` cannot be checked (${p.reason})`
        : `the output folder \`${p.folder}\` cannot be created (${p.reason}); nothing was written`,
    fix: (p: { stage: 'check' | 'create' }) => (p.stage === 'check' ? 'Choose another folder with --out.' : 'Choose a folder you can write to with --out.'),
  },
  'output-write-failed': {
    severity: 'error',
    about: 'A file of the built site could not be written (disk full, I/O error), or the finished site could not be moved into place; the previous output is left as it was.',
    message: (p: OutputWriteFailed) =>
      p.stage === 'write'
        ? `\`${p.relative}\` of the built site could not be written (${p.reason}); the previous output was left as it was`
        : `the built site could not be moved into \`${p.folder}\` (${p.reason}); the previous output was left as it was`,
    fix: (p: OutputWriteFailed) =>
      p.stage === 'write'
        ? 'Check that the disk has space and the folder can be written to, then build again.'
        : 'Check that the folder can be written to and no program holds it open, then build again.',
  },

  'sitemap-no-url': {
    severity: 'warning',
    about:
      'The build knows no public address for the site (no `--url`, no `seo.metatags.canonical`): `sitemap.xml`, which needs absolute URLs, is left out, and `robots.txt` names none.',
    message: () => "the site's public address is not known, so sitemap.xml (whose URLs must be absolute) was left out and robots.txt names no sitemap",
    fix: 'Pass the address with --url https://docs.example.com, or set "seo": {"metatags": {"canonical": "https://docs.example.com"}} in docs.json.',
  },

  // Script injection (safety)
  // @section injection
  'url-unsafe': {
    severity: 'warning',
    about: 'A link, image or other URL in a page, its frontmatter (`url`) or an OpenAPI description uses a javascript:, vbscript: or data: URL (however spelt); it is left out.',
    message: (p: UrlUnsafe) => urlUnsafeMessage(p),
    fix: (p: UrlUnsafe) => (p.in === 'frontmatter' ? 'Set `url` to an http(s) URL, or remove it.' : 'Link to an http(s) URL or a page path instead.'),
  },
  'html-unsafe': {
    severity: 'warning',
    about:
      'HTML or JSX in a page that would run script: an event-handler attribute (`onclick`), `srcdoc`, a style that calls script, or `<object>`/`<embed>`/`<base>`; it is left out.',
    /** `tag`: the element as shown (`` `<object>` ``); `attribute`: the attribute left out, undefined when the whole element is. */
    message: (p: { tag: string; attribute: string | undefined }) =>
      p.attribute === undefined
        ? `this ${p.tag} element is left out of the page: it can load and run active content in every reader's browser`
        : `the \`${p.attribute}\` attribute of ${p.tag} is left out: ${p.attribute.toLowerCase() === 'style' ? 'its CSS calls script' : "it would run script in every reader's browser"}`,
    fix: (p: { attribute: string | undefined }) =>
      p.attribute === undefined
        ? 'Embed videos and pages with `<iframe src="https://…">`, images with `<img>`; link to other files instead.'
        : 'Remove it; to run a script on every page, put it in a `.js` file in the docs folder.',
  },

  // Reading outside the project, nesting limits (safety)
  // @section boundaries
  'ref-outside-root': {
    severity: 'error',
    about: 'A "$ref" names a file outside the site folder (as written, or through a symbolic link); it is not read.',
    /** `reason`: where the file lies, as `outsideReason` words it ("is outside the site folder"). */
    message: (p: { reference: string; reason: string }) => `"$ref" names ${quote(p.reference)}, which ${p.reason}, so it is not read`,
    fix: 'Move the file into the site folder (next to docs.json or below it) and name it from there; "$ref" only includes files of the site.',
  },
  'config-outside-root': {
    severity: 'error',
    about: 'docs.json (or mint.json) is a symbolic link to a file outside the site folder; it is not read.',
    message: (p: { configFile: string }) => `${p.configFile} is a symbolic link to a file outside the site folder, so it is not read`,
    fix: (p: { configFile: string }) => `Replace the link with a copy of the file, or run docjet in the folder that really holds ${p.configFile}.`,
  },
  'snippet-outside-root': {
    severity: 'warning',
    about: 'An import or `<Snippet file>` names a file outside the site folder (as written, or through a symbolic link); nothing is read from it.',
    /** `name`: the import's source, or the `file` of `<Snippet file>`; `reason`: where the file lies. */
    message: (p: { via: 'import' | 'element'; name: string; reason: string }) =>
      p.via === 'import' ? `\`${p.name}\` ${p.reason}, so nothing is imported from it` : `\`<Snippet file="${p.name}">\` names a file that ${p.reason}, so nothing is shown`,
    fix: 'Snippets are files of the site: move the file under `snippets/` in the docs folder and import it as `/snippets/…`.',
  },
  'openapi-outside-root': {
    severity: 'error',
    about: 'An openapi file (or a `spec.yaml GET /x` entry) names a file outside the site folder; it is not read.',
    /** `reason`: where the file lies, as `outsideReason` words it ("is outside the site folder"). */
    message: (p: { file: string; reason: string }) => `The OpenAPI file \`${p.file}\` ${p.reason}, so it is not read.`,
    fix: 'Copy the spec into the site folder and name its path from there (relative to the folder that holds docs.json).',
  },
  'nesting-too-deep': {
    severity: 'error',
    about: 'A config file nests lists and objects more than 256 levels deep (counting the files that include it); it is not read past that point.',
    /** `throughRefs`: the depth counts the files that include this one. */
    message: (p: { max: number; throughRefs: boolean }) =>
      `lists and objects are nested more than ${p.max} levels deep here${p.throughRefs ? ' (counting the files that include this one by "$ref")' : ''}; docjet stops reading the config at this point`,
    fix: 'Flatten the structure: real navigation nests a few levels (groups in groups, inside tabs or versions). Check for generated or repeated brackets.',
  },
  'ref-too-many': {
    severity: 'error',
    about: 'The config includes files by "$ref" more than 1,000 times in all (files including files many times over); the rest are not read.',
    message: (p: { max: number }) => `the config includes files by "$ref" more than ${p.max} times in all, so this one and those after it are not read`,
    fix: 'Include each file once: a file named by "$ref" in a file that is itself included many times is read again each time.',
  },

  // Resource bounds (safety)
  // @section bounds
  'page-nesting-too-deep': {
    severity: 'warning',
    about: 'A page nests lists, quotes, elements or emphasis more than 256 levels deep; the deeper levels are shown flattened at level 256.',
    message: (p: { max: number }) =>
      `the page nests lists, quotes, elements or emphasis more than ${p.max} levels deep here; the deeper levels are shown flattened at level ${p.max}`,
    fix: 'Nest less deeply: split the content into separate lists, quotes or elements.',
  },
  'page-syntax-limit': {
    severity: 'warning',
    about:
      'A paragraph (or page) holds more brackets, emphasis marks, backtick runs of different lengths, lazy lines, character references or link definitions than Markdown can be read with in time that grows with its size; those characters are shown as text.',
    message: (p: SyntaxLimitParams) => syntaxLimitMessage(p),
    fix: (p: SyntaxLimitParams) => SYNTAX_LIMIT_FIX[p.limit],
  },
  'yaml-aliases-too-many': {
    severity: 'error',
    about: 'YAML (an OpenAPI document or a page\'s frontmatter) expands its aliases (`*name`) into more than 100,000 values, which is an "alias bomb"; it is not read.',
    /** `reason`: the parser's account of the expansion; `file`: the OpenAPI file, when it is one. */
    message: (p: { in: 'frontmatter'; reason: string } | { in: 'openapi'; file: string; reason: string }) =>
      p.in === 'frontmatter' ? `the frontmatter is not read: ${p.reason}` : `\`${p.file}\`: ${p.reason}.`,
    fix: (p: { in: 'frontmatter' | 'openapi' }) =>
      p.in === 'frontmatter'
        ? 'Write the repeated values out instead of repeating aliases (`*name`) of aliases.'
        : 'Write the repeated values out, or use `$ref` to share a schema; no page is made from this spec until then.',
  },
  'encoding-invalid': {
    severity: 'warning',
    about: 'A page, snippet or OpenAPI file is not valid UTF-8; the bad bytes are shown as "\uFFFD".',
    message: (p: { what: string; byte: number }) =>
      `the ${p.what} is not valid UTF-8: the byte 0x${p.byte.toString(16).toUpperCase().padStart(2, '0')} here is not part of a UTF-8 character, so it and any other bad bytes are shown as "\uFFFD"`,
    fix: 'Save the file as UTF-8 (most editors offer "Save with encoding"; the file may have been written as Latin-1 or Windows-1252).',
  },
  'nul-character': {
    severity: 'warning',
    about: 'An OpenAPI file writes a NUL character into its text (`\\u0000`); browsers drop it from a page, so it is shown as "\uFFFD".',
    message: (p: { file: string; count: number }) =>
      `${quote(p.file)} writes ${p.count === 1 ? 'a NUL character' : `${p.count} NUL characters`} (\`\\u0000\`)${p.count === 1 ? ' here' : ', the first here'}; a browser drops it, so the words around it run together: docjet shows it as "\uFFFD"`,
    fix: 'Delete it, or write the character you meant: a no-break space is `\\u00a0` (`\\u0000a0` is a NUL followed by the letters "a0").',
  },
  'route-too-long': {
    severity: 'error',
    about: "A page's URL is too long to be written as a file (a path segment over 255 bytes, or the whole path over 4,000 bytes).",
    message: (p: { route: string; problem: string; fromFile: boolean; maxBytes: number }) =>
      `the page's URL /${p.route} is too long to be written as a file: ${p.problem}, so the build would fail`,
    fix: (p: { fromFile: boolean; maxBytes: number }) =>
      `${p.fromFile ? 'Rename the file or its folders' : "Shorten the operation's `x-mint.href`, its tag or its summary"} so that each part of the URL is at most ${p.maxBytes} bytes (about ${p.maxBytes} letters, fewer in non-Latin scripts).`,
  },

  // @section typed-model
  'page-access-groups': {
    severity: 'warning',
    about:
      "A page's frontmatter `groups` limits it to signed-in readers of those groups in the hosted product; a docjet site has no sign-in, so the page is published for everyone.",
    message: (p: { groups: string }) =>
      `the frontmatter \`groups\` limits this page to signed-in readers in ${p.groups}, but a docjet site has no sign-in: everyone who has the site can read it`,
    fix: 'Remove `groups` if the page may be public, or leave the page out of the site (list it in `.mintignore`).',
  },

  'frontmatter-type': {
    severity: 'warning',
    about: 'A frontmatter key the format defines has a value of the wrong type (`hidden: "yes"`, `noindex: "true"`); the value is ignored.',
    /** `value`: the value described (`the string "yes"`); `expects`, `example`: what the key takes. */
    message: (p: { key: string; value: string; expects: string; example: string }) => `the frontmatter \`${p.key}\` is ${p.value}, but it must be ${p.expects}; it is ignored`,
    fix: (p: { key: string; example: string }) => `Write \`${p.key}: ${p.example}\`, or remove it.`,
  },

  // @section real-sites
  'frontmatter-endpoint-not-found': {
    severity: 'warning',
    about:
      "A page's `openapi:` frontmatter names an operation that no OpenAPI document of the site has (a remote spec that could be neither fetched nor read from the cache is not searched); the page shows its own content only.",
    /** `searched`: how many local documents were read; `remote`: the navigation names remote specs, which may hold it. */
    message: (p: { reference: string; searched: number; remote: boolean }) =>
      `the frontmatter \`openapi: ${p.reference}\` names an operation that ${p.searched === 0 ? 'no OpenAPI document of the site has' : p.searched === 1 ? "the site's one OpenAPI document does not have" : `none of the site's ${p.searched} OpenAPI documents has`}${p.remote ? ' (a remote spec the navigation names was neither fetched nor cached)' : ''}; the page shows its own content only`,
    fix: 'Check the method and path against the spec, name the spec first (`openapi: "api/openapi.json GET /pets"`), or copy a remote spec into the site folder.',
  },
  'frontmatter-schema-not-found': {
    severity: 'warning',
    about:
      "A page's `openapi-schema:` frontmatter names a model that no OpenAPI document of the site has under `components.schemas` (`definitions` in Swagger 2.0); the page shows its own content only.",
    /** `searched`: how many documents were read; `suggestion`: the closest model name they have. */
    message: (p: { reference: string; searched: number; suggestion: string | undefined }) =>
      `the frontmatter \`openapi-schema: ${p.reference}\` names a model that ${p.searched === 0 ? 'no OpenAPI document of the site has' : p.searched === 1 ? "the site's one OpenAPI document does not have" : `none of the site's ${p.searched} OpenAPI documents has`}; the page shows its own content only`,
    fix: (p: { suggestion: string | undefined }) =>
      p.suggestion !== undefined
        ? `Did you mean \`openapi-schema: ${p.suggestion}\`?`
        : 'Write a name from `components.schemas` of the spec, and name the spec first when several have it (`openapi-schema: "api/openapi.json Pet"`).',
  },
  'frontmatter-api-invalid': {
    severity: 'warning',
    about:
      'A page\'s `api:` frontmatter is not an HTTP method and a URL or path (`POST https://api.example.com/v1/things`); the page is shown without its method bar and "Try it" panel.',
    message: (p: ApiFrontmatterInvalid) =>
      `the frontmatter \`api: ${p.value}\` ${
        p.problem === 'no-method'
          ? 'does not start with an HTTP method'
          : p.problem === 'unknown-method'
            ? `starts with \`${p.word}\`, which is not an HTTP method`
            : p.problem === 'no-url'
              ? 'has no URL or path after the method'
              : p.problem === 'bad-url'
                ? `names \`${p.word}\`, which is neither an http(s) URL nor a path starting with \`/\``
                : `has more after the URL (\`${p.word}\`)`
      }; the page is shown without its method bar and "Try it" panel`,
    fix: (p: ApiFrontmatterInvalid) =>
      p.suggestion !== undefined
        ? `Write \`api: "${p.suggestion}"\`${p.problem === 'no-method' ? ', with the method the endpoint takes' : ''}.`
        : p.problem === 'no-url'
          ? 'Add the URL, or a path that `api.mdx.server` in docs.json goes before: `api: "GET /v1/things"`.'
          : 'Write the method, then the URL or a path: `api: "POST https://api.example.com/v1/things"`; methods are GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS and TRACE.',
  },
  'example-repeated': {
    severity: 'warning',
    about:
      'A page has more than one `<RequestExample>` (or `<ResponseExample>`); the hosted product supports one of each per page. docjet shows them all in the example column, in page order.',
    message: (p: { name: 'RequestExample' | 'ResponseExample' }) =>
      `only one \`<${p.name}>\` is supported per page; docjet shows this one below the first in the example column, other tools may not show it`,
    fix: (p: { name: 'RequestExample' | 'ResponseExample' }) => `Move its code blocks into the first \`<${p.name}>\`: each block becomes a tab of it.`,
  },
} as const satisfies Record<string, Entry<never>>;

export type DiagnosticCode = keyof typeof CATALOGUE;

/** The facts a code's message is made from: `diagnostic('page-missing', at, file, { entry, ... })`. */
export type MessageParams<C extends DiagnosticCode> = Parameters<(typeof CATALOGUE)[C]['message']> extends [infer P] ? P : Record<string, never>;

/**
 * The catalogue seen through its parameter types, so that `ENTRIES[code]` for a generic code takes
 * that code's parameters (TypeScript relates the two through this mapped type).
 */
const ENTRIES: { readonly [C in DiagnosticCode]: Entry<MessageParams<C>> } = CATALOGUE;

/**
 * Makes the diagnostic of `code` at `at` (or the whole of `fallbackFile`), with the message and fix
 * of its catalogue entry made from `params`; `path` is the JSON path in the config, if any.
 */
export function diagnostic<C extends DiagnosticCode>(code: C, at: Position | undefined, fallbackFile: string, params: MessageParams<C>, path?: string): Diagnostic {
  const entry = ENTRIES[code];
  const result: Diagnostic = {
    severity: entry.severity,
    code,
    file: at?.file ?? fallbackFile,
    line: at?.line ?? 0,
    column: at?.column ?? 0,
    message: entry.message(params),
  };
  if (path) result.path = path;
  const fix = typeof entry.fix === 'function' ? entry.fix(params) : entry.fix;
  if (fix) result.fix = fix;
  if (entry.target) result.target = entry.target(params);
  return result;
}

/** Why a "$ref" is not a usable reference: `not-string` has no `reference` to quote. */
type RefInvalid = { problem: 'not-string'; reference?: undefined } | { problem: 'bad-pointer' | 'no-file' | 'folder'; reference: string };

/** What each problem says: after `"$ref" names "…",` except for `not-string`, which has no name to quote. */
const REF_INVALID: Record<RefInvalid['problem'], { message: string; fix: string }> = {
  'not-string': {
    message: '"$ref" must be a string naming a JSON file, such as "./navigation.json"',
    fix: 'Write the path of the JSON file to include, relative to this file.',
  },
  'bad-pointer': {
    message: 'whose part after "#" is not a valid JSON pointer (a "%" must be followed by two hexadecimal digits that spell UTF-8)',
    fix: 'Write the pointer as "#/key/0", escaping "/" in a key as "~1", "~" as "~0" and other characters as UTF-8 percent escapes, or drop it to include the whole file.',
  },
  'no-file': { message: 'which has no file name before "#"', fix: 'Name the JSON file to include, such as "./navigation.json#/tabs".' },
  folder: { message: 'which is a folder, not a JSON file', fix: 'Name a JSON file in that folder, such as "./navigation/tabs.json".' },
};

/**
 * A key that the object at `object` (its JSON path; undefined at the top level), whose keys are
 * `known`, does not define: unknown there (`suggestion`: a known key with a close name), or a key of
 * `otherForm`, another form of the same setting (fonts: `family`, or `heading` and `body`), written
 * `beside` keys of this form.
 */
type UnknownKey = { key: string; object: string | undefined; known: readonly string[] } & (
  | { problem: 'unknown'; suggestion: string | undefined }
  | { problem: 'other-form'; beside: readonly string[]; otherForm: readonly string[] }
);

function keyPlace(object: string | undefined): string {
  return object === undefined ? 'at the top level' : `in ${object}`;
}

/**
 * A value of the wrong type at `target`, the place as the user knows it ("a tab", `"logo"`):
 * `expected`, what it takes ("a list"), `found`, the value described (`the string "x"`), and
 * `advice` when there is more to say than "change the type". Or a config file whose JSON is not an
 * object at all (`found`: "a list").
 */
type InvalidType =
  | { problem: 'value'; target: string; expected: string; found: string; advice: TypeAdvice | undefined }
  | { problem: 'config-not-object'; file: string; found: string };

/** How to write a value of the right type: a page entry as a path, a list, a quoted value (`text`), true or false. */
export type TypeAdvice = { write: 'page-path' | 'list' | 'boolean' } | { write: 'quoted'; text: string };

function typeAdvice(advice: TypeAdvice): string {
  switch (advice.write) {
    case 'page-path':
      return 'Write the page path as a string, or wrap pages in a group.';
    case 'list':
      return 'Use a list: [ … ].';
    case 'quoted':
      return `Write it in double quotes: ${quote(advice.text)}.`;
    case 'boolean':
      return 'Write true or false, without quotes.';
  }
}

/**
 * A value of the right type that the schema refuses, at `target` (named as for `invalid-type`): not
 * one of the `allowed` values (`suggestion`: a close one); an empty string, a list of fewer than
 * `minimum` items or another value too small (`inList`: it is an item of a list, which can go
 * instead); a string of the wrong format; or any other refusal. `reason`: the schema's words.
 */
type InvalidValue = { target: string } & (
  | { problem: 'not-allowed'; allowed: readonly string[]; value: unknown; suggestion: string | undefined }
  | { problem: 'empty'; inList: boolean }
  | { problem: 'too-few'; minimum: number; inList: boolean }
  | { problem: 'too-small'; reason: string; inList: boolean }
  | { problem: 'format'; reason: string; value: unknown }
  | { problem: 'invalid'; reason: string | undefined }
);

function invalidValueMessage(p: InvalidValue): string {
  switch (p.problem) {
    case 'not-allowed':
      return `${p.target} must be ${listOr(p.allowed)}, not ${quote(p.value)}`;
    case 'empty':
      return `${p.target} must not be empty`;
    case 'too-few':
      return `${p.target} must list at least ${plural(p.minimum, 'item')}`;
    case 'too-small':
      return `${p.target} is too small (${p.reason})`;
    case 'format':
      return `${p.target} ${p.reason}; got ${quote(p.value)}`;
    case 'invalid':
      return `${p.target} is not valid${p.reason === undefined ? '' : `: ${p.reason}`}`;
  }
}

function invalidValueFix(p: InvalidValue): string {
  switch (p.problem) {
    case 'not-allowed':
      return didYouMean(p.suggestion, 'Use one of the allowed values.');
    case 'empty':
    case 'too-few':
    case 'too-small':
      return p.inList ? 'Fill it in, or remove it from the list.' : 'Fill it in.';
    case 'format':
    case 'invalid':
      return 'Correct the value.';
  }
}

/**
 * An OpenAPI file that is not there, said of the file by the loader (`at: 'spec'`) or where
 * docs.json names it (`at: 'config'`): nothing at the path (`suggestion`: a spec file of the same
 * folder with a close name), a folder, or a spec the loader was not asked to read (`unchecked`).
 */
type OpenApiMissing = { file: string; at: 'config' | 'spec' } & ({ problem: 'missing'; suggestion: string | undefined } | { problem: 'folder' } | { problem: 'unchecked' });

function openApiMissingFix(p: OpenApiMissing): string {
  switch (p.problem) {
    case 'missing':
      return p.suggestion ? `Did you mean \`${p.suggestion}\`?` : 'Check the path: it is relative to the folder that holds docs.json.';
    case 'folder':
      return 'Name the spec file itself, for example `openapi.yaml`.';
    case 'unchecked':
      return 'Fix the path (relative to the folder that holds docs.json), or add the file.';
  }
}

/**
 * Why a remote OpenAPI spec was not fetched this run: `offline` (`--offline` or `DOCJET_OFFLINE=1`),
 * `not-fetched` (asked for while rendering, which never fetches), a URL that does not parse, a host
 * not reached (`code`: the system's error code), no answer in time, an HTTP error status, an HTML
 * page instead of a spec, a body over the size limit, or a redirect docjet does not follow.
 */
export type FetchFailure =
  | { kind: 'offline' }
  | { kind: 'not-fetched' }
  | { kind: 'invalid-url' }
  | { kind: 'unreachable'; host: string; code: string | undefined }
  | { kind: 'timeout'; seconds: number }
  | { kind: 'status'; status: number }
  | { kind: 'html' }
  | { kind: 'too-large'; limitMb: number }
  | { kind: 'redirect-scheme'; scheme: string }
  | { kind: 'redirect-loop'; count: number }
  | PrivateAddressRefused;

/**
 * The kinds of address a remote spec is not fetched from without `--allow-private-network`
 * (src/openapi/network-address.ts decides which is which).
 */
export type PrivateRange = 'loopback' | 'private' | 'link-local' | 'unique-local' | 'shared' | 'unspecified' | 'multicast' | 'broadcast' | 'reserved';

/**
 * A fetch refused before connecting: `host` (the URL's, or a redirect's when `redirected`) is, or
 * resolves to, `address`, which is not a public address.
 */
export type PrivateAddressRefused = { kind: 'private-address'; host: string; address: string; range: PrivateRange; redirected: boolean };

const RANGE_WORDS: Record<PrivateRange, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private-network address',
  'link-local': 'a link-local address',
  'unique-local': 'a unique-local (private) IPv6 address',
  shared: "a carrier-grade NAT address (a provider's private network)",
  unspecified: 'the unspecified address (this machine)',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

/** "127.0.0.1 is a loopback address", "the server redirected to intranet.example, which resolves to 10.0.0.7, a private-network address". */
function privateAddressReason(p: PrivateAddressRefused): string {
  const bare = p.host.replace(/^\[(.*)\]$/, '$1');
  const what = bare === p.address ? `${p.host} is ${RANGE_WORDS[p.range]}` : `${p.host} resolves to ${p.address}, ${RANGE_WORDS[p.range]}`;
  return p.redirected ? `the server redirected to ${p.host}, which ${what.slice(p.host.length + 1)}` : what;
}

/** After the URL: "was not fetched (offline)", "could not be fetched (no answer within 10 s)". */
function notFetched(failure: FetchFailure): string {
  switch (failure.kind) {
    case 'offline':
      return 'was not fetched (offline)';
    case 'not-fetched':
      return 'was not fetched in this run';
    case 'invalid-url':
      return 'could not be fetched (it is not a valid URL)';
    case 'unreachable':
      return `could not be fetched (${unreachable(failure.host, failure.code)})`;
    case 'timeout':
      return `could not be fetched (no answer within ${failure.seconds} s)`;
    case 'status':
      return `could not be fetched (the server answered HTTP ${failure.status})`;
    case 'html':
      return 'could not be fetched (the server sent an HTML page, not a spec)';
    case 'too-large':
      return `could not be fetched (it is larger than ${failure.limitMb} MB, the most docjet downloads)`;
    case 'redirect-scheme':
      return `could not be fetched (the server redirected to a ${quote(failure.scheme)} address; only http and https are followed)`;
    case 'redirect-loop':
      return `could not be fetched (more than ${failure.count} redirects)`;
    case 'private-address':
      return `was not fetched (${privateAddressReason(failure)})`;
  }
}

function unreachable(host: string, code: string | undefined): string {
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${host} could not be resolved`;
  if (code === 'ECONNREFUSED') return `${host} refused the connection`;
  return `${host} could not be reached${code ? `: ${code}` : ''}`;
}

/** Network trouble passes: run once online. A wrong URL or server does not: check it. */
function remoteFix(failure: FetchFailure): string {
  const local = 'download the spec into the docs folder and point "openapi" at the local file.';
  switch (failure.kind) {
    case 'offline':
      return `Run docjet once without --offline (and without DOCJET_OFFLINE=1) to cache it in .docjet/cache, or ${local}`;
    case 'not-fetched':
    case 'unreachable':
    case 'timeout':
      return `Run docjet once with network access to cache it in .docjet/cache, or ${local}`;
    default:
      return `Check the URL, or ${local}`;
  }
}

/**
 * The note of a build that used a cached copy of a remote spec (`fetchedAt`: ISO time of the
 * fetch). A note, not a warning: building from the cache is what the cache is for.
 */
export function cachedCopyNote(p: { url: string; fetchedAt: string; failure: FetchFailure }): string {
  const when = `${p.fetchedAt.slice(0, 10)} ${p.fetchedAt.slice(11, 16)} UTC`;
  return `${p.url} ${notFetched(p.failure)}; the copy cached on ${when} was used.`;
}

/**
 * The spec cache not used: `save` after a fetch (this run still has the copy), or `read` without
 * one; `folder` (site-relative) leads outside the site through a symbolic link, or an error.
 */
type CacheUnusable = { url: string; action: 'save' | 'read' } & ({ problem: 'outside'; folder: string } | { problem: 'error'; reason: string });

function cacheUnusableMessage(p: CacheUnusable): string {
  const why = p.problem === 'outside' ? `\`${p.folder}\` leads outside the site folder through a symbolic link` : p.reason;
  return p.action === 'save'
    ? `the fetched copy of ${quote(p.url)} was not saved in .docjet/cache (${why}); this build uses it, but a build without network access will not have it`
    : `the cached copy of ${quote(p.url)} was not read (${why})`;
}

/**
 * A formula KaTeX cannot read (`reason`, KaTeX's words), as shown (`formula`: one line, shortened):
 * written between dollars (`price`: it looks like an amount, `$5…`), or in `<Latex>`.
 */
/** `page-syntax-limit`: which limit (`syntax-limits.ts`), the count that passed it, and in how many blocks. */
interface SyntaxLimitParams {
  limit: 'brackets' | 'emphasis' | 'backticks' | 'lazy-lines' | 'references' | 'definitions';
  count: number;
  max: number;
  places: number;
}

const SYNTAX_LIMIT_WHAT: Record<SyntaxLimitParams['limit'], (count: string, max: string) => string> = {
  brackets: (count, max) => `this paragraph holds ${count} brackets (\`[\`, \`]\`), more than the ${max} docjet reads as links in one paragraph, so they are shown as text`,
  emphasis: (count, max) =>
    `this paragraph holds ${count} runs of \`*\`, \`_\` or \`~\`, more than the ${max} docjet reads as emphasis in one paragraph, so they are shown as text`,
  backticks: (count, max) =>
    `this paragraph holds backtick runs of ${count} different lengths, more than the ${max} docjet reads as code in one paragraph, so its backticks are shown as text`,
  'lazy-lines': (count, max) =>
    `this list or quote continues on ${count} lines without its indentation or \`>\`, more than the ${max} docjet reads, so its markers are shown as text and it reads as one paragraph`,
  references: (count, max) =>
    `the page holds ${count} character references (\`&amp;\`, \`&#38;\`), more than the ${max} docjet reads in one page; from here on they are shown as written`,
  definitions: (count, max) => `the page holds ${count} link definitions (\`[label]: url\`), more than the ${max} docjet reads in one page; from here on they are shown as text`,
};

function syntaxLimitMessage(p: SyntaxLimitParams): string {
  const what = SYNTAX_LIMIT_WHAT[p.limit](p.count.toLocaleString('en-US'), p.max.toLocaleString('en-US'));
  const more = p.places - 1;
  return more > 0 ? `${what} (and in ${more.toLocaleString('en-US')} more ${more === 1 ? 'paragraph' : 'paragraphs'} of the page)` : what;
}

const SYNTAX_LIMIT_FIX: Record<SyntaxLimitParams['limit'], string> = {
  brackets: 'Split the paragraph with blank lines, or escape brackets that are not links as `\\[`.',
  emphasis: 'Split the paragraph with blank lines, or escape marks that are not emphasis as `\\*` or `\\_`.',
  backticks: 'Split the paragraph with blank lines, or put the code in a fenced code block.',
  'lazy-lines': "Indent the continuation lines to the item's text (or start them with `>` in a quote), or end the list with a blank line.",
  references: 'Write the characters themselves (UTF-8) instead of `&…;` references, or split the page.',
  definitions: 'Write the URLs inline (`[text](url)`), or split the page.',
};

type MathInvalid = { formula: string; reason: string } & ({ in: 'dollars'; price: boolean } | { in: 'latex' });

/**
 * A URL that would run code (`scheme`, such as `javascript`), left out: a component's `prop`
 * (`use`: followed as a link, or only loaded), an `attribute` of an HTML or JSX `element`, a
 * Markdown link or image, or the frontmatter `url`. `url`: the value as shown (shortened).
 */
type UrlUnsafe = { scheme: string } & (
  | { in: 'prop'; prop: string; use: 'link' | 'image' | 'asset' }
  | { in: 'attribute'; attribute: string; element: string; url: string }
  | { in: 'markdown'; kind: 'link' | 'image'; url: string }
  | { in: 'frontmatter' }
);

function urlUnsafeMessage(p: UrlUnsafe): string {
  switch (p.in) {
    case 'prop':
      return `the \`${p.prop}\` prop is a ${p.scheme}: URL, which runs code or hides content when ${p.use === 'link' ? 'followed' : 'loaded'}; it is left out`;
    case 'attribute':
      return `the \`${p.attribute}\` of \`<${p.element}>\` is a ${p.scheme}: URL (\`${p.url}\`), which runs code or hides content when followed; it is left out`;
    case 'markdown':
      return `this ${p.kind} points to a ${p.scheme}: URL (\`${p.url}\`), which runs code or hides content when ${p.kind === 'link' ? 'clicked' : 'loaded'}; ${p.kind === 'link' ? 'its text is shown without the link' : 'its alt text is shown instead'}`;
    case 'frontmatter':
      return `the frontmatter \`url\` is a ${p.scheme}: URL, which runs code when clicked; the sidebar links to the page itself instead`;
  }
}

/** Why a file named as an OpenAPI spec holds no usable document. */
type OpenApiInvalid = { file: string } & (
  | { problem: 'empty' | 'no-version' }
  | { problem: 'top-level'; value: string }
  | { problem: 'version-type'; key: string; value: string }
  | { problem: 'no-operations'; key: string; version: string; wanted: string }
);

function openApiInvalidMessage(p: OpenApiInvalid): string {
  const file = `\`${p.file}\``;
  switch (p.problem) {
    case 'empty':
      return `${file} is empty, so it holds no OpenAPI document.`;
    case 'top-level':
      return `${file} is not an OpenAPI document: its top level is ${p.value}, not a mapping.`;
    case 'no-version':
      return `${file} is not an OpenAPI document: it has no top-level \`openapi\` (or \`swagger\`) version field.`;
    case 'version-type':
      return `${file}: the top-level \`${p.key}\` field is ${p.value}, not a version string.`;
    case 'no-operations':
      return `${file} (${p.key} ${p.version}) has no ${p.wanted}, so there are no endpoints to make pages from.`;
  }
}

function openApiInvalidFix(p: OpenApiInvalid): string {
  switch (p.problem) {
    case 'empty':
      return 'Put the OpenAPI document in the file, or point docs.json at the right one.';
    case 'top-level':
    case 'no-version':
      return 'Point `openapi` in docs.json at an OpenAPI 3.x (or Swagger 2.0) document, which starts with `openapi: 3.1.0` and lists its operations under `paths`.';
    case 'version-type':
      return `Write the version as a string, for example \`${p.key}: "${p.key === 'swagger' ? '2.0' : '3.1.0'}"\`.`;
    case 'no-operations':
      return `Describe the operations under ${p.wanted} in \`${p.file}\`, or remove the \`openapi\` reference to it from docs.json.`;
  }
}

/**
 * A snippet that does not exist: imported (`source` as written, `file` the path it resolves to), or
 * named by `<Snippet file>` (`file` as written, `name` looked for under snippets/ and _snippets/).
 * `suggestion`: a close name, spelt as the user would write it.
 */
type SnippetMissing =
  | { via: 'import'; source: string; file: string; suggestion: string | undefined }
  | { via: 'element'; file: string; name: string; suggestion: string | undefined };

/**
 * An import of a name the snippet does not export (`imported` as imported, `local` the name it is
 * bound to, `exports` the names it does export), or a `<Snippet file>` (`name` as written) naming
 * a file with no body.
 */
type SnippetExportMissing =
  | { via: 'import'; source: string; imported: string; local: string; exports: readonly string[]; suggestion: string | undefined }
  | { via: 'element'; name: string; file: string };

function snippetExportFix(p: SnippetExportMissing): string {
  if (p.via === 'element') return 'Include an .mdx or .md snippet, or import the components of a .jsx file by name.';
  const listed = p.exports.length > 0 ? ` It exports ${p.exports.map((name) => `\`${name}\``).join(', ')}.` : '';
  if (p.imported === 'default') return `Import what it exports by name: \`import { ${p.exports[0] ?? 'Name'} } from '${p.source}'\`.${listed}`;
  return p.suggestion ? `Did you mean \`${p.suggestion}\`?${listed}` : `Export it from the file (\`export const ${p.imported} = …\`), or fix the name.${listed}`;
}

/** Writing a file of the built site (`relative` to the output folder), or moving the site into place. */
/**
 * Files in an output folder that docjet may not delete: the first few (`changed`: written by docjet,
 * then changed), `more` when there are others; `marker` says what the folder's `.docjet-output` is:
 * absent, without a record of the files (an earlier docjet's, or hand-made), or a record.
 */
type ForeignFiles = { folder: string; marker: 'none' | 'unrecorded' | 'recorded'; files: readonly { name: string; changed: boolean }[]; more: boolean };

function fileList(p: ForeignFiles): string {
  const names = p.files.map((file) => `\`${file.name}\`${file.changed ? ' (changed since)' : ''}`);
  return p.more ? `${names.join(', ')} and more` : names.join(', ');
}

/** A page source (`.mdx`, or `.md` that is no Markdown twin) among the files named. */
function holdsPages(p: ForeignFiles): boolean {
  return p.files.some((file) => !file.changed && /\.mdx?$/.test(file.name));
}

/** A folder of the site with a marker that records nothing and no page among the files named: most likely an earlier docjet's output. */
function isEarlierBuild(p: ForeignFiles): boolean {
  return p.marker === 'unrecorded' && !holdsPages(p);
}

/** What an output folder holds, for `output-not-docjet` and `output-holds-site-files`; `whose`: whose files docjet cannot tell its own from. */
function foreignFiles(p: ForeignFiles, whose: string): string {
  switch (p.marker) {
    case 'none':
      return `holds files docjet did not write: ${fileList(p)}`;
    case 'unrecorded':
      return `has a .docjet-output marker without a record of the files docjet wrote (an earlier docjet's, or one made by hand), so docjet cannot tell them from ${whose}: ${fileList(p)}`;
    case 'recorded':
      return `holds files the last docjet build did not write: ${fileList(p)}`;
  }
}

type OutputWriteFailed = { stage: 'write'; relative: string; reason: string } | { stage: 'commit'; folder: string; reason: string };

/**
 * `$ref`s of an OpenAPI file that docjet does not follow: found while indexing the document
 * (`operation` undefined), or while rendering one operation's page (`operation`, its label).
 * `count` of them, the `first` as it is shown.
 */
interface OpenApiRefs {
  file: string;
  operation: string | undefined;
  count: number;
  first: string;
}

/** In the document as a whole, the `operations` and `pathItems` that indexing could not read. */
/** `problem`: `absolute`, a path from the machine's root; `outside`, with `reason` as `outsideReason` words it. */
type OpenApiRefOutside = { reference: string } & ({ problem: 'absolute' } | { problem: 'outside'; reason: string });

/** `file`: the site-relative file the `$ref` leads to; `pointer`: the part after `#` it lacks. */
type OpenApiRefMissing = { reference: string; file: string } & (
  | { problem: 'file'; suggestion: string | undefined }
  | { problem: 'folder' }
  | { problem: 'pointer'; pointer: string }
);

/** `line` and `column`: where in `file` the syntax error is (0 when the parser gave no position). */
type OpenApiRefUnreadable = { reference: string; file: string } & (
  | { problem: 'syntax'; format: string; line: number; column: number; reason: string }
  | { problem: 'io'; reason: string }
);

type OpenApiExternalRefs = (OpenApiRefs & { operation: undefined; operations: number; pathItems: number }) | (OpenApiRefs & { operation: string });

/** What indexing loses to `$ref`s into other files: operations' titles and tags, path items' pages. */
function externalLosses(operations: number, pathItems: number): string {
  const losses: string[] = [];
  if (operations > 0) losses.push(`${plural(operations, 'operation')} ${operations === 1 ? 'has' : 'have'} no title or tags`);
  if (pathItems > 0) losses.push(`${plural(pathItems, 'path item')} ${pathItems === 1 ? 'gets' : 'get'} no pages`);
  return losses.join(' and ');
}

/**
 * A name an expression uses that the page does not define: in the text (`source`, the expression
 * as written), or in an attribute (`attribute`, as shown, of the element called `element`).
 */
type UndefinedName = { in: 'text'; name: string; source: string } | { in: 'attribute'; name: string; attribute: string; element: string | null };

/**
 * MDX the parser rejects, and how it was repaired: a void element without its slash (`<br>`), a
 * line starting with `import`/`export` that is not JavaScript, or a `{` or `<` shown as text.
 */
type MdxSyntax =
  | { problem: 'void-element'; name: string }
  | { problem: 'esm-line'; keyword: string; reason: string }
  | { problem: 'shown-as-text'; brace: boolean; reason: string };

function mdxSyntaxMessage(p: MdxSyntax): string {
  switch (p.problem) {
    case 'void-element':
      return `\`<${p.name}>\` has no closing slash, which MDX requires; it is read as \`<${p.name} />\``;
    case 'esm-line':
      return `this line starts with \`${p.keyword}\`, so MDX reads it as JavaScript, but it is not valid JavaScript (${p.reason}); it is shown as text`;
    case 'shown-as-text':
      return `MDX cannot read the \`${p.brace ? '{' : '<'}\` here (${p.reason}), so it is shown as text`;
  }
}

function mdxSyntaxFix(p: MdxSyntax): string {
  switch (p.problem) {
    case 'void-element':
      return `Write it self-closed: \`<${p.name} />\`.`;
    case 'esm-line':
      return `If it is prose, reword the line so it does not start with \`${p.keyword} \`; if it is code, fix the statement (a page may only hold \`import\` and \`export\` statements).`;
    case 'shown-as-text':
      return p.brace
        ? 'To show a brace, escape it as `\\{`; if it starts an expression, close it with `}`.'
        : 'To show `<` as text, escape it as `\\<` or write `&lt;`; if it starts a tag, close it (`</Name>`) or self-close it (`<Name />`).';
  }
}

/**
 * An expression docjet cannot evaluate: in the text (`source`, as written) or in an attribute
 * (`attribute`, as shown, of `element`). `what` says what it needs to compute.
 */
type UnsupportedExpression =
  | { problem: 'not-renderable'; source: string; refused: string }
  | { problem: 'opaque-import'; source: string; name: string; importedFrom: string }
  | { problem: 'needs-javascript'; source: string; what: string }
  | { problem: 'spread-not-object'; attribute: string; element: string | null }
  | { problem: 'attribute-needs-javascript'; attribute: string; element: string | null; what: string };

/** The limits of content/mdx/budget.ts (`BUDGET_LIMITS`), as a writer reads them; a test keeps the two alike. */
type EvaluationBudget = { subject: string; limit: 'steps' | 'size' | 'pattern-time'; outcome: string };

const EVALUATION_BUDGET_TEXT: Record<EvaluationBudget['limit'], string> = {
  steps: 'needs more than the 2,000,000 steps of evaluation a page may take (a recursion or a `.map` that does not end, or work over a very large list)',
  size: 'makes a value larger than page code may make (more than 4,000,000 characters, list items or HTML elements, or nested more than 1,000 deep)',
  'pattern-time':
    'runs a regular expression for longer than a page may (1 s for one match, 5 s for the whole page), as a pattern with nested repetition like `(a+)+` does on text it does not match',
};

const EVALUATION_BUDGET_FIX: Record<EvaluationBudget['limit'], string> = {
  steps: 'Give the recursion an end and keep lists to a few thousand items, or compute the value beforehand and write it in the page.',
  size: 'Make smaller values (`.repeat()`, `.padStart()` and lists of lists grow fast), or write the text in the page.',
  'pattern-time': 'Rewrite the pattern without a repetition inside a repetition (`(a+)+` → `a+`), or test the text with `.includes()` / `.startsWith()`.',
};

function unsupportedExpressionMessage(p: UnsupportedExpression): string {
  switch (p.problem) {
    case 'not-renderable':
      return `\`{${p.source}}\` is ${p.refused}, which JSX cannot show (React stops with an error); docjet shows the expression as written`;
    case 'opaque-import':
      return `\`{${p.source}}\` uses \`${p.name}\`, imported from \`${p.importedFrom}\`, which has no value docjet can show, so it is shown as written`;
    case 'needs-javascript':
      return `\`{${p.source}}\` needs JavaScript to compute (${p.what}); docjet does not run page code, so it is shown as written`;
    case 'spread-not-object':
      return `the spread attribute ${p.attribute} of \`<${p.element}>\` is not an object; it is left out`;
    case 'attribute-needs-javascript':
      return `the attribute ${p.attribute} of \`<${p.element}>\` needs JavaScript to compute (${p.what}); docjet does not run page code, so it is left out`;
  }
}

const UNSUPPORTED_EXPRESSION_FIX: Record<UnsupportedExpression['problem'], string> = {
  'not-renderable': 'Show one of its fields (`{config.name}`), or turn it into text: `{JSON.stringify(config)}` inside a function.',
  'opaque-import': 'Export it from the snippet as a plain value: `export const name = "…"`, and check the warnings at the import.',
  'needs-javascript': 'Write the value out, or export it as a plain value: `export const name = "…"`.',
  'spread-not-object': 'Spread an object: `{...{ key: "value" }}`, or write the attributes out.',
  'attribute-needs-javascript': 'Use a plain value: a string, number, list or object.',
};

interface MissingPage {
  /** The reference as written. */
  entry: string;
  /** The page id looked for, without extension (empty for the site's index). */
  wanted: string;
  suggestion: string | undefined;
}

function noFileFor(wanted: string): string {
  return `there is no ${wanted || 'index'}.mdx or ${wanted || 'index'}.md`;
}

function didYouMean(suggestion: string | undefined, otherwise: string): string {
  return suggestion ? `Did you mean ${quote(suggestion)}?` : otherwise;
}

function quoteAll(values: readonly unknown[]): string[] {
  return values.map((value) => quote(value));
}

/** `1 blank line`, `2 blank lines`; defined here (re-exported by `./diagnostics.ts`) for messages' use. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Quotes a user's value for a message: `"guides/intro"`. */
export function quote(value: unknown): string {
  return JSON.stringify(value);
}

/** `"a", "b" or "c"` */
/** `"a", "b" and "c"`. */
function listAnd(values: readonly string[]): string {
  const quoted = quoteAll(values);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

export function listOr(values: readonly string[]): string {
  const quoted = values.map((value) => quote(value));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

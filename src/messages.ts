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
}

/** One code of the catalogue, whose message and fix are made from facts of type `P`. */
interface Entry<P> {
  severity: Severity;
  /** What the code means, in general; one line of docs/diagnostics.md. */
  about: string;
  message: (params: P) => string;
  /** Fixed advice, or advice that depends on the case (none when it returns undefined). */
  fix?: string | ((params: P) => string | undefined);
}

/** Text still written where the problem is found, for the codes listed as such in the report. */
interface WrittenText {
  message: string;
  fix?: string | undefined;
  path?: string | undefined;
}

/**
 * The message and fix of the codes whose text is still written at the call site (config loading,
 * schema checks, legacy config and the output folder, which are being restructured apart).
 */
const writtenAtCallSite = (params: WrittenText): string => params.message;
const WRITTEN = { message: writtenAtCallSite, fix: (params: WrittenText) => params.fix };

export const CATALOGUE = {
  // Loading
  'config-not-found': { severity: 'error', about: 'No docs.json or mint.json in the folder.', ...WRITTEN },
  'config-unreadable': { severity: 'error', about: 'The config file exists but cannot be read.', ...WRITTEN },
  'json-syntax': { severity: 'error', about: 'A config file is not valid JSON.', ...WRITTEN },
  'json-duplicate-key': { severity: 'warning', about: 'A key is written twice in one object; the last one wins.', ...WRITTEN },
  'ref-missing': { severity: 'error', about: 'A "$ref" names a file that does not exist.', ...WRITTEN },
  'ref-cycle': { severity: 'error', about: '"$ref" files include each other in a loop.', ...WRITTEN },
  'ref-invalid': { severity: 'error', about: 'A "$ref" is not a string naming a JSON file.', ...WRITTEN },
  'ref-siblings': { severity: 'warning', about: 'Keys beside a "$ref" are ignored.', ...WRITTEN },
  'legacy-config': { severity: 'warning', about: 'A mint.json key has no docs.json equivalent and is ignored.', ...WRITTEN },

  // Schema
  'unknown-key': { severity: 'warning', about: 'A key the format does not define; it has no effect.', ...WRITTEN },
  'missing-field': { severity: 'error', about: 'A required field is missing.', ...WRITTEN },
  'invalid-type': { severity: 'error', about: 'A value has the wrong type.', ...WRITTEN },
  'invalid-value': { severity: 'error', about: 'A value is not one of the allowed values or shapes.', ...WRITTEN },

  // Navigation rules (spec: docs-json-navigation.md)
  'nav-no-pattern': { severity: 'error', about: 'navigation has no primary pattern (rule 1).',
    message: (p: { onlyGlobal: boolean; patterns: readonly string[] }) =>
      `navigation has no primary pattern${p.onlyGlobal ? ' (global alone does not organise pages)' : ''}: it needs exactly one of ${listOr(p.patterns)}`,
    fix: 'Add one, for example "groups": [{ "group": "Get started", "pages": ["index"] }].',
  },
  'nav-multiple-patterns': { severity: 'error', about: 'navigation has more than one primary pattern (rule 1).',
    message: (p: { count: number; kept: string; others: readonly string[]; keptHolder: string }) =>
      `navigation has ${p.count} primary patterns (${listOr([p.kept, ...p.others]).replace(/ or /, ' and ')}); the root holds exactly one, with "global" beside it if needed`,
    fix: (p: { kept: string; others: readonly string[]; keptHolder: string }) =>
      `Keep ${quote(p.kept)} and move the ${p.others.join(' and the ')} into ${p.keptHolder}, or remove them.`,
  },
  'nav-mixed-children': { severity: 'error', about: 'An element holds more than one kind of child (rule 2).',
    message: (p: { element: string; children: readonly string[]; inner: string; outer: string; outerHolder: string }) =>
      `${p.element} holds one type of child; this one has both ${quoteAll(p.children).join(' and ')}`,
    fix: (p: { inner: string; outer: string; outerHolder: string }) => `Move the ${p.inner} into ${p.outerHolder}, or remove the ${p.outer}.`,
  },
  'nav-link-with-children': { severity: 'error', about: 'An element with "href" also holds children (rule 2).',
    message: (p: { element: string; href: string; children: readonly string[]; elementName: string }) =>
      `${p.element} links to ${quote(p.href)} and also holds ${quoteAll(p.children).join(' and ')}; an element that is a link holds no children`,
    fix: (p: { children: readonly string[]; elementName: string }) =>
      `Remove "href" to keep the ${p.children.join(' and ')}, or move them to another ${p.elementName}.`,
  },
  'menu-item-content': { severity: 'error', about: 'A menu item holds something other than groups, pages or a link (rule 3).',
    message: (p: { key: string }) => `a menu item holds only groups, pages or a link ("href"), not ${quote(p.key)}`,
    fix: (p: { key: string }) => `Replace ${quote(p.key)} with "groups" or "pages", or make the item a link with "href".`,
  },
  'global-anchor-href': { severity: 'error', about: 'A global anchor needs an absolute http(s) href (rule 4).',
    message: (p: { href: string }) =>
      `a global anchor must link to an absolute external URL (http or https); ${quote(p.href)} is not one`,
    fix: (p: { href: string }) =>
      /^[/#.]|^[\w-]+(\/|$)/.test(p.href)
        ? 'Global anchors leave the site: write the full URL ("https://example.com/…"), or put an internal link in "navbar.links" or an anchor.'
        : 'Write the full URL, starting with "https://".',
  },
  'href-unsafe': { severity: 'error', about: 'An href uses a javascript:, data: or vbscript: URL (rule 5).',
    message: (p: { key: string; scheme: string; use: 'link' | 'image' | 'asset' }) =>
      `${quote(p.key)} uses a ${p.scheme}: URL, which runs code or hides content when ${p.use === 'link' ? 'clicked' : 'loaded'}`,
    fix: (p: { use: 'link' | 'image' | 'asset' }) =>
      p.use === 'link' ? 'Link to an http(s) URL or a page path instead.' : 'Use a file of the site ("/logo.svg") or an http(s) URL instead.',
  },
  'language-unknown': { severity: 'error', about: 'A language code is not one of the spec\'s codes (rule 6).',
    message: (p: { code: string; suggestion: string | undefined; supported: readonly string[] }) =>
      `${quote(p.code)} is not a supported language code`,
    fix: (p: { suggestion: string | undefined; supported: readonly string[] }) =>
      `${p.suggestion ? `Did you mean ${quote(p.suggestion)}? ` : ''}Supported codes: ${p.supported.join(', ')}.`,
  },
  'language-alias': { severity: 'warning', about: 'A language code is a well-known alias of a spec code (rule 6).',
    message: (p: { code: string; name: string; canonical: string }) =>
      `language ${quote(p.code)} is read as ${p.name}, whose code in the spec is ${quote(p.canonical)}`,
    fix: (p: { canonical: string }) => `Write "language": ${quote(p.canonical)}.`,
  },
  'version-label': { severity: 'warning', about: 'A version label does not have the shape major.minor.patch (rule 7).',
    message: (p: { label: string; suggested: string | undefined }) =>
      `version label ${quote(p.label)} does not have the shape major.minor.patch; it is used as written`,
    fix: (p: { suggested: string | undefined }) =>
      p.suggested ? `Write ${quote(p.suggested)} to follow the spec.` : 'Use a label such as "1.0.0" to follow the spec.',
  },
  'default-multiple': { severity: 'error', about: 'More than one version or language is marked default (rule 8).',
    message: (p: { kind: string; item: string | undefined; first: string | undefined }) =>
      `${p.kind} ${quote(p.item)} is marked "default": true, but ${quote(p.first)} already is; only one ${p.kind} here can be the default`,
    fix: (p: { kind: string }) => `Keep "default": true on one ${p.kind} only.`,
  },
  'page-missing': { severity: 'error', about: 'A page reference names no .mdx or .md file (rule 9).',
    message: (p: MissingPage) => `page ${quote(p.entry)} does not exist: ${noFileFor(p.wanted)}`,
    fix: (p: MissingPage) => didYouMean(p.suggestion, 'Create the file, or remove the reference.'),
  },
  'page-extension': { severity: 'warning', about: 'A page reference includes its file extension (rule 9).',
    message: (p: { entry: string; id: string }) =>
      `page reference ${quote(p.entry)} includes the file extension; references name pages without it`,
    fix: (p: { id: string }) => `Write ${quote(p.id.replace(/\/index$/, ''))}.`,
  },
  'openapi-missing': { severity: 'error', about: 'An openapi file does not exist (rule 10).', ...WRITTEN },
  'openapi-syntax': { severity: 'error', about: 'An openapi file is not valid JSON or YAML (rule 10).', ...WRITTEN },
  'openapi-invalid': { severity: 'error', about: 'An openapi file is not an OpenAPI or Swagger document (rule 10).', ...WRITTEN },
  'openapi-unreadable': { severity: 'error', about: 'An openapi file exists but cannot be read (rule 10).', ...WRITTEN },
  'openapi-external-ref': { severity: 'warning', about: 'An OpenAPI file refers to other files; those parts are not read.', ...WRITTEN },
  'openapi-unresolved-ref': { severity: 'warning', about: 'An OpenAPI "$ref" points at nothing.', ...WRITTEN },
  'openapi-remote': { severity: 'warning', about: 'A remote openapi URL cannot be fetched offline; its references are not checked (rule 10).', ...WRITTEN },
  'endpoint-not-found': { severity: 'error', about: 'An endpoint reference matches no operation of the openapi in force (rule 10).',
    message: (p: { reference: string; specs: readonly string[]; inForceAt: string | undefined; suggestions: readonly string[] }) =>
      `${quote(p.reference)} is not in ${p.specs.length === 1 ? quote(p.specs[0]) : `any of ${quoteAll(p.specs).join(', ')}`}${p.inForceAt ? ` (the openapi in force, set at ${p.inForceAt})` : ''}`,
    fix: (p: { suggestions: readonly string[] }) =>
      p.suggestions.length > 0 ? `Closest operations: ${p.suggestions.slice(0, 3).join(', ')}.` : 'Check the method and path against the spec.',
  },
  'endpoint-no-openapi': { severity: 'error', about: 'An endpoint reference has no openapi in force above it (rule 10).',
    message: (p: { entry: string }) =>
      `${quote(p.entry)} refers to an API endpoint, but no "openapi" is set on this element or any element above it`,
    fix: 'Add "openapi": "path/to/openapi.json" to this group or one of its parents, or name the spec: "openapi.json GET /path".',
  },
  'expanded-top-level': { severity: 'warning', about: '"expanded" on a top-level group has no effect (rule 11).',
    message: () => '"expanded" has no effect on a top-level group: top-level groups are always expanded',
    fix: 'Remove "expanded", or nest the group inside another group to make it collapsible.',
  },
  'redirect-duplicate': { severity: 'error', about: 'Two redirects have the same source (rule 12).',
    message: (p: { source: string; firstIndex: number; firstSpelling: string }) =>
      `redirect source ${quote(p.source)} is already used by redirects[${p.firstIndex}]${p.firstSpelling === p.source ? '' : ` (as ${quote(p.firstSpelling)})`}; each source can be used once`,
    fix: 'Remove one of the two redirects, or change its source.',
  },
  'group-pages-missing': { severity: 'error', about: 'A group has no "pages" and no "openapi" to generate them (rule 3).',
    message: (p: { label: string | undefined }) =>
      `the group${p.label ? ` ${quote(p.label)}` : ''} needs "pages" (the list of its pages), or "openapi" to generate them from a spec`,
    fix: 'Add "pages": [ … ] listing its pages.',
  },
  'group-root-missing': { severity: 'error', about: 'A group\'s "root" names no page.',
    message: (p: MissingPage) => `group root ${quote(p.entry)} does not exist: ${noFileFor(p.wanted)}`,
    fix: (p: MissingPage) => didYouMean(p.suggestion, 'Create the file, or remove the reference.'),
  },
  'route-collision': { severity: 'error', about: 'Two pages would be written to the same URL.',
    message: (p: { kept: string; dropped: string; route: string }) =>
      `${p.kept} and ${p.dropped} are both served at /${p.route}; ${p.kept} is used`,
    fix: 'Rename or remove one of them.',
  },

  // Content
  'duplicate-page-file': { severity: 'warning', about: 'Both x.md and x.mdx exist; x.mdx is used.', ...WRITTEN },
  'symlink-outside-root': { severity: 'warning', about: 'A symbolic link points outside the site folder and is skipped.', ...WRITTEN },
  'symlink-cycle': { severity: 'warning', about: 'A symbolic link loops back on itself and is skipped.', ...WRITTEN },
  'symlink-broken': { severity: 'warning', about: 'A symbolic link points at nothing.', ...WRITTEN },
  'frontmatter-leading-blank': { severity: 'warning', about: 'Blank lines before the frontmatter.', ...WRITTEN },
  'frontmatter-not-mapping': { severity: 'warning', about: 'Frontmatter that is not a set of key: value pairs.', ...WRITTEN },
  'frontmatter-unclosed': { severity: 'warning', about: 'A frontmatter block with no closing ---.', ...WRITTEN },
  'frontmatter-syntax': { severity: 'error', about: 'Frontmatter that is not valid YAML.', ...WRITTEN },
  'frontmatter-indentation': { severity: 'warning', about: 'A quoted frontmatter value continues at column 0; read as if indented.', ...WRITTEN },
  'page-unreadable': { severity: 'error', about: 'A page file exists but cannot be read.', ...WRITTEN },
  'folder-unreadable': { severity: 'warning', about: 'A folder of the site cannot be read and is skipped.', ...WRITTEN },
  'site-folder-missing': { severity: 'error', about: 'The site folder does not exist.', ...WRITTEN },
  'mintignore-unreadable': { severity: 'error', about: '.mintignore exists but cannot be read, so nothing would be ignored.', ...WRITTEN },

  // Page bodies (MDX/Markdown rendering)
  'mdx-syntax': { severity: 'warning', about: 'MDX syntax the parser rejects (a stray `{` or `<`, `<br>` without a slash); repaired so the page renders.', ...WRITTEN },
  'mdx-html-comment': { severity: 'warning', about: 'An HTML comment `<!-- -->`, which MDX does not allow; it is left out.', ...WRITTEN },
  'mdx-fallback-markdown': { severity: 'warning', about: 'An MDX page that cannot be repaired; it is read as plain Markdown.', ...WRITTEN },
  'mdx-expression-undefined': { severity: 'warning', about: 'A `{name}` expression names nothing the page defines; shown as written.', ...WRITTEN },
  'mdx-expression-unsupported': { severity: 'warning', about: 'An expression that needs JavaScript to run (a call, a function, JSX); shown as written or left out.', ...WRITTEN },
  'mdx-unknown-component': { severity: 'warning', about: 'A component docjet does not know; its children are shown without it.', ...WRITTEN },
  'script-tag': { severity: 'warning', about: 'A `<script>` element in a page; left out of the HTML (docjet never runs scripts written in a page).', ...WRITTEN },
  'code-fence-unclosed': { severity: 'warning', about: 'A code fence that is never closed; the block runs to the end of its container.', ...WRITTEN },
  'math-invalid': { severity: 'warning', about: 'A formula (`$…$`, `$$…$$`, `<Latex>`) KaTeX cannot read; it is shown as written.', ...WRITTEN },
  'component-failed': { severity: 'error', about: 'A component threw while rendering; its children are shown without it.', ...WRITTEN },
  'page-render-failed': { severity: 'error', about: 'A page body that cannot be rendered at all.', ...WRITTEN },
  'icon-unknown': { severity: 'warning', about: 'An icon name that no icon library has; the icon is left blank.',
    message: (p: { name: string; suggestion: string | undefined; library: string }) =>
      `no icon library has an icon called "${p.name}"; it is left blank`,
    fix: (p: { suggestion: string | undefined; library: string }) =>
      p.suggestion
        ? `Did you mean "${p.suggestion}"?`
        : `Use a name from ${p.library} (the site's icons.library), or a URL or path to an image.`,
  },

  // Snippets (imports, `<Snippet file>`, components written as functions)
  'snippet-missing': { severity: 'warning', about: 'An imported snippet file (or `<Snippet file>`) does not exist; its element shows only its children (the reference product warns too, §2.3).', ...WRITTEN },
  'snippet-unreadable': { severity: 'warning', about: 'A snippet file exists but cannot be read; its element shows only its children.', ...WRITTEN },
  'snippet-import-package': { severity: 'warning', about: 'An import of a package (`@mintlify/components`, an npm module) instead of a file of the site; nothing is loaded.', ...WRITTEN },
  'snippet-import-unsupported': { severity: 'warning', about: 'An import of a file that is not a snippet (.mdx, .md or .jsx); nothing is loaded.', ...WRITTEN },
  'snippet-export-missing': { severity: 'warning', about: 'A named import that the snippet file does not export.', ...WRITTEN },
  'snippet-syntax': { severity: 'warning', about: 'A .jsx snippet that is not valid JavaScript; its exports are not available.', ...WRITTEN },
  'snippet-cycle': { severity: 'warning', about: 'Snippets import or include each other in a loop (or nest too deep); the one closing the loop is left out.', ...WRITTEN },
  'component-partial': { severity: 'warning', about: 'A component written as a function needs JavaScript docjet does not run (state, effects, network); those parts are left out.', ...WRITTEN },

  // Output folder and serving (safety)
  // @section output
  'output-is-site': { severity: 'error', about: 'The output folder is the site folder, contains it (a parent folder), or is the root of the file system; building there would delete the site. `docjet` exits 2.', ...WRITTEN },
  'output-is-file': { severity: 'error', about: 'The output folder is a file, or lies under a file; nothing is written. `docjet` exits 2.', ...WRITTEN },
  'output-not-docjet': { severity: 'error', about: 'The output folder holds files docjet did not write (no `.docjet-output` marker); `--force` replaces it anyway. `docjet` exits 2.', ...WRITTEN },
  'output-holds-site-files': { severity: 'error', about: 'The output folder is a folder inside the site that holds files docjet did not write (the site\'s own files); `--force` does not apply. `docjet` exits 2.', ...WRITTEN },
  'output-unwritable': { severity: 'error', about: 'The output folder cannot be created (no permission, read-only or special file system); nothing is written. `docjet` exits 2.', ...WRITTEN },
  'output-write-failed': { severity: 'error', about: 'A file of the built site could not be written (disk full, I/O error), or the finished site could not be moved into place; the previous output is left as it was.', ...WRITTEN },

  // Script injection (safety)
  // @section injection
  'url-unsafe': { severity: 'warning', about: 'A link, image or other URL in a page, its frontmatter (`url`) or an OpenAPI description uses a javascript:, vbscript: or data: URL (however spelt); it is left out.', ...WRITTEN },
  'html-unsafe': { severity: 'warning', about: 'HTML or JSX in a page that would run script: an event-handler attribute (`onclick`), `srcdoc`, a style that calls script, or `<object>`/`<embed>`/`<base>`; it is left out.', ...WRITTEN },

  // Reading outside the project, nesting limits (safety)
  // @section boundaries
  'ref-outside-root': { severity: 'error', about: 'A "$ref" names a file outside the site folder (as written, or through a symbolic link); it is not read.', ...WRITTEN },
  'config-outside-root': { severity: 'error', about: 'docs.json (or mint.json) is a symbolic link to a file outside the site folder; it is not read.', ...WRITTEN },
  'snippet-outside-root': { severity: 'warning', about: 'An import or `<Snippet file>` names a file outside the site folder (as written, or through a symbolic link); nothing is read from it.', ...WRITTEN },
  'openapi-outside-root': { severity: 'error', about: 'An openapi file (or a `spec.yaml GET /x` entry) names a file outside the site folder; it is not read.', ...WRITTEN },
  'nesting-too-deep': { severity: 'error', about: 'A config file nests lists and objects more than 256 levels deep (counting the files that include it); it is not read past that point.', ...WRITTEN },
  'ref-too-many': { severity: 'error', about: 'The config includes files by "$ref" more than 1,000 times in all (files including files many times over); the rest are not read.', ...WRITTEN },

  // Resource bounds (safety)
  // @section bounds
  'page-nesting-too-deep': { severity: 'warning', about: 'A page nests lists, quotes, elements or emphasis more than 256 levels deep; the deeper levels are shown flattened at level 256.', ...WRITTEN },
  'yaml-aliases-too-many': { severity: 'error', about: 'YAML (an OpenAPI document or a page\'s frontmatter) expands its aliases (`*name`) into more than 100,000 values, which is an "alias bomb"; it is not read.', ...WRITTEN },
  'encoding-invalid': { severity: 'warning', about: 'A page, snippet or OpenAPI file is not valid UTF-8; the bad bytes are shown as "\uFFFD".',
    message: (p: { what: string; byte: number }) =>
      `the ${p.what} is not valid UTF-8: the byte 0x${p.byte.toString(16).toUpperCase().padStart(2, '0')} here is not part of a UTF-8 character, so it and any other bad bytes are shown as "\uFFFD"`,
    fix: 'Save the file as UTF-8 (most editors offer "Save with encoding"; the file may have been written as Latin-1 or Windows-1252).',
  },
  'route-too-long': { severity: 'error', about: 'A page\'s URL is too long to be written as a file (a path segment over 255 bytes, or the whole path over 4,000 bytes).',
    message: (p: { route: string; problem: string; fromFile: boolean; maxBytes: number }) =>
      `the page's URL /${p.route} is too long to be written as a file: ${p.problem}, so the build would fail`,
    fix: (p: { fromFile: boolean; maxBytes: number }) =>
      `${p.fromFile ? 'Rename the file or its folders' : 'Shorten the operation\'s `x-mint.href`, its tag or its summary'} so that each part of the URL is at most ${p.maxBytes} bytes (about ${p.maxBytes} letters, fewer in non-Latin scripts).`,
  },

  // @section typed-model
  'frontmatter-type': { severity: 'warning', about: 'A frontmatter key the format defines has a value of the wrong type (`hidden: "yes"`, `noindex: "true"`); the value is ignored.', ...WRITTEN },
} as const satisfies Record<string, Entry<never>>;

export type DiagnosticCode = keyof typeof CATALOGUE;

/** The codes whose text is still written at the call site (`{ message, fix, path }`). */
export type TextCode = {
  [C in DiagnosticCode]: [(typeof CATALOGUE)[C]['message']] extends [typeof writtenAtCallSite]
    ? [typeof writtenAtCallSite] extends [(typeof CATALOGUE)[C]['message']]
      ? C
      : never
    : never;
}[DiagnosticCode];

/** The facts a code's message is made from: `diagnostic('page-missing', at, file, { entry, ... })`. */
export type MessageParams<C extends DiagnosticCode> =
  Parameters<(typeof CATALOGUE)[C]['message']> extends [infer P] ? P : Record<string, never>;

/**
 * The catalogue seen through its parameter types, so that `ENTRIES[code]` for a generic code takes
 * that code's parameters (TypeScript relates the two through this mapped type).
 */
const ENTRIES: { readonly [C in DiagnosticCode]: Entry<MessageParams<C>> } = CATALOGUE;

/**
 * Makes the diagnostic of `code` at `at` (or the whole of `fallbackFile`), with the message and fix
 * of its catalogue entry made from `params`; `path` is the JSON path in the config, if any.
 */
export function diagnostic<C extends DiagnosticCode>(
  code: C,
  at: Position | undefined,
  fallbackFile: string,
  params: MessageParams<C>,
  path?: string,
): Diagnostic {
  const entry = ENTRIES[code];
  const result: Diagnostic = {
    severity: entry.severity,
    code,
    file: at?.file ?? fallbackFile,
    line: at?.line ?? 0,
    column: at?.column ?? 0,
    message: entry.message(params),
  };
  const where = path ?? (entry.message === writtenAtCallSite ? writtenPath(params) : undefined);
  if (where) result.path = where;
  const fix = typeof entry.fix === 'function' ? entry.fix(params) : entry.fix;
  if (fix) result.fix = fix;
  return result;
}

/** The JSON path that a call site still writing its own text passes with its message. */
function writtenPath(params: unknown): string | undefined {
  return typeof params === 'object' && params !== null && 'path' in params && typeof params.path === 'string' ? params.path : undefined;
}

/** Whether a code's message is still written at the call site rather than in its entry. */
export function isWrittenAtCallSite(code: DiagnosticCode): boolean {
  return ENTRIES[code].message === writtenAtCallSite;
}

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

/** Quotes a user's value for a message: `"guides/intro"`. */
export function quote(value: unknown): string {
  return JSON.stringify(value);
}

/** `"a", "b" or "c"` */
export function listOr(values: readonly string[]): string {
  const quoted = values.map((value) => quote(value));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

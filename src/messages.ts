/**
 * The catalogue of user-facing problems: one stable code each, its severity, and what it means.
 * Messages are written at the call site from the facts at hand, but every code used anywhere must
 * be listed here (a test checks this), so docs and tests can name problems by code.
 *
 * How to write one: say what is wrong in terms of the user's file ("a tab holds one kind of child;
 * this one has both "anchors" and "groups""), then what to do ("Move the groups into an anchor, or
 * remove the anchors."). No stack traces, no internal names.
 */
import type { Diagnostic, Position, Severity } from './diagnostics.ts';

export const CATALOGUE = {
  // Loading
  'config-not-found': { severity: 'error', about: 'No docs.json or mint.json in the folder.' },
  'config-unreadable': { severity: 'error', about: 'The config file exists but cannot be read.' },
  'json-syntax': { severity: 'error', about: 'A config file is not valid JSON.' },
  'json-duplicate-key': { severity: 'warning', about: 'A key is written twice in one object; the last one wins.' },
  'ref-missing': { severity: 'error', about: 'A "$ref" names a file that does not exist.' },
  'ref-cycle': { severity: 'error', about: '"$ref" files include each other in a loop.' },
  'ref-invalid': { severity: 'error', about: 'A "$ref" is not a string naming a JSON file.' },
  'ref-siblings': { severity: 'warning', about: 'Keys beside a "$ref" are ignored.' },
  'legacy-config': { severity: 'warning', about: 'A mint.json key has no docs.json equivalent and is ignored.' },

  // Schema
  'unknown-key': { severity: 'warning', about: 'A key the format does not define; it has no effect.' },
  'missing-field': { severity: 'error', about: 'A required field is missing.' },
  'invalid-type': { severity: 'error', about: 'A value has the wrong type.' },
  'invalid-value': { severity: 'error', about: 'A value is not one of the allowed values or shapes.' },

  // Navigation rules (spec: docs-json-navigation.md)
  'nav-no-pattern': { severity: 'error', about: 'navigation has no primary pattern (rule 1).' },
  'nav-multiple-patterns': { severity: 'error', about: 'navigation has more than one primary pattern (rule 1).' },
  'nav-mixed-children': { severity: 'error', about: 'An element holds more than one kind of child (rule 2).' },
  'nav-link-with-children': { severity: 'error', about: 'An element with "href" also holds children (rule 2).' },
  'menu-item-content': { severity: 'error', about: 'A menu item holds something other than groups, pages or a link (rule 3).' },
  'global-anchor-href': { severity: 'error', about: 'A global anchor needs an absolute http(s) href (rule 4).' },
  'href-unsafe': { severity: 'error', about: 'An href uses a javascript:, data: or vbscript: URL (rule 5).' },
  'language-unknown': { severity: 'error', about: 'A language code is not one of the spec\'s codes (rule 6).' },
  'language-alias': { severity: 'warning', about: 'A language code is a well-known alias of a spec code (rule 6).' },
  'version-label': { severity: 'warning', about: 'A version label does not have the shape major.minor.patch (rule 7).' },
  'default-multiple': { severity: 'error', about: 'More than one version or language is marked default (rule 8).' },
  'page-missing': { severity: 'error', about: 'A page reference names no .mdx or .md file (rule 9).' },
  'page-extension': { severity: 'warning', about: 'A page reference includes its file extension (rule 9).' },
  'openapi-missing': { severity: 'error', about: 'An openapi file does not exist (rule 10).' },
  'openapi-syntax': { severity: 'error', about: 'An openapi file is not valid JSON or YAML (rule 10).' },
  'openapi-invalid': { severity: 'error', about: 'An openapi file is not an OpenAPI or Swagger document (rule 10).' },
  'openapi-unreadable': { severity: 'error', about: 'An openapi file exists but cannot be read (rule 10).' },
  'openapi-external-ref': { severity: 'warning', about: 'An OpenAPI file refers to other files; those parts are not read.' },
  'openapi-unresolved-ref': { severity: 'warning', about: 'An OpenAPI "$ref" points at nothing.' },
  'openapi-remote': { severity: 'warning', about: 'A remote openapi URL cannot be fetched offline; its references are not checked (rule 10).' },
  'endpoint-not-found': { severity: 'error', about: 'An endpoint reference matches no operation of the openapi in force (rule 10).' },
  'endpoint-no-openapi': { severity: 'error', about: 'An endpoint reference has no openapi in force above it (rule 10).' },
  'expanded-top-level': { severity: 'warning', about: '"expanded" on a top-level group has no effect (rule 11).' },
  'redirect-duplicate': { severity: 'error', about: 'Two redirects have the same source (rule 12).' },
  'group-pages-missing': { severity: 'error', about: 'A group has no "pages" and no "openapi" to generate them (rule 3).' },
  'group-root-missing': { severity: 'error', about: 'A group\'s "root" names no page.' },
  'route-collision': { severity: 'error', about: 'Two pages would be written to the same URL.' },

  // Content
  'duplicate-page-file': { severity: 'warning', about: 'Both x.md and x.mdx exist; x.mdx is used.' },
  'symlink-outside-root': { severity: 'warning', about: 'A symbolic link points outside the site folder and is skipped.' },
  'symlink-cycle': { severity: 'warning', about: 'A symbolic link loops back on itself and is skipped.' },
  'symlink-broken': { severity: 'warning', about: 'A symbolic link points at nothing.' },
  'frontmatter-leading-blank': { severity: 'warning', about: 'Blank lines before the frontmatter.' },
  'frontmatter-not-mapping': { severity: 'warning', about: 'Frontmatter that is not a set of key: value pairs.' },
  'frontmatter-unclosed': { severity: 'warning', about: 'A frontmatter block with no closing ---.' },
  'frontmatter-syntax': { severity: 'error', about: 'Frontmatter that is not valid YAML.' },
  'frontmatter-indentation': { severity: 'warning', about: 'A quoted frontmatter value continues at column 0; read as if indented.' },
  'page-unreadable': { severity: 'error', about: 'A page file exists but cannot be read.' },
  'folder-unreadable': { severity: 'warning', about: 'A folder of the site cannot be read and is skipped.' },
  'site-folder-missing': { severity: 'error', about: 'The site folder does not exist.' },
  'mintignore-unreadable': { severity: 'error', about: '.mintignore exists but cannot be read, so nothing would be ignored.' },

  // Page bodies (MDX/Markdown rendering)
  'mdx-syntax': { severity: 'warning', about: 'MDX syntax the parser rejects (a stray `{` or `<`, `<br>` without a slash); repaired so the page renders.' },
  'mdx-html-comment': { severity: 'warning', about: 'An HTML comment `<!-- -->`, which MDX does not allow; it is left out.' },
  'mdx-fallback-markdown': { severity: 'warning', about: 'An MDX page that cannot be repaired; it is read as plain Markdown.' },
  'mdx-expression-undefined': { severity: 'warning', about: 'A `{name}` expression names nothing the page defines; shown as written.' },
  'mdx-expression-unsupported': { severity: 'warning', about: 'An expression that needs JavaScript to run (a call, a function, JSX); shown as written or left out.' },
  'mdx-unknown-component': { severity: 'warning', about: 'A component docjet does not know; its children are shown without it.' },
  'script-tag': { severity: 'warning', about: 'A `<script>` element in a page; left out of the HTML (docjet never runs scripts written in a page).' },
  'code-fence-unclosed': { severity: 'warning', about: 'A code fence that is never closed; the block runs to the end of its container.' },
  'math-invalid': { severity: 'warning', about: 'A formula (`$…$`, `$$…$$`, `<Latex>`) KaTeX cannot read; it is shown as written.' },
  'component-failed': { severity: 'error', about: 'A component threw while rendering; its children are shown without it.' },
  'page-render-failed': { severity: 'error', about: 'A page body that cannot be rendered at all.' },
  'icon-unknown': { severity: 'warning', about: 'An icon name that no icon library has; the icon is left blank.' },

  // Snippets (imports, `<Snippet file>`, components written as functions)
  'snippet-missing': { severity: 'warning', about: 'An imported snippet file (or `<Snippet file>`) does not exist; its element shows only its children (the reference product warns too, §2.3).' },
  'snippet-unreadable': { severity: 'warning', about: 'A snippet file exists but cannot be read; its element shows only its children.' },
  'snippet-import-package': { severity: 'warning', about: 'An import of a package (`@mintlify/components`, an npm module) instead of a file of the site; nothing is loaded.' },
  'snippet-import-unsupported': { severity: 'warning', about: 'An import of a file that is not a snippet (.mdx, .md or .jsx); nothing is loaded.' },
  'snippet-export-missing': { severity: 'warning', about: 'A named import that the snippet file does not export.' },
  'snippet-syntax': { severity: 'warning', about: 'A .jsx snippet that is not valid JavaScript; its exports are not available.' },
  'snippet-cycle': { severity: 'warning', about: 'Snippets import or include each other in a loop (or nest too deep); the one closing the loop is left out.' },
  'component-partial': { severity: 'warning', about: 'A component written as a function needs JavaScript docjet does not run (state, effects, network); those parts are left out.' },

  // Output folder and serving (safety)
  // @section output
  'output-is-site': { severity: 'error', about: 'The output folder is the site folder, contains it (a parent folder), or is the root of the file system; building there would delete the site. `docjet` exits 2.' },
  'output-is-file': { severity: 'error', about: 'The output folder is a file, or lies under a file; nothing is written. `docjet` exits 2.' },
  'output-not-docjet': { severity: 'error', about: 'The output folder holds files docjet did not write (no `.docjet-output` marker); `--force` replaces it anyway. `docjet` exits 2.' },
  'output-holds-site-files': { severity: 'error', about: 'The output folder is a folder inside the site that holds files docjet did not write (the site\'s own files); `--force` does not apply. `docjet` exits 2.' },
  'output-unwritable': { severity: 'error', about: 'The output folder cannot be created (no permission, read-only or special file system); nothing is written. `docjet` exits 2.' },
  'output-write-failed': { severity: 'error', about: 'A file of the built site could not be written (disk full, I/O error), or the finished site could not be moved into place; the previous output is left as it was.' },

  // Script injection (safety)
  // @section injection
  'url-unsafe': { severity: 'warning', about: 'A link, image or other URL in a page, its frontmatter (`url`) or an OpenAPI description uses a javascript:, vbscript: or data: URL (however spelt); it is left out.' },
  'html-unsafe': { severity: 'warning', about: 'HTML or JSX in a page that would run script: an event-handler attribute (`onclick`), `srcdoc`, a style that calls script, or `<object>`/`<embed>`/`<base>`; it is left out.' },

  // Reading outside the project, nesting limits (safety)
  // @section boundaries
  'ref-outside-root': { severity: 'error', about: 'A "$ref" names a file outside the site folder (as written, or through a symbolic link); it is not read.' },
  'config-outside-root': { severity: 'error', about: 'docs.json (or mint.json) is a symbolic link to a file outside the site folder; it is not read.' },
  'snippet-outside-root': { severity: 'warning', about: 'An import or `<Snippet file>` names a file outside the site folder (as written, or through a symbolic link); nothing is read from it.' },
  'openapi-outside-root': { severity: 'error', about: 'An openapi file (or a `spec.yaml GET /x` entry) names a file outside the site folder; it is not read.' },
  'nesting-too-deep': { severity: 'error', about: 'A config file nests lists and objects more than 256 levels deep (counting the files that include it); it is not read past that point.' },
  'ref-too-many': { severity: 'error', about: 'The config includes files by "$ref" more than 1,000 times in all (files including files many times over); the rest are not read.' },

  // Resource bounds (safety)
  // @section bounds
  'page-nesting-too-deep': { severity: 'warning', about: 'A page nests lists, quotes, elements or emphasis more than 256 levels deep; the deeper levels are shown flattened at level 256.' },
  'yaml-aliases-too-many': { severity: 'error', about: 'YAML (an OpenAPI document or a page\'s frontmatter) expands its aliases (`*name`) into more than 100,000 values, which is an "alias bomb"; it is not read.' },
  'encoding-invalid': { severity: 'warning', about: 'A page, snippet or OpenAPI file is not valid UTF-8; the bad bytes are shown as "\uFFFD".' },
  'route-too-long': { severity: 'error', about: 'A page\'s URL is too long to be written as a file (a path segment over 255 bytes, or the whole path over 4,000 bytes).' },

  // @section typed-model
  'frontmatter-type': { severity: 'warning', about: 'A frontmatter key the format defines has a value of the wrong type (`hidden: "yes"`, `noindex: "true"`); the value is ignored.' },
} as const satisfies Record<string, { severity: Severity; about: string }>;

export type DiagnosticCode = keyof typeof CATALOGUE;

export function diagnostic(
  code: DiagnosticCode,
  at: Position | undefined,
  fallbackFile: string,
  details: { message: string; fix?: string | undefined; path?: string | undefined },
): Diagnostic {
  const result: Diagnostic = {
    severity: CATALOGUE[code].severity,
    code,
    file: at?.file ?? fallbackFile,
    line: at?.line ?? 0,
    column: at?.column ?? 0,
    message: details.message,
  };
  if (details.path) result.path = details.path;
  if (details.fix) result.fix = details.fix;
  return result;
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

/**
 * Gives each import its value: the snippet file it names, loaded once (load.ts), and the export it
 * asks for. What cannot be imported (a missing file, a package, a loop) gets a warning at the
 * import, with what to do, and leaves the name undefined: its elements show only their children.
 * Warnings, not errors: the reference product only warns about a missing snippet (§2.3), and a
 * site that builds there must build here.
 */
import path from 'node:path';
import type { ComponentRegistry } from '../mdx/components/types.ts';
import type { ImportBinding } from '../mdx/esm.ts';
import type { LinkOptions } from '../mdx/index.ts';
import type { Page } from '../mdx/page.ts';
import type { Point, Reporter } from '../mdx/report.ts';
import { Callable, type Value } from '../mdx/values.ts';
import { closestMatch } from '../../suggest.ts';
import { outsideReason } from '../inside-root.ts';
import { GLOBALS, REACT } from './globals.ts';
import { Collector, loadModule, type SnippetModule } from './load.ts';
import { resolveImport, resolveSnippetFile, suggestFile, type SiteFiles, type SnippetKind } from './resolve.ts';

/** Snippets importing snippets: deeper than any real site. */
export const MAX_IMPORT_DEPTH = 16;

const OUTSIDE_FIX = 'Snippets are files of the site: move the file under `snippets/` in the docs folder and import it as `/snippets/…`.';

/** Packages whose names the reference product provides to every page (its components, React's hooks). */
const COMPONENT_PACKAGES = new Set(['@mintlify/components', 'mintlify/components']);

interface Importer {
  file: string;
  reporter: Reporter;
}

export class SnippetLinker {
  private readonly modules = new Map<string, SnippetModule>();
  /** Snippets being loaded, outermost first: an import of one of them closes a loop. */
  private readonly loading: string[] = [];

  constructor(
    private readonly root: string,
    private readonly files: SiteFiles,
    private readonly components: ComponentRegistry,
  ) {}

  /** How one importer (a page being rendered, or a snippet being loaded) links; `collector` gathers what it pulls in. */
  options(collector: Collector): LinkOptions {
    return {
      globals: GLOBALS,
      resolveImport: (binding, at, from) => this.importValue(binding, at, from, collector),
      linker: { snippet: (file, page, at) => this.snippet(file, page, at, collector) },
    };
  }

  /** Forgets `file` and every snippet that imports it, or everything; and what is on disk. */
  forget(file?: string): void {
    this.files.forget();
    if (file === undefined) {
      this.modules.clear();
      return;
    }
    for (const [key, module] of this.modules) if (module.dependencies.has(file) || module.missing.has(file)) this.modules.delete(key);
  }

  private importValue(binding: ImportBinding, at: Point | undefined, from: Importer, collector: Collector): Value | undefined {
    const { source } = binding;
    const resolution = resolveImport(this.files, source, from.file);
    switch (resolution.kind) {
      case 'package':
        return this.packageValue(binding, at, from);
      case 'outside':
        from.reporter.report(
          'snippet-outside-root',
          at,
          `\`${source}\` ${outsideReason(resolution)}, so nothing is imported from it`,
          OUTSIDE_FIX,
        );
        return undefined;
      case 'unsupported':
        from.reporter.report(
          'snippet-import-unsupported',
          at,
          `\`${source}\` is not a snippet docjet can load (only .mdx, .md and .jsx files are), so nothing is imported from it`,
          `Rename \`${resolution.file}\` to .jsx if it is plain JavaScript with JSX, or put its content in an .mdx snippet.`,
        );
        return undefined;
      case 'missing': {
        collector.missing.add(resolution.file);
        const suggestion = suggestFile(this.files, resolution.file);
        from.reporter.report(
          'snippet-missing',
          at,
          `\`${source}\` does not exist, so nothing is imported from it (its components show only their children)`,
          `Create \`${resolution.file}\`, or fix the path${suggestion ? `: did you mean \`${asSpecifier(suggestion, source, from.file)}\`?` : '.'}`,
        );
        return undefined;
      }
      case 'file': {
        const module = this.module(resolution.file, resolution.type, at, from);
        if (!module) return undefined;
        collector.add(module);
        return this.exported(module, binding, at, from);
      }
    }
  }

  /** `import { useState } from 'react'` is React's hook, which functions have anyway; other packages are not loaded. */
  private packageValue(binding: ImportBinding, at: Point | undefined, from: Importer): Value | undefined {
    const { source, imported } = binding;
    if (source === 'react') return imported === 'default' || imported === '*' ? { ...REACT } : Object.hasOwn(REACT, imported) ? REACT[imported] : undefined;
    // The built-in components under their package name: the registry renders them.
    if (COMPONENT_PACKAGES.has(source) && Object.hasOwn(this.components, imported)) return undefined;
    from.reporter.report(
      'snippet-import-package',
      at,
      `\`${source}\` is a package, not a file of the site; docjet renders pages without loading packages, so nothing is imported from it`,
      COMPONENT_PACKAGES.has(source)
        ? `\`${imported}\` is not a built-in component: check its name, or write it in a .jsx file under \`snippets/\` and import it from there.`
        : 'Use a built-in component, or write the component in a .jsx file under `snippets/` and import it with a path: `import { Name } from \'/snippets/name.jsx\'`.',
    );
    return undefined;
  }

  private exported(module: SnippetModule, binding: ImportBinding, at: Point | undefined, from: Importer): Value | undefined {
    const { imported, source } = binding;
    if (imported === '*') return Object.fromEntries(module.exports);
    if (module.exports.has(imported)) return module.exports.get(imported);
    // Exported, but with a value docjet cannot compute (`export const client = new Client()`),
    // or from a file already reported as broken.
    if (module.unknown.has(imported) || module.broken) return undefined;
    const names = [...module.exports.keys()].filter((name) => name !== 'default');
    const listed = names.length > 0 ? ` It exports ${names.map((name) => `\`${name}\``).join(', ')}.` : '';
    if (imported === 'default') {
      from.reporter.report('snippet-export-missing', at, `\`${source}\` has no default export, so \`${binding.name}\` is not defined`, `Import what it exports by name: \`import { ${names[0] ?? 'Name'} } from '${source}'\`.${listed}`);
      return undefined;
    }
    const suggestion = closestMatch(imported, names);
    from.reporter.report(
      'snippet-export-missing',
      at,
      `\`${source}\` has no export named \`${imported}\`, so \`${binding.name}\` is not defined`,
      suggestion ? `Did you mean \`${suggestion}\`?${listed}` : `Export it from the file (\`export const ${imported} = …\`), or fix the name.${listed}`,
    );
    return undefined;
  }

  /** `<Snippet file="x.mdx" />`: the file's body as a component. */
  private snippet(file: string, page: Page, at: Point | undefined, collector: Collector): Callable | undefined {
    const from = { file: page.file, reporter: page.reporter };
    const resolution = resolveSnippetFile(this.files, file);
    if (resolution.kind === 'file') {
      const module = this.module(resolution.file, resolution.type, at, from);
      if (!module) return undefined;
      collector.add(module);
      const body = module.exports.get('default');
      if (body instanceof Callable) return body;
      from.reporter.report('snippet-export-missing', at, `\`<Snippet file="${file}">\` names \`${resolution.file}\`, which has no content to show`, 'Include an .mdx or .md snippet, or import the components of a .jsx file by name.');
      return undefined;
    }
    if (resolution.kind === 'outside') {
      from.reporter.report('snippet-outside-root', at, `\`<Snippet file="${file}">\` names a file that ${outsideReason(resolution)}, so nothing is shown`, OUTSIDE_FIX);
      return undefined;
    }
    const name = file.replace(/^\/+/, '');
    if (resolution.kind === 'missing') for (const folder of ['snippets/', '_snippets/']) collector.missing.add(folder + path.posix.normalize(name));
    if (resolution.kind === 'unsupported') {
      from.reporter.report('snippet-import-unsupported', at, `\`<Snippet file="${file}">\` names \`${resolution.file}\`, which is not a snippet (only .mdx, .md and .jsx files are)`, 'Include an .mdx or .md file.');
      return undefined;
    }
    const suggestion = this.files.snippetFiles().filter((candidate) => /^_?snippets\//.test(candidate));
    const closest = closestMatch(`snippets/${name}`, suggestion) ?? closestMatch(`_snippets/${name}`, suggestion);
    from.reporter.report(
      'snippet-missing',
      at,
      `\`<Snippet file="${file}">\` names no file: there is no \`snippets/${name}\` or \`_snippets/${name}\`, so nothing is shown`,
      `Create \`snippets/${name}\`, or fix the name${closest ? `: did you mean \`file="${closest.replace(/^_?snippets\//, '')}"\`?` : '.'}`,
    );
    return undefined;
  }

  /** A snippet module, loaded on first use; undefined (reported) when importing it would close a loop. */
  private module(file: string, kind: SnippetKind, at: Point | undefined, from: Importer): SnippetModule | undefined {
    const key = path.join(this.root, file);
    const cached = this.modules.get(key);
    if (cached) return cached;
    const loop = this.loading.indexOf(file);
    if (loop !== -1 || this.loading.length >= MAX_IMPORT_DEPTH) {
      const chain = [...this.loading.slice(loop === -1 ? 0 : loop), file].join(' → ');
      from.reporter.report(
        'snippet-cycle',
        at,
        loop !== -1 ? `snippets import each other in a loop (${chain}), so this import is left out` : `snippets import snippets more than ${MAX_IMPORT_DEPTH} deep (${chain}), so this import is left out`,
        'Remove one of the imports in the loop: a snippet cannot include itself, directly or through others.',
      );
      return undefined;
    }
    this.loading.push(file);
    let module: SnippetModule;
    try {
      const collector = new Collector();
      module = loadModule({ root: this.root, file, kind, link: this.options(collector), collector });
    } finally {
      this.loading.pop();
    }
    this.modules.set(key, module);
    return module;
  }
}

/** A site-relative path written the way the import was: `/snippets/x.mdx`, or relative to the importer. */
function asSpecifier(file: string, source: string, importer: string): string {
  if (source.startsWith('/')) return `/${file}`;
  if (!source.startsWith('.')) return file;
  const relative = path.posix.relative(path.posix.dirname(importer), file);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

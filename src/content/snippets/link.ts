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
import type { UrlResolver } from '../page-urls.ts';
import type { Variables } from '../variables.ts';
import { Callable, type Value } from '../mdx/values.ts';
import { closestMatch } from '../../shared/suggest.ts';
import { outsideReason } from '../../shared/inside-root.ts';
import { GLOBALS, REACT } from './globals.ts';
import { Collector, loadModule, type SnippetModule } from './load.ts';
import { resolveImport, resolveSnippetFile, suggestFile, type SiteFiles, type SnippetKind } from './resolve.ts';

/** Snippets importing snippets: deeper than any real site. */
export const MAX_IMPORT_DEPTH = 16;

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
    private readonly urls: ((file: string) => UrlResolver) | undefined,
    /** docs.json's `variables`, put into each `.mdx`/`.md` snippet's body. */
    private readonly variables?: Variables | undefined,
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
        from.reporter.diagnostic('snippet-outside-root', at, { via: 'import', name: source, reason: outsideReason(resolution) });
        return undefined;
      case 'unsupported':
        from.reporter.diagnostic('snippet-import-unsupported', at, { via: 'import', name: source, file: resolution.file });
        return undefined;
      case 'missing': {
        collector.missing.add(resolution.file);
        const close = suggestFile(this.files, resolution.file);
        const suggestion = close ? asSpecifier(close, source, from.file) : undefined;
        from.reporter.diagnostic('snippet-missing', at, { via: 'import', source, file: resolution.file, suggestion });
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
    from.reporter.diagnostic('snippet-import-package', at, { source, imported, builtInPackage: COMPONENT_PACKAGES.has(source) });
    return undefined;
  }

  private exported(module: SnippetModule, binding: ImportBinding, at: Point | undefined, from: Importer): Value | undefined {
    const { imported, source } = binding;
    if (imported === '*') return Object.fromEntries(module.exports);
    if (module.exports.has(imported)) return module.exports.get(imported);
    // Exported, but with a value docjet cannot compute (`export const client = new Client()`),
    // or from a file already reported as broken.
    if (module.unknown.has(imported) || module.broken) return undefined;
    const exports = [...module.exports.keys()].filter((name) => name !== 'default');
    const suggestion = imported === 'default' ? undefined : closestMatch(imported, exports);
    from.reporter.diagnostic('snippet-export-missing', at, { via: 'import', source, imported, local: binding.name, exports, suggestion });
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
      from.reporter.diagnostic('snippet-export-missing', at, { via: 'element', name: file, file: resolution.file });
      return undefined;
    }
    if (resolution.kind === 'outside') {
      from.reporter.diagnostic('snippet-outside-root', at, { via: 'element', name: file, reason: outsideReason(resolution) });
      return undefined;
    }
    const name = file.replace(/^\/+/, '');
    if (resolution.kind === 'missing') for (const folder of ['snippets/', '_snippets/']) collector.missing.add(folder + path.posix.normalize(name));
    if (resolution.kind === 'unsupported') {
      from.reporter.diagnostic('snippet-import-unsupported', at, { via: 'element', name: file, file: resolution.file });
      return undefined;
    }
    const candidates = this.files.snippetFiles().filter((candidate) => /^_?snippets\//.test(candidate));
    const closest = closestMatch(`snippets/${name}`, candidates) ?? closestMatch(`_snippets/${name}`, candidates);
    const suggestion = closest?.replace(/^_?snippets\//, '');
    from.reporter.diagnostic('snippet-missing', at, { via: 'element', file, name, suggestion });
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
      from.reporter.diagnostic('snippet-cycle', at, { via: 'import', loop: loop !== -1, chain, maxDepth: MAX_IMPORT_DEPTH });
      return undefined;
    }
    this.loading.push(file);
    let module: SnippetModule;
    try {
      const collector = new Collector();
      module = loadModule({ root: this.root, file, kind, link: this.options(collector), collector, resolveUrl: this.urls?.(file), variables: this.variables });
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

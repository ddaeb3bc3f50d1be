/** The navigation rules of the spec, run together in one walk. Order only affects report order. */
import type { Diagnostic } from '../../shared/diagnostics.ts';
import { diagnostic } from '../../shared/messages.ts';
import { formatJsonPath, type SourceLocations } from '../../config/json-source.ts';
import { walkNavigation } from '../../config/walk.ts';
import type { Rule, RuleContext } from './context.ts';
import { contextualOptions } from './contextual.ts';
import { expandedTopLevel } from './expanded.ts';
import { globalAnchors } from './global-anchors.ts';
import { groups } from './groups.ts';
import { hrefScheme } from './href-scheme.ts';
import { languages } from './language-codes.ts';
import { menuItems } from './menu-items.ts';
import { openapi } from './openapi.ts';
import { pages } from './pages.ts';
import { primaryPattern } from './primary-pattern.ts';
import { redirects } from './redirects.ts';
import { singleChildKind } from './single-child-kind.ts';
import { singleDefault } from './single-default.ts';
import { siteFiles } from './site-files.ts';
import { unappliedSettings } from './unapplied-settings.ts';
import { versions } from './versions.ts';

export const RULES: readonly Rule[] = [
  primaryPattern,
  singleChildKind,
  groups,
  menuItems,
  globalAnchors,
  hrefScheme,
  languages,
  versions,
  singleDefault,
  pages,
  openapi,
  expandedTopLevel,
  redirects,
  unappliedSettings,
  contextualOptions,
  siteFiles,
];

export function runRules(options: {
  config: unknown;
  locations: SourceLocations;
  configFile: string;
  pages: RuleContext['pages'];
  specs: RuleContext['specs'];
  assets?: RuleContext['assets'];
  rules?: readonly Rule[];
}): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const context: RuleContext = {
    config: options.config,
    pages: options.pages,
    specs: options.specs,
    ...(options.assets ? { assets: options.assets } : {}),
    report(code, path, params) {
      const at = options.locations.locate(options.config, path);
      diagnostics.push(diagnostic(code, at, options.configFile, params, formatJsonPath(path)));
    },
    add(problem) {
      diagnostics.push(problem);
    },
    where(path) {
      const at = options.locations.locate(options.config, path);
      return at && `${at.file}:${at.line}`;
    },
  };
  const visitors = (options.rules ?? RULES).map((rule) => rule.create(context));
  walkNavigation(options.config, visitors);
  for (const visitor of visitors) visitor.finish?.();
  return diagnostics;
}

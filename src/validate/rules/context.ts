/** What a navigation rule sees and how it reports. Rules are in this folder, one concern a file. */
import type { PageFile } from '../../shared/scan.ts';
import type { DiagnosticCode, MessageParams } from '../../shared/messages.ts';
import type { Diagnostic } from '../../shared/diagnostics.ts';
import type { JsonPath } from '../../config/json-source.ts';
import type { LoadedSpecs } from '../../openapi/specs.ts';
import type { NavigationVisitor } from '../../config/walk.ts';

export interface RuleContext {
  /** The config as written (after `$ref`), not yet trusted to have the right shape. */
  config: unknown;
  /** Page files by id (`guides/intro`). */
  pages: ReadonlyMap<string, PageFile>;
  /** OpenAPI files named anywhere in the config, by normalized source path. */
  specs: LoadedSpecs;
  /** The site's other files (`images/logo.svg`), when the folder was read. */
  assets?: ReadonlySet<string>;
  /** Reports `code` at `path` in the config, its message made from `params` (see `messages.ts`). */
  report<C extends DiagnosticCode>(code: C, path: JsonPath, params: MessageParams<C>): void;
  /** Adds a diagnostic that already has its own position (e.g. inside an OpenAPI file). */
  add(diagnostic: Diagnostic): void;
  /** `docs.json:12`: where `path` is written, to name another place in a message; undefined if unknown. */
  where(path: JsonPath): string | undefined;
}

export interface Rule {
  /** Kebab-case name, for tests and docs. */
  name: string;
  create(context: RuleContext): NavigationVisitor & { finish?(): void };
}

/** docjet's library API: the same functions the CLI calls. */
export { validate, validationFailed, type ValidateOptions, type ValidateResult, type ValidateStats } from './validate/index.ts';
export { loadConfig, type LoadedConfig } from './config/load.ts';
export { checkSchema } from './config/check-schema.ts';
export { configSchema, type Config, type UserConfig } from './config/schema.ts';
export { resolveSite, type ResolveOptions } from './site/resolve.ts';
export type { Site, Page, NavElement, Section, Placement, Alternate } from './site/types.ts';
export { breadcrumbs, type Breadcrumb } from './site/breadcrumbs.ts';
export { formatDiagnostic, type Diagnostic, type Severity } from './shared/diagnostics.ts';
export { CATALOGUE, type DiagnosticCode } from './shared/messages.ts';
export { build, type BuildOptions, type BuildResult, type BuildStats } from './output/build.ts';
export { serveStatic, type StaticServer, type StaticServerOptions } from './dev/static-server.ts';
export { dev, type DevOptions, type DevServer } from './dev/dev-server.ts';

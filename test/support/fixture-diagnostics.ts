/**
 * A test fixture has no public address, so every build of one says `sitemap-no-url` (the sitemap
 * is left out). That is about deployment, not what the tests building fixtures look at:
 * test/output/sitemap-url.test.ts covers it, the others compare the build's other diagnostics.
 */

/** `diagnostics` without the `sitemap-no-url` every fixture's build says. */
export function withoutSitemapNoUrl<D extends { code: string }>(diagnostics: readonly D[]): D[] {
  return diagnostics.filter((each) => each.code !== 'sitemap-no-url');
}

/**
 * Themes. The format names nine (format-behaviour.md §1.1); docjet accepts them all and draws one
 * look, tuned by `colors`, `fonts`, `appearance` and `background`. What a theme still decides is
 * what the spec leaves to it: whether pages show breadcrumbs when `styling.eyebrows` is unset, and
 * whether selecting a group opens its first page when `interaction.drilldown` is unset
 * (docs-json-navigation.md, "Some themes enable breadcrumbs by default"). The reference product
 * does not publish its per-theme defaults, so this table is docjet's choice, documented in the
 * README: the sidebar-heavy themes drill down, the ones with a top bar of sections show the path.
 */
import type { Config } from '../config/schema.ts';
import { readableText, textOn } from './contrast.ts';

export type ThemeName = Config['theme'];

export interface ThemeDefaults {
  breadcrumbs: boolean;
  drilldown: boolean;
}

export const THEME_DEFAULTS: Record<ThemeName, ThemeDefaults> = {
  mint: { breadcrumbs: false, drilldown: false },
  maple: { breadcrumbs: false, drilldown: true },
  palm: { breadcrumbs: true, drilldown: false },
  willow: { breadcrumbs: true, drilldown: false },
  linden: { breadcrumbs: false, drilldown: false },
  almond: { breadcrumbs: true, drilldown: true },
  aspen: { breadcrumbs: true, drilldown: true },
  luma: { breadcrumbs: false, drilldown: true },
  sequoia: { breadcrumbs: true, drilldown: false },
};

export interface ThemeSettings {
  name: ThemeName;
  breadcrumbs: boolean;
  drilldown: boolean;
  /** `appearance.default`; `system` follows the reader's OS. */
  appearance: 'system' | 'light' | 'dark';
  /** `appearance.strict`: no toggle. */
  fixedAppearance: boolean;
}

export function themeSettings(config: Config): ThemeSettings {
  const defaults = THEME_DEFAULTS[config.theme] ?? THEME_DEFAULTS.mint;
  const eyebrows = config.styling?.eyebrows;
  return {
    name: config.theme,
    breadcrumbs: eyebrows === undefined ? defaults.breadcrumbs : eyebrows === 'breadcrumbs',
    drilldown: config.interaction?.drilldown ?? defaults.drilldown,
    appearance: config.appearance?.default ?? 'system',
    fixedAppearance: config.appearance?.strict === true && config.appearance.default !== undefined && config.appearance.default !== 'system',
  };
}

/**
 * `<html>` attributes of the theme, as written in the markup: `data-theme` and the `dark` class when
 * `appearance.default` chooses one (so a page read without JavaScript still has them).
 */
export function themeAttributes(theme: ThemeSettings): string[] {
  if (theme.appearance === 'system') return [];
  return [`data-theme="${theme.appearance}"`, ...(theme.appearance === 'dark' ? ['class="dark"'] : [])];
}

/**
 * The script at the top of every page, run before first paint. The reader's saved choice
 * (`docjet-theme`) sets `data-theme`, unless the site fixes the appearance; then the `dark` class
 * on `<html>` is kept equal to the theme in force: `data-theme` when set, else the OS setting. Sites'
 * custom CSS and Tailwind's `dark:` variants read that class (`.dark …`, as on the hosted product);
 * docjet's own CSS reads `data-theme`. It follows the toggle (which sets `data-theme`) and a change
 * of the OS setting while the page is open.
 */
export function themeBootScript(theme: ThemeSettings): string {
  const saved = theme.fixedAppearance ? '' : 'try{var t=localStorage.getItem("docjet-theme");if(t==="dark"||t==="light")d.dataset.theme=t}catch(e){}';
  return (
    `<script>(function(){var d=document.documentElement;${saved}` +
    'var m=window.matchMedia&&matchMedia("(prefers-color-scheme: dark)"),s=function(){d.classList.toggle("dark",(d.dataset.theme||(m&&m.matches?"dark":"light"))==="dark")};s();' +
    'if(m&&m.addEventListener)m.addEventListener("change",s);new MutationObserver(s).observe(d,{attributes:true,attributeFilter:["data-theme"]})})()</script>'
  );
}

const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;
/** The page and text colours of assets/css/base.css, which the readable variants are measured against. */
const LIGHT = { bg: '#ffffff', fg: '#0f172a' };
const DARK = { bg: '#0b0f17', fg: '#e5e9f0' };
const FONT_NAME = /^[\w\s.-]+$/;

/**
 * The site's own stylesheet rules: colours and fonts from docs.json as custom properties, and
 * `@font-face` for fonts with a `source`. Values are checked against strict patterns, so nothing
 * from the config can break out of the stylesheet.
 */
export function siteCss(config: Config, base: string): string {
  const rules: string[] = [];
  const light: string[] = [];
  const dark: string[] = [];
  const primary = config.colors?.primary;
  const backgroundColor = config.background?.color;
  const lightBg = backgroundColor?.light && HEX.test(backgroundColor.light) ? backgroundColor.light : undefined;
  const darkBg = backgroundColor?.dark && HEX.test(backgroundColor.dark) ? backgroundColor.dark : undefined;
  if (primary && HEX.test(primary)) {
    const onDark = config.colors?.light && HEX.test(config.colors.light) ? config.colors.light : primary;
    // The colour as written for fills and lines; text in the nearest variant that reads (contrast.ts).
    light.push(`--dj-primary:${primary}`, `--dj-primary-text:${readableText(primary, lightBg ?? LIGHT.bg, LIGHT.fg)}`, `--dj-on-primary:${textOn(primary)}`);
    dark.push(`--dj-primary:${onDark}`, `--dj-primary-text:${readableText(onDark, darkBg ?? DARK.bg, DARK.fg)}`, `--dj-on-primary:${textOn(onDark)}`);
  }
  if (lightBg) light.push(`--dj-bg:${lightBg}`);
  if (darkBg) dark.push(`--dj-bg:${darkBg}`);

  const fonts = config.fonts;
  const fontList =
    fonts === undefined ? [] : 'family' in fonts ? [['body', fonts] as const, ['heading', fonts] as const] : [['body', fonts.body] as const, ['heading', fonts.heading] as const];
  const faces = new Set<string>();
  for (const [role, font] of fontList) {
    if (!font || !FONT_NAME.test(font.family)) continue;
    light.push(`--dj-font-${role}:"${font.family}",var(--dj-font-system)`);
    if (font.source && !faces.has(font.family)) {
      faces.add(font.family);
      const source = /^(?:https?:)?\/\//.test(font.source) ? font.source : base + font.source.replace(/^\/+/, '');
      const format = font.format ?? (source.endsWith('.woff') ? 'woff' : 'woff2');
      rules.push(
        `@font-face{font-family:"${font.family}";src:url(${JSON.stringify(source)}) format("${format}");font-display:swap${font.weight ? `;font-weight:${Number(font.weight)}` : ''}}`,
      );
    }
  }
  if (light.length > 0) rules.push(`:root{${light.join(';')}}`);
  if (dark.length > 0) {
    rules.push(`html[data-theme="dark"]{${dark.join(';')}}`);
    rules.push(`@media (prefers-color-scheme:dark){html:not([data-theme="light"]){${dark.join(';')}}}`);
  }
  return rules.join('\n');
}

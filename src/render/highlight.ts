/**
 * Syntax highlighting with Shiki. The site's fence languages are read first (`fenceLanguages`, a
 * cheap scan), each grammar is loaded once (`createCodeHighlighter`), and from then on highlighting
 * is synchronous, as page rendering is. The block's markup is `codeBlockHtml`'s (content/mdx/code.ts);
 * this file only supplies the colours.
 *
 * Light and dark colours are both in the page, so the theme switch needs no second rendering:
 * each coloured token names its (light, dark) pair by a class (`<span class="sk5">`), and the site
 * stylesheet gives each class the pair as CSS variables, once (`codeTokenCss`:
 * `.sk5{--shiki-light:#d73a49;--shiki-dark:#f97583}`). An inline style on every token instead
 * was 27 of the 294 MB of GitHub's API reference; the classes are 7. github-light and github-dark
 * share their rules and differ only in colours, so one tokenization with a theme whose colours
 * stand for (light, dark) pairs gives both: half the cost of Shiki's two-theme mode, which
 * tokenizes once per theme.
 */
import { createHighlighterCore, type HighlighterCore, type ThemeRegistration, type ThemeRegistrationRaw } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages, bundledLanguagesInfo } from 'shiki/langs';
import { bundledThemes } from 'shiki/themes';
import {
  codeBlockHtml,
  codeFigureHtml,
  codeLinesHtml,
  PLAIN_LANGUAGES,
  type CodeBlockOptions,
  type CodeLines,
  type CodeMeta,
  type CodeToken,
  type Highlighter,
  type Tokenize,
} from '../content/mdx/code.ts';
import { LineTokenizer } from './line-tokens.ts';

/** The pair of bundled themes; they must have the same rules (see `pairedTheme`). */
export const CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const;
const PAIRED_THEME = 'docjet-paired';

/** Names seen in real pages that Shiki does not know, for a language it does. */
const EXTRA_ALIASES: Record<string, string> = { curl: 'shellscript', env: 'dotenv', golang: 'go', ndjson: 'jsonl', cjs: 'javascript', mjs: 'javascript' };

/** Every name Shiki knows (ids and aliases, lower case) → the grammar's id. */
const LANGUAGE_IDS: ReadonlyMap<string, string> = (() => {
  const ids = new Map<string, string>();
  for (const info of bundledLanguagesInfo) {
    ids.set(info.id, info.id);
    for (const alias of info.aliases ?? []) ids.set(alias.toLowerCase(), info.id);
  }
  for (const [alias, id] of Object.entries(EXTRA_ALIASES)) ids.set(alias, id);
  return ids;
})();

/** `TS` → `typescript`, `sh` → `shellscript`, `curl` → `shellscript`; a name Shiki does not know, in lower case. */
export function normalizeLanguage(lang: string): string {
  const lower = lang.toLowerCase();
  return LANGUAGE_IDS.get(lower) ?? lower;
}

/** An opening fence (in a blockquote or indented in a component too) and its language word. */
const FENCE = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;

/** The fence languages a page or snippet uses, normalised (`js` → `javascript`), `mermaid` included. */
export function fenceLanguages(text: string): Set<string> {
  const languages = new Set<string>();
  if (!text.includes('```') && !text.includes('~~~')) return languages;
  for (const match of text.matchAll(FENCE)) {
    const language = normalizeLanguage(match[1]!);
    if (language !== 'nocopy') languages.add(language);
  }
  return languages;
}

/** A fence that opens a block: its indentation, its marker and its language word. */
const OPENING_FENCE = /^([ \t]*)(`{3,}|~{3,})[ \t]*([^\s`{]+)/;

/** A block found by `fencedBlocks`: the language as `fenceLanguages` gives it, and the code. */
export interface FencedBlock {
  language: string;
  code: string;
}

/**
 * The fenced blocks of a page, found line by line as cheaply as `fenceLanguages` finds languages.
 * Samples of the code a site shows, to compile grammars with ahead of its pages: blocks inside a
 * blockquote are left out and container rules are not applied, so this is not what a page renders.
 */
export function fencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  if (!text.includes('```') && !text.includes('~~~')) return blocks;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING_FENCE.exec(lines[index]!);
    if (!opening) continue;
    const [, indent = '', marker = '', word = ''] = opening;
    const code: string[] = [];
    while (++index < lines.length && !closesFence(lines[index]!, marker)) code.push(dedent(lines[index]!, indent.length));
    blocks.push({ language: normalizeLanguage(word), code: code.join('\n') });
  }
  return blocks;
}

/** A closing fence: the opening's character, at least as many times, and nothing else. */
function closesFence(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && [...trimmed].every((char) => char === marker[0]);
}

/** The line without up to `width` characters of leading white space (the opening fence's). */
function dedent(line: string, width: number): string {
  let start = 0;
  while (start < width && (line[start] === ' ' || line[start] === '\t')) start++;
  return line.slice(start);
}

/** Runs one part of a longer job when the caller has time for it, resolving with its result. */
export type Step = <T>(work: () => T | Promise<T>) => Promise<T>;

/** Each part of `warm`'s colouring takes lines until this much time has passed (one line at least). */
export const WARM_SLICE_MS = 10;

/** Lines longer than this are shown in one colour: minified JSON would cost more than a page. */
const MAX_LINE_LENGTH = 2_000;

/** A highlighter that can learn more languages before the next page is rendered. */
export interface CodeHighlighter extends Highlighter {
  /** Loads the grammars of `langs` not loaded yet (any spelling `fenceLanguages` accepts); after `colourLater`, nothing (`warm` does). */
  load(langs: Iterable<string>): Promise<void>;
  /**
   * Loads `lang`'s grammar and colours `code` with it, showing nothing: Oniguruma compiles a
   * grammar's rules the first time code reaches them, so a page that comes later finds them
   * compiled (and `code`'s colours cached). The work is done in small parts, each handed to
   * `step` (dev runs each in idle time): importing the grammars, registering each one, and
   * colouring `code` `WARM_SLICE_MS` at a time. A grammar took up to 0.7 s in one piece (ruby's,
   * with the eleven it embeds); its slowest part is now one line (116 ms, mdx's, on mintlify).
   */
  warm(lang: string, code: string, step?: Step): Promise<void>;
  /**
   * From now on, a block in a grammar that has coloured nothing yet is shown uncoloured and handed
   * to `later` instead: its first colouring compiles the grammar's rules (mdx 114 ms, five
   * languages 626 ms on one of mintlify's pages), which dev does in idle time (`warm`), then
   * colours the page where it is open. Build never calls this.
   */
  colourLater(later: (grammar: string, code: string) => void): void;
  /**
   * The lines `highlight` would write for the block, without the figure around them (which needs
   * the page's words): what the build's colour thread sends back (src/output/colour-thread.ts).
   */
  lines(code: string, lang: string | undefined, meta: CodeMeta): CodeLines;
  /** Whether `lang`'s grammar is loaded: a block in it is coloured (build; dev's `colourLater` may still wait). */
  colours(lang: string | undefined): boolean;
  /** Blocks shown uncoloured so far by `colourLater`: a render during which it grew has some. */
  readonly uncoloured: number;
  /**
   * From now on grammars are loaded on another thread, not in this one (the build's colour thread,
   * issue 33: ~35 MB of grammars and Oniguruma's WebAssembly that this thread only kept): `load`
   * notes them, `colours` says whether a block is coloured there, and a block this highlighter
   * writes itself is coloured by `elsewhere`, synchronously. `undefined`: back here, the grammars
   * noted meanwhile loaded (the other thread stopped).
   */
  colourElsewhere(elsewhere: ColourElsewhere | undefined): Promise<void>;
  /** Grammars loaded in this thread (a test counts them). */
  readonly grammars: number;
}

/** A block's lines coloured on another thread and waited for; undefined when that thread cannot. */
export type ColourElsewhere = (code: string, lang: string | undefined, meta: CodeMeta) => CodeLines | undefined;

/**
 * The regular expressions' engine. Oniguruma, the one the grammars are written for, is a quarter
 * faster (mintlify's 3,144 blocks: 3.75 CPU-s, Shiki's JavaScript engine 4.71), but its
 * WebAssembly memory only grows, by each grammar's compiled rules: 211 MB for mintlify's
 * (external; RSS 351 MB), against 37 MB more heap for the JavaScript engine (RSS 197 MB). The
 * build's colour thread, which keeps them all, uses the JavaScript one; the colours are the same
 * (every block of mintlify's and Portkey's pages compared, and mintlify's whole build).
 */
export type RegexEngineName = 'oniguruma' | 'javascript';

/**
 * A highlighter for the given languages (any spelling `fenceLanguages` accepts). Languages Shiki
 * does not know, plain-text ones and any not loaded are shown uncoloured, never as a failure.
 */
export async function createCodeHighlighter(options: { langs: Iterable<string>; engine?: RegexEngineName }): Promise<CodeHighlighter> {
  const palette = await pairedTheme();
  // Made with the first grammar: a highlighter whose code is coloured elsewhere loads no WebAssembly.
  let core!: HighlighterCore;
  let making: Promise<HighlighterCore> | undefined;
  const made = (): Promise<HighlighterCore> =>
    (making ??= (async () =>
      (core = await createHighlighterCore({
        engine: options.engine === 'javascript' ? createJavaScriptRegexEngine() : await createOnigurumaEngine(import('shiki/wasm')),
        themes: [palette.theme],
        langs: [],
      })))());
  const loaded = new Set<string>();
  /** Grammars asked for once: one that failed to load is not tried again on every page. */
  const tried = new Set<string>();
  /** Where blocks are coloured while `colourElsewhere` says so, and the grammars noted for it meanwhile. */
  let elsewhere: ColourElsewhere | undefined;
  const noted = new Set<string>();
  const loadNow = async (langs: Iterable<string>): Promise<void> => {
    if (elsewhere !== undefined) {
      for (const id of grammarIds(langs)) noted.add(id);
      return;
    }
    const wanted = grammarIds(langs).filter((id) => !tried.has(id));
    if (wanted.length === 0) return;
    for (const id of wanted) tried.add(id);
    await made();
    // One by one, so a grammar that fails to load only costs its own colours.
    await Promise.all(wanted.map((id) => core.loadLanguage(bundledLanguages[id as keyof typeof bundledLanguages]).catch(() => undefined)));
    for (const id of core.getLoadedLanguages()) loaded.add(id);
  };
  await loadNow(options.langs);
  /** One grammar and those it embeds, imported and registered `step` by step; `loaded` updated as `loadNow` updates it. */
  const loadInSteps = async (language: string, step: Step): Promise<void> => {
    const id = grammarOf(language);
    if (id === undefined || tried.has(id)) return;
    tried.add(id);
    await made();
    try {
      const grammars = await step(async () => (await bundledLanguages[id as keyof typeof bundledLanguages]()).default);
      // Each grammar after those it embeds (Shiki's order), one per step; those loaded before are skipped.
      for (const grammar of grammars) {
        if (!core.getLoadedLanguages().includes(grammar.name)) await step(() => core.loadLanguage(grammar));
      }
    } finally {
      for (const loadedId of core.getLoadedLanguages()) loaded.add(loadedId);
    }
  };
  const cache = new TokenCache();
  const lineTokenizers = new Map<string, LineTokenizer>();
  const lineTokenizerFor = (language: string): LineTokenizer => {
    let lines = lineTokenizers.get(language);
    if (lines === undefined) {
      lines = lineTokenizer(core, language, palette.classes);
      lineTokenizers.set(language, lines);
    }
    return lines;
  };
  const tokenizers = new Map<string, Tokenize>();
  const tokenizerFor = (language: string): Tokenize => {
    let tokenize = tokenizers.get(language);
    if (tokenize === undefined) {
      const lines = lineTokenizerFor(language);
      tokenize = (code) => cache.get(language, code) ?? cache.set(language, code, lines.tokenize(code));
      tokenizers.set(language, tokenize);
    }
    return tokenize;
  };

  /** Grammars that have coloured a block, or been warmed (whether they could load or not). */
  const settled = new Set<string>();
  let later: ((grammar: string, code: string) => void) | undefined;

  /** How a block is written: coloured when its grammar is loaded (and, under `colourLater`, has coloured before). */
  const blockOptions = (code: string, lang: string | undefined, meta: CodeMeta): CodeBlockOptions => {
    const language = lang === undefined ? undefined : normalizeLanguage(lang);
    const grammar = language === undefined ? undefined : grammarOf(language);
    if (grammar !== undefined && later !== undefined && !settled.has(grammar)) {
      highlighter.uncoloured++;
      later(grammar, code);
      return { code, lang, meta, language };
    }
    if (language === undefined || !loaded.has(language)) return { code, lang, meta, language };
    settled.add(language);
    return { code, lang, meta, language, tokenize: tokenizerFor(language) };
  };
  /** The block's lines from the other thread, when it is coloured there (`colourElsewhere`). */
  const linesElsewhere = (code: string, lang: string | undefined, meta: CodeMeta): CodeLines | undefined => {
    if (elsewhere === undefined || lang === undefined) return undefined;
    const language = normalizeLanguage(lang);
    return loaded.has(language) || !noted.has(language) ? undefined : elsewhere(code, lang, meta);
  };
  const highlight: Highlighter = (code, lang, meta, ui) => {
    const coloured = linesElsewhere(code, lang, meta);
    if (coloured !== undefined) return codeFigureHtml({ lang, meta, language: normalizeLanguage(lang!), ui }, coloured);
    return codeBlockHtml({ ...blockOptions(code, lang, meta), ui });
  };
  const lines = (code: string, lang: string | undefined, meta: CodeMeta): CodeLines => linesElsewhere(code, lang, meta) ?? codeLinesHtml(blockOptions(code, lang, meta));
  const colours = (lang: string | undefined): boolean => {
    if (lang === undefined) return false;
    const language = normalizeLanguage(lang);
    return loaded.has(language) || (elsewhere !== undefined && noted.has(language));
  };
  const colourElsewhere = async (then: ColourElsewhere | undefined): Promise<void> => {
    elsewhere = then;
    if (then === undefined) await loadNow(noted);
  };
  // Once colours come later, a page does not wait for its grammars to load either (`warm` loads them).
  const load = async (langs: Iterable<string>): Promise<void> => (later === undefined ? loadNow(langs) : undefined);
  const warm = async (lang: string, code: string, step: Step = async (work) => work()): Promise<void> => {
    const language = normalizeLanguage(lang);
    try {
      await loadInSteps(language, step);
      if (loaded.has(language)) {
        const lines = lineTokenizerFor(language).eachLine(code);
        while (!(await step(() => advance(lines, WARM_SLICE_MS)))) continue;
        // Every line is cached now: the block's tokens are too, for the page that shows it.
        tokenizerFor(language)(code);
      }
    } catch {
      // Code a grammar fails on is shown uncoloured on its page (`tokenizeLines`); nothing to warm.
    } finally {
      settled.add(language);
    }
  };
  const colourLater = (then: (grammar: string, code: string) => void): void => void (later = then);
  const highlighter = Object.assign(highlight, {
    load,
    warm,
    colourLater,
    lines,
    colours,
    colourElsewhere,
    uncoloured: 0,
  });
  return Object.defineProperty(highlighter, 'grammars', { get: () => [...loaded].filter((name) => LANGUAGE_IDS.get(name) === name).length }) as CodeHighlighter;
}

/** The grammar ids to load for `langs`: known to Shiki, coloured (not mermaid or plain text), once each. */
function grammarIds(langs: Iterable<string>): string[] {
  const wanted = new Set<string>();
  for (const lang of langs) {
    const id = grammarOf(lang);
    if (id !== undefined) wanted.add(id);
  }
  return [...wanted];
}

/** The id of the grammar that colours `lang` (any spelling `fenceLanguages` accepts); none for mermaid, plain text and names Shiki does not know. */
export function grammarOf(lang: string): string | undefined {
  const id = LANGUAGE_IDS.get(lang.toLowerCase());
  return id === undefined || id === 'mermaid' || PLAIN_LANGUAGES.has(id) ? undefined : id;
}

/**
 * Tokens of recent blocks. The same block often recurs in a site (each version and language of a
 * page repeats its examples: a quarter of the corpus's code lines), and `dev` renders a page again
 * on every edit. Bounded by lines, least recently used out first.
 */
class TokenCache {
  private readonly entries = new Map<string, CodeToken[][]>();
  private lines = 0;

  // 30,000 lines keep memory under ~25 MB per renderer while still catching the repeats of nearby pages.
  constructor(private readonly maxLines = 30_000) {}

  get(language: string, code: string): CodeToken[][] | undefined {
    const key = `${language}\n${code}`;
    const tokens = this.entries.get(key);
    if (tokens !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, tokens);
    }
    return tokens;
  }

  set(language: string, code: string, tokens: CodeToken[][]): CodeToken[][] {
    this.entries.set(`${language}\n${code}`, tokens);
    this.lines += tokens.length;
    for (const [key, old] of this.entries) {
      if (this.lines <= this.maxLines) break;
      this.entries.delete(key);
      this.lines -= old.length;
    }
    return tokens;
  }
}

/** Shiki's tokens of `language`, a line at a time (line-tokens.ts). */
function lineTokenizer(core: HighlighterCore, language: string, classes: ReadonlyMap<string, string | undefined>): LineTokenizer {
  // The paired theme is the highlighter's only one, so the colour map it sets stays the grammar's.
  const { colorMap } = core.setTheme(PAIRED_THEME);
  return new LineTokenizer({ grammar: core.getLanguage(language), colorMap, classes, maxLineLength: MAX_LINE_LENGTH });
}

/** Takes items of `items` for `milliseconds` (one at least); true once none are left. */
function advance(items: Iterator<unknown>, milliseconds: number): boolean {
  const until = performance.now() + milliseconds;
  do {
    if (items.next().done === true) return true;
  } while (performance.now() < until);
  return false;
}

interface PairedTheme {
  theme: ThemeRegistration;
  /** `#000003/2` (the stand-in colour and Shiki's font style bits) → the token's classes; none for plain text. */
  classes: Map<string, string | undefined>;
  /** The rules of those classes (`codeTokenCss`). */
  css: string;
}

/** Class of the colour pair with stand-in number `n` (the text colour, 0, has none). */
const pairClass = (n: number): string => `sk${n}`;

/** Classes of Shiki's font style bits (1 italic, 2 bold, 4 underline, 8 strikethrough), and their rules. */
const FONT_STYLES = [
  { bit: 1, name: 'ski', css: 'font-style:italic' },
  { bit: 2, name: 'skb', css: 'font-weight:bold' },
  { bit: 4, name: 'sku', css: 'text-decoration:underline' },
  { bit: 8, name: 'sks', css: 'text-decoration:line-through' },
] as const;
const BOTH_LINES_CSS = '.sku.sks{text-decoration:underline line-through}';

/**
 * The stylesheet of the classes code tokens carry: each colour pair's two colours as the
 * variables assets/css/code.css picks from by theme, and the font styles. Written once into the
 * site's stylesheet; the same for every site, as the themes are.
 */
export async function codeTokenCss(): Promise<string> {
  return (await pairedTheme()).css;
}

/**
 * One theme whose colour for each rule is a stand-in for the (light, dark) pair that rule has in
 * the two real themes. Only right when both themes have the same rules in the same order, which a
 * test checks for the pair in use.
 */
async function pairedTheme(): Promise<PairedTheme> {
  const light = (await bundledThemes[CODE_THEMES.light]()).default as ThemeRegistrationRaw;
  const dark = (await bundledThemes[CODE_THEMES.dark]()).default as ThemeRegistrationRaw;
  const lightRules = light.tokenColors ?? [];
  const darkRules = dark.tokenColors ?? [];
  const stand = new Map<string, string>();
  const colours = new Map<string, [string, string]>();
  const standIn = (pair: [string, string]): string => {
    const key = pair.join(' ');
    let colour = stand.get(key);
    if (colour === undefined) {
      colour = `#${stand.size.toString(16).padStart(6, '0')}`;
      stand.set(key, colour);
      colours.set(colour, pair);
    }
    return colour;
  };
  const textColour = standIn([String(light.colors?.['editor.foreground']), String(dark.colors?.['editor.foreground'])]);
  const tokenColors = lightRules.map((rule, index) => {
    const lightColour = rule.settings.foreground;
    const darkColour = darkRules[index]?.settings.foreground;
    const settings = { ...rule.settings };
    delete settings.background;
    if (lightColour !== undefined && darkColour !== undefined) settings.foreground = standIn([lightColour, darkColour]);
    return { ...rule, settings };
  });

  const classes = new Map<string, string | undefined>();
  let css = '';
  for (const [colour, [lightColour, darkColour]] of colours) {
    const number = Number.parseInt(colour.slice(1), 16);
    if (colour !== textColour) css += `.${pairClass(number)}{--shiki-light:${lightColour.toLowerCase()};--shiki-dark:${darkColour.toLowerCase()}}\n`;
    for (let fontStyle = 0; fontStyle < 16; fontStyle++) {
      const names = [colour === textColour ? '' : pairClass(number), ...FONT_STYLES.filter(({ bit }) => fontStyle & bit).map(({ name }) => name)].filter(Boolean);
      classes.set(`${colour}/${fontStyle}`, names.length === 0 ? undefined : names.join(' '));
    }
  }
  for (const { name, css: rule } of FONT_STYLES) css += `.${name}{${rule}}\n`;
  css += `${BOTH_LINES_CSS}\n`;
  const theme: ThemeRegistration = {
    name: PAIRED_THEME,
    type: 'light',
    colors: { 'editor.foreground': textColour, 'editor.background': '#ffffff' },
    tokenColors,
  };
  return { theme, classes, css };
}

/**
 * Generated social cards (`thumbnails`; the hosted product's "OG images"): a 1200 × 630 PNG per
 * page with its title and description, the site's logo (or name) and primary colour, on the
 * `thumbnails.background` image when there is one, light or dark as `thumbnails.appearance` says.
 * Drawn with satori (layout to SVG, text as outlines) and resvg (SVG to PNG): no browser.
 *
 * Drawing one takes about 0.2 s, so each is kept in `.docjet/cache/cards/` under a hash of
 * everything it is drawn from (its text, the settings, the logo's and background's bytes, the
 * font): a build draws only the cards whose page or look changed.
 *
 * satori needs a font file; docjet downloads none (`thumbnails.fonts` is not applied). It uses the
 * first of a few common sans-serif fonts on this machine, else KaTeX's main font, which docjet
 * ships with (its `katex` dependency).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config } from '../config/schema.ts';
import { cacheFolder, writeAtomic } from '../shared/docjet-cache.ts';
import { insideRoot } from '../shared/inside-root.ts';
import { isUnsafeUrl } from '../shared/safe-url.ts';
import type { Page } from '../site/types.ts';
import { cardContent, type CardContent } from './card-name.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './shell/meta-tags.ts';

/** Changes when the drawing changes, so that cached cards of an older docjet are drawn again. */
const DRAWING_VERSION = 1;

/** Regular and bold faces, first found wins. */
const FONT_CANDIDATES: readonly [string, string][] = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'],
  ['/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf'],
  ['/usr/share/fonts/noto/NotoSans-Regular.ttf', '/usr/share/fonts/noto/NotoSans-Bold.ttf'],
  ['/System/Library/Fonts/Supplemental/Arial.ttf', '/System/Library/Fonts/Supplemental/Arial Bold.ttf'],
  ['C:\\Windows\\Fonts\\arial.ttf', 'C:\\Windows\\Fonts\\arialbd.ttf'],
];

const IMAGE_TYPES: Readonly<Record<string, string>> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml' };

interface Font {
  files: [string, string];
  data: [Buffer, Buffer];
}

let font: Promise<Font> | undefined;

/** The font cards are drawn with: a common sans-serif of this machine, else KaTeX's (always there). */
function cardFont(): Promise<Font> {
  font ??= (async () => {
    const found = FONT_CANDIDATES.find(([regular, bold]) => existsSync(regular) && existsSync(bold));
    const files: [string, string] = found ?? katexFont();
    return { files, data: [await readFile(files[0]), await readFile(files[1])] };
  })();
  return font;
}

function katexFont(): [string, string] {
  const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist', 'fonts');
  return [path.join(fonts, 'KaTeX_Main-Regular.ttf'), path.join(fonts, 'KaTeX_Main-Bold.ttf')];
}

/** An image file of the site as a data URL, when it is inside the site and of a type satori draws; else undefined. */
async function siteImage(root: string, file: string | undefined): Promise<{ url: string; bytes: Buffer } | undefined> {
  if (!file || isUnsafeUrl(file, 'image') || /^[a-z][a-z0-9+.-]*:/i.test(file) || file.startsWith('//')) return undefined;
  const type = IMAGE_TYPES[path.extname(file.split(/[?#]/)[0]!).toLowerCase()];
  if (!type) return undefined;
  const place = insideRoot(root, file.split(/[?#]/)[0]!);
  if (place.kind !== 'inside') return undefined;
  const bytes = await readFile(place.real).catch(() => undefined);
  return bytes ? { url: `data:${type};base64,${bytes.toString('base64')}`, bytes } : undefined;
}

/** What a card is drawn from, read once per build. */
export interface CardDrawer {
  /** The page's card as PNG bytes: from the cache when it holds it, else drawn (and kept there). Only its title and description are drawn. */
  draw(page: Pick<Page, 'title' | 'description'>): Promise<Buffer>;
}

export async function createCardDrawer(root: string, config: Config): Promise<CardDrawer> {
  const dark = config.thumbnails?.appearance === 'dark';
  const logoFile = typeof config.logo === 'string' ? config.logo : dark ? config.logo?.dark : config.logo?.light;
  const [logo, background, fonts, cache] = await Promise.all([
    siteImage(root, logoFile),
    siteImage(root, config.thumbnails?.background),
    cardFont(),
    cacheFolder(root, 'cards', { create: true }).catch(() => undefined),
  ]);
  const look: Look = {
    dark,
    primary: config.colors?.primary ?? '#0D9373',
    logo: logo?.url,
    background: background?.url,
  };
  const settings = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, config.colors ?? null, config.thumbnails ?? null, logoFile ?? null, fonts.files]))
    .update(logo?.bytes ?? '')
    .update(background?.bytes ?? '')
    .digest('hex');
  return {
    async draw(page) {
      const content = cardContent(config, page);
      const key = createHash('sha256').update(settings).update(JSON.stringify(content)).digest('hex');
      const cached = cache?.ok ? path.join(cache.path, `${key}.png`) : undefined;
      const kept = cached ? await readFile(cached).catch(() => undefined) : undefined;
      if (kept) return kept;
      const png = await drawCard(content, look, fonts);
      // A cache that cannot be written only costs the next build the drawing.
      if (cached) await writeAtomic(cached, png).catch(() => undefined);
      return png;
    },
  };
}

interface Look {
  dark: boolean;
  primary: string;
  logo: string | undefined;
  background: string | undefined;
}

/** satori's element tree: plain objects shaped as React elements. */
interface Node {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: (Node | string)[] | Node | string };
}

function node(type: string, style: Record<string, unknown>, children?: Node['props']['children'], props: Record<string, unknown> = {}): Node {
  return { type, props: { ...props, style, ...(children === undefined ? {} : { children }) } };
}

async function drawCard(content: CardContent, look: Look, fonts: Font): Promise<Buffer> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const render = async (withImages: boolean): Promise<Buffer> => {
    const svg = await satori(cardTree(content, look, withImages) as never, {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      fonts: [
        { name: 'Card', data: fonts.data[0], weight: 400, style: 'normal' },
        { name: 'Card', data: fonts.data[1], weight: 700, style: 'normal' },
      ],
    });
    return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
  };
  // A logo or background satori cannot read (a broken file) leaves the card without images, not without a card.
  return render(true).catch(() => render(false));
}

function cardTree(content: CardContent, look: Look, withImages: boolean): Node {
  const foreground = look.dark ? '#f5f6f7' : '#111418';
  const muted = look.dark ? '#a4abb3' : '#4d5560';
  const background = look.dark ? '#0b0d0e' : '#ffffff';
  const inner = CARD_WIDTH - 2 * PADDING_X;
  const brand =
    withImages && look.logo
      ? node('img', { height: 64 }, undefined, { src: look.logo, height: 64 })
      : node('div', { fontSize: 36, fontWeight: 700, color: foreground }, content.siteName);
  const title = node('div', { width: inner, fontSize: content.title.length > 60 ? 56 : 68, fontWeight: 700, color: foreground, lineHeight: 1.15, lineClamp: 3 }, content.title);
  const description = content.description ? [node('div', { width: inner, fontSize: 30, color: muted, marginTop: 24, lineHeight: 1.35, lineClamp: 2 }, content.description)] : [];
  return node('div', { width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', backgroundColor: background, fontFamily: 'Card' }, [
    ...(withImages && look.background
      ? [
          node('img', { position: 'absolute', top: 0, left: 0, width: CARD_WIDTH, height: CARD_HEIGHT, objectFit: 'cover' }, undefined, {
            src: look.background,
            width: CARD_WIDTH,
            height: CARD_HEIGHT,
          }),
        ]
      : []),
    node(
      'div',
      {
        position: 'absolute',
        top: PADDING_Y,
        left: PADDING_X,
        width: inner,
        height: CARD_HEIGHT - ACCENT - 2 * PADDING_Y,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      },
      [
        node('div', { display: 'flex', height: 64, alignItems: 'center' }, [brand]),
        node('div', { display: 'flex', flexDirection: 'column', width: inner }, [title, ...description]),
      ],
    ),
    node('div', { position: 'absolute', left: 0, top: CARD_HEIGHT - ACCENT, width: CARD_WIDTH, height: ACCENT, backgroundColor: look.primary }),
  ]);
}

const PADDING_X = 80;
const PADDING_Y = 64;
/** The primary colour's band along the bottom edge. */
const ACCENT = 12;

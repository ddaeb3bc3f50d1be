/**
 * Which pages get a generated social card, and its file's name (src/render/social-card.ts draws
 * it): known to the shell, which links it from the page's head, without drawing anything. The
 * name is a hash of what the card shows, so a card whose page changed gets a new URL (social
 * sites keep an image they fetched once).
 */
import { createHash } from 'node:crypto';
import type { Config } from '../config/schema.ts';
import type { Page } from '../site/types.ts';
import { ASSETS_FOLDER } from './assets.ts';
import { namesImage } from './shell/meta-tags.ts';

/** Cards' folder under docjet's assets: `_docjet/cards/<name>.png`. */
export const CARDS_FOLDER = 'cards';

/** What a page's card shows. */
export interface CardContent {
  title: string;
  description: string | undefined;
  siteName: string;
}

/** A page gets a card when `thumbnails` is set and neither the page nor `seo` names its image. */
export function wantsCard(config: Config, page: Page): boolean {
  return config.thumbnails !== undefined && !namesImage(config, page);
}

export function cardContent(config: Config, page: Pick<Page, 'title' | 'description'>): CardContent {
  return { title: page.title, description: page.description, siteName: config.name };
}

/** The card's file name: a hash of what it shows and of the settings that draw it. */
export function cardName(config: Config, page: Page): string {
  const drawn = [cardContent(config, page), config.logo ?? null, config.colors ?? null, config.thumbnails ?? null, config.appearance ?? null];
  return `${createHash('sha256').update(JSON.stringify(drawn)).digest('hex').slice(0, 20)}.png`;
}

/** The card's path in the output folder. */
export function cardOutputPath(name: string): string {
  return `${ASSETS_FOLDER}/${CARDS_FOLDER}/${name}`;
}

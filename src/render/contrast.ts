/**
 * Readable variants of a site's colours (WCAG 2.1 contrast). `colors.primary` is the author's
 * choice; text in that colour on a page, and white text on it, may not reach the 4.5:1 that normal
 * text needs (a real site's #60a5fa button reads at 2.5:1 in dark mode). The theme keeps the
 * colour for borders, outlines and fills, and writes text in the nearest variant that reads.
 */

type Rgb = [number, number, number];

/** The ratio normal-size text needs (WCAG 2.1 AA, 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

export function parseHex(hex: string): Rgb | undefined {
  const match = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number): number => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `amount` of `a` mixed into `b` (CSS `color-mix(in srgb, a amount, b)`). */
function mix(a: Rgb, amount: number, b: Rgb): Rgb {
  return [0, 1, 2].map((index) => a[index]! * amount + b[index]! * (1 - amount)) as Rgb;
}

/**
 * `color` as text on `background` and on the tints the theme puts behind current items
 * (`--dj-primary-soft`: 12% of the colour over the background, twice for a tag on a current link):
 * the colour itself when it reads, else mixed toward `ink` (the theme's text colour) just enough.
 */
export function readableText(color: string, background: string, ink: string): string {
  const base = parseHex(color);
  const page = parseHex(background);
  const text = parseHex(ink);
  if (!base || !page || !text) return color;
  const tint = mix(base, 0.24, page);
  for (let share = 0; share <= 100; share += 5) {
    const candidate = mix(text, share / 100, base);
    if (contrast(candidate, page) >= MIN_TEXT_CONTRAST && contrast(candidate, tint) >= MIN_TEXT_CONTRAST) return toHex(candidate);
  }
  return ink;
}

/** Text on a fill of `color` (buttons, pills): white or the darkest ink, whichever reads better. */
export function textOn(color: string): string {
  const fill = parseHex(color);
  if (!fill) return '#ffffff';
  return contrast([255, 255, 255], fill) >= contrast([11, 15, 23], fill) ? '#ffffff' : '#0b0f17';
}

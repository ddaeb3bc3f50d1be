/**
 * The favicon of a site that declares none: browsers ask for `/favicon.ico` on every page, and a
 * 404 there fills server logs and dev consoles. A 32 × 32 disc in the site's primary color, as a
 * PNG inside an ICO file (every browser reads that form), made here: no image library needed.
 */
import { deflateSync } from 'node:zlib';

const SIZE = 32;
/** docjet's own accent, for a site without a usable `colors.primary`. */
const FALLBACK = '#16A34A';

export function defaultFavicon(primary: string | undefined): Buffer {
  const color = parseHex(primary) ?? parseHex(FALLBACK)!;
  return ico(png(disc(color)));
}

function parseHex(value: string | undefined): [number, number, number] | undefined {
  const match = value === undefined ? null : /^#([\da-f]{3}|[\da-f]{6})$/i.exec(value.trim());
  if (!match) return undefined;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** RGBA rows, each led by PNG's filter byte (0: none); the disc's edge is anti-aliased. */
function disc([red, green, blue]: [number, number, number]): Buffer {
  const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  const centre = (SIZE - 1) / 2;
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 4 + 1);
    for (let x = 0; x < SIZE; x++) {
      const distance = Math.hypot(x - centre, y - centre);
      const alpha = Math.round(255 * Math.min(1, Math.max(0, SIZE / 2 - distance)));
      rows.set([red, green, blue, alpha], row + 1 + x * 4);
    }
  }
  return rows;
}

function png(rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An ICO file holding one PNG image. */
function ico(image: Buffer): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header.set([SIZE, SIZE, 0, 0], 6); // width, height, no palette, reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, image]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * `npx tsx scripts/make-icons.ts`
 *   Draws the installable app's icons into `public/icons/`: `icon.svg`, `icon-192.png`,
 *   `icon-512.png` (rounded corners) and `icon-maskable-512.png` (full bleed, the mark inside
 *   the 80 % safe zone). One drawing, a few rectangles (three lines of text and a superscript
 *   "1"), rasterised here with 4×4 supersampling and written with node:zlib, so no image
 *   library is needed. The output depends only on this file: rerun it after changing it and
 *   commit the result.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/** A rectangle on the 32-unit grid of the drawing, with a corner radius. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  radius?: number;
}

const GRID = 32;
const BACKGROUND = [0x1f, 0x3a, 0x5f] as const;
const INK = [0xff, 0xff, 0xff] as const;
/** Three lines of text and a superscript "1": the footnote mark. */
const MARK: readonly Box[] = [
  { x: 6, y: 14, width: 13, height: 2.5, radius: 1 },
  { x: 6, y: 19, width: 18, height: 2.5, radius: 1 },
  { x: 6, y: 24, width: 10, height: 2.5, radius: 1 },
  { x: 22, y: 5, width: 2.5, height: 8.5 },
  { x: 20, y: 5, width: 2.5, height: 2 },
  { x: 20, y: 12, width: 6.5, height: 1.5 },
];
const OUT = new URL('../public/icons/', import.meta.url);

/** True when the point lies inside the box (rounded corners included). */
function inside(box: Box, x: number, y: number): boolean {
  if (x < box.x || y < box.y || x > box.x + box.width || y > box.y + box.height) return false;
  const radius = box.radius ?? 0;
  const dx = Math.max(box.x + radius - x, 0, x - (box.x + box.width - radius));
  const dy = Math.max(box.y + radius - y, 0, y - (box.y + box.height - radius));
  return dx * dx + dy * dy <= radius * radius;
}

/** The RGBA pixels of the icon at `size` px; `maskable` fills the square and shrinks the mark to 80 %. */
function draw(size: number, maskable: boolean): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const background: Box = maskable
    ? { x: 0, y: 0, width: GRID, height: GRID }
    : { x: 0, y: 0, width: GRID, height: GRID, radius: 6 };
  const scale = maskable ? 0.8 : 1;
  const samples = 4;
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      let covered = 0;
      let inked = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((column + (sx + 0.5) / samples) / size) * GRID;
          const y = ((row + (sy + 0.5) / samples) / size) * GRID;
          if (!inside(background, x, y)) continue;
          covered += 1;
          const mx = (x - GRID / 2) / scale + GRID / 2;
          const my = (y - GRID / 2) / scale + GRID / 2;
          if (MARK.some((box) => inside(box, mx, my))) inked += 1;
        }
      }
      const offset = (row * size + column) * 4;
      const share = covered === 0 ? 0 : inked / covered;
      for (let channel = 0; channel < 3; channel++) {
        pixels[offset + channel] = Math.round(BACKGROUND[channel]! * (1 - share) + INK[channel]! * share);
      }
      pixels[offset + 3] = Math.round((covered / (samples * samples)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of the pixels. */
function png(size: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row++) {
    rows.set(pixels.subarray(row * size * 4, (row + 1) * size * 4), row * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The same drawing as SVG. */
function svg(): string {
  const hex = (color: readonly number[]) => `#${color.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  const boxes = MARK.map(
    (box) =>
      `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}"${box.radius ? ` rx="${box.radius}"` : ''}/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${GRID} ${GRID}"><rect width="${GRID}" height="${GRID}" rx="6" fill="${hex(BACKGROUND)}"/><g fill="${hex(INK)}">${boxes}</g></svg>\n`;
}

mkdirSync(OUT, { recursive: true });
writeFileSync(new URL('icon.svg', OUT), svg());
writeFileSync(new URL('icon-192.png', OUT), png(192, draw(192, false)));
writeFileSync(new URL('icon-512.png', OUT), png(512, draw(512, false)));
writeFileSync(new URL('icon-maskable-512.png', OUT), png(512, draw(512, true)));
console.log(`Wrote icon.svg, icon-192.png, icon-512.png and icon-maskable-512.png to ${OUT.pathname}`);

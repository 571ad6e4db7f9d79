/**
 * Draws the installable app's icons (web/public/icons/*.png) without fonts or native libraries:
 * an auction paddle (a white disc on a handle) on the brand's navy, antialiased by supersampling,
 * written as PNG with node:zlib. Run: `npx tsx web/scripts/pwaIcons.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

const NAVY = [0x12, 0x35, 0x5b] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
const GOLD = [0xf2, 0xb7, 0x05] as const;

type Rgb = readonly [number, number, number];

/** What covers the point (x, y) in a unit square; `safe` shrinks the drawing into the maskable safe zone. */
function colourAt(x: number, y: number, safe: number): Rgb {
  const u = (x - 0.5) / safe + 0.5;
  const v = (y - 0.5) / safe + 0.5;
  // The paddle: a disc, a gold ring inside it, and a handle below, slightly tilted.
  const angle = -0.35;
  const cx = 0.5;
  const cy = 0.5;
  const ru = Math.cos(angle) * (u - cx) - Math.sin(angle) * (v - cy) + cx;
  const rv = Math.sin(angle) * (u - cx) + Math.cos(angle) * (v - cy) + cy;
  const d = Math.hypot(ru - 0.5, rv - 0.4);
  if (d < 0.26) return d > 0.19 && d < 0.215 ? GOLD : WHITE;
  if (Math.abs(ru - 0.5) < 0.055 && rv > 0.6 && rv < 0.88) return WHITE;
  return NAVY;
}

function draw(size: number, options: { safe: number; rounded: boolean }): Buffer {
  const samples = 4;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const px = (x + (sx + 0.5) / samples) / size;
          const py = (y + (sy + 0.5) / samples) / size;
          // A rounded square for the plain icon; the maskable one fills the whole square.
          const corner = 0.18;
          const qx = Math.max(Math.abs(px - 0.5) - (0.5 - corner), 0);
          const qy = Math.max(Math.abs(py - 0.5) - (0.5 - corner), 0);
          if (options.rounded && Math.hypot(qx, qy) > corner) continue;
          const [cr, cg, cb] = colourAt(px, py, options.safe);
          r += cr;
          g += cg;
          b += cb;
          a += 255;
        }
      }
      const n = samples * samples;
      const covered = a / 255 || 1;
      row.set(
        [Math.round(r / covered), Math.round(g / covered), Math.round(b / covered), Math.round(a / n)],
        1 + x * 4,
      );
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function png(size: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const out = resolve(import.meta.dirname, '../public/icons');
mkdirSync(out, { recursive: true });
writeFileSync(resolve(out, 'icon-192.png'), draw(192, { safe: 1, rounded: true }));
writeFileSync(resolve(out, 'icon-512.png'), draw(512, { safe: 1, rounded: true }));
// Maskable: the platform crops to its own shape; the drawing keeps inside the 80 % safe zone.
writeFileSync(resolve(out, 'icon-maskable-512.png'), draw(512, { safe: 0.78, rounded: false }));
writeFileSync(resolve(out, 'apple-touch-icon-180.png'), draw(180, { safe: 0.9, rounded: false }));

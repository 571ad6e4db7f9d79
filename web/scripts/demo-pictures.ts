/**
 * Draws the demo's lot photos and auction banners (web/scripts/demoScenes.ts) and writes them as
 * JPEG files to web/public/demo, where the built app serves them, with a phone-sized WebP copy of
 * each banner (the first picture of a phone's lot list). Run once when a scene changes:
 *   npx tsx web/scripts/demo-pictures.ts
 * The pictures are committed; nothing draws them at start-up.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import sharp from 'sharp';
import { DEMO_SCENES } from './demoScenes.ts';
import { Raster } from './raster.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'demo');
let seed = 1;
let total = 0;
for (const [name, scene] of Object.entries(DEMO_SCENES)) {
  const raster = new Raster(scene.width, scene.height);
  scene.draw(raster);
  const pixels = raster.finish(++seed * 2654435761);
  const { data } = jpeg.encode({ data: pixels, width: scene.width, height: scene.height }, 80);
  writeFileSync(join(out, `${name}.jpg`), data);
  total += data.length;
  console.log(`${name}.jpg ${(data.length / 1024).toFixed(0)} kB`);
  if (name.startsWith('lot-')) {
    // The lot's medium photo (cards, lists): half the size, a third of the bytes on a phone.
    const half = halve(pixels, scene.width, scene.height);
    const medium = jpeg.encode({ data: half, width: scene.width / 2, height: scene.height / 2 }, 80).data;
    writeFileSync(join(out, `${name}-medium.jpg`), medium);
    total += medium.length;
  }
  if (name.startsWith('banner-')) {
    // 780 px: a 390 px phone screen at twice its density; WebP, about a tenth of the JPEG's bytes.
    const phone = await sharp(Buffer.from(pixels), { raw: { width: scene.width, height: scene.height, channels: 4 } })
      .resize({ width: 780 })
      .webp({ quality: 70 })
      .toBuffer();
    writeFileSync(join(out, `${name}-phone.webp`), phone);
    total += phone.length;
  }
}

/** Halves an RGBA picture, each pixel the mean of four. */
function halve(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const w = width / 2;
  const h = height / 2;
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < 4; k++) {
        const at = (dx: number, dy: number) => rgba[((y * 2 + dy) * width + x * 2 + dx) * 4 + k] ?? 0;
        out[(y * w + x) * 4 + k] = Math.round((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) / 4);
      }
    }
  }
  return out;
}
console.log(`total ${(total / 1024).toFixed(0)} kB`);

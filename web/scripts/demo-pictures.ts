/**
 * Draws the demo's lot photos and auction banners (web/scripts/demoScenes.ts) and writes them as
 * files to web/public/demo, where the built app serves them: lots as WebP with a half-size copy,
 * banners as JPEG with a phone-sized WebP copy (the first picture of a phone's lot list). Run once
 * when a scene changes:
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
/** WebP from RGBA pixels, at quality 75: the drawn scenes have no detail a higher quality would keep. */
const webp = (pixels: Uint8Array, width: number, height: number, resize?: number) =>
  sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } })
    .resize(resize ? { width: resize } : undefined)
    .webp({ quality: 75 })
    .toBuffer();

for (const [name, scene] of Object.entries(DEMO_SCENES)) {
  const raster = new Raster(scene.width, scene.height);
  scene.draw(raster);
  const pixels = raster.finish(++seed * 2654435761);
  const files: Array<[string, Uint8Array]> = [];
  if (name.startsWith('lot-')) {
    // WebP as the console stores uploaded photos, and a half-size copy for cards and lists.
    files.push([`${name}.webp`, await webp(pixels, scene.width, scene.height)]);
    files.push([
      `${name}-medium.webp`,
      await webp(halve(pixels, scene.width, scene.height), scene.width / 2, scene.height / 2),
    ]);
  } else {
    // A banner: the computer's JPEG, and a 780 px WebP for phones (a 390 px screen at twice its density).
    files.push([`${name}.jpg`, jpeg.encode({ data: pixels, width: scene.width, height: scene.height }, 80).data]);
    files.push([`${name}-phone.webp`, await webp(pixels, scene.width, scene.height, 780)]);
  }
  for (const [file, data] of files) {
    writeFileSync(join(out, file), data);
    total += data.length;
    console.log(`${file} ${(data.length / 1024).toFixed(0)} kB`);
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

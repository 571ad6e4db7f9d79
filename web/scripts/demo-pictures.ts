/**
 * Draws the demo's lot photos and auction banners (web/scripts/demoScenes.ts) and writes them as
 * JPEG files to web/public/demo, where the built app serves them. Run once when a scene changes:
 *   npx tsx web/scripts/demo-pictures.ts
 * The pictures are committed; nothing draws them at start-up.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { DEMO_SCENES } from './demoScenes.ts';
import { Raster } from './raster.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'demo');
let seed = 1;
let total = 0;
for (const [name, scene] of Object.entries(DEMO_SCENES)) {
  const raster = new Raster(scene.width, scene.height);
  scene.draw(raster);
  const { data } = jpeg.encode(
    { data: raster.finish(++seed * 2654435761), width: scene.width, height: scene.height },
    80,
  );
  writeFileSync(join(out, `${name}.jpg`), data);
  total += data.length;
  console.log(`${name}.jpg ${(data.length / 1024).toFixed(0)} kB`);
}
console.log(`total ${(total / 1024).toFixed(0)} kB`);

/**
 * The demo's pictures, drawn from shapes and gradients (no fonts, no emoji): one scene per
 * lot photo and auction banner named in api/src/demo. Lot scenes are 800×600, banners 1500×500.
 */
import {
  circle,
  ellipse,
  everywhere,
  hex,
  line,
  linear,
  mix,
  polygon,
  type Raster,
  radial,
  rect,
  ring,
  soften,
  subtract,
  union,
} from './raster.ts';

type Scene = (r: Raster) => void;
const W = 800;
const H = 600;

const sky = (r: Raster, top: string, bottom: string, horizon = r.height) =>
  r.fill(everywhere, linear(0, 0, hex(top), 0, horizon, hex(bottom)));
const shadow = (r: Raster, cx: number, cy: number, rx: number, ry: number, alpha = 0.35) =>
  r.fill(soften(ellipse(cx, cy, rx, ry), 18), [0, 0, 0], alpha);
const pine = (r: Raster, x: number, base: number, h: number, colour: string) => {
  const c = hex(colour);
  for (let k = 0; k < 3; k++) {
    const top = base - h + (k * h) / 4;
    const half = (h / 5) * (1 + k * 0.45);
    r.fill(polygon([x, top, x + half, top + h / 2.2, x - half, top + h / 2.2]), mix(c, [0, 0, 0], k * 0.08));
  }
  r.fill(rect(x - 5, base - h / 6, x + 5, base), hex('#4a3323'));
};

const cabin: Scene = (r) => {
  sky(r, '#7fb3e0', '#f3d9b8', 380);
  r.fill(polygon([0, 380, 180, 170, 330, 320, 470, 140, 650, 330, 800, 210, 800, 420, 0, 420]), hex('#6d7f99'));
  r.fill(polygon([180, 170, 215, 215, 160, 205]), hex('#f4f6fa'));
  r.fill(polygon([470, 140, 515, 200, 440, 190]), hex('#f4f6fa'));
  r.fill(rect(0, 400, W, H), linear(0, 400, hex('#e9eef3'), 0, H, hex('#c9d6e3')));
  for (const [x, h] of <Array<[number, number]>>[
    [60, 230],
    [130, 190],
    [690, 250],
    [750, 200],
  ])
    pine(r, x, 440, h, '#1f4d3a');
  shadow(r, 410, 470, 230, 26);
  r.fill(rect(240, 300, 580, 470), linear(240, 0, hex('#8b5a2b'), 580, 0, hex('#6b4220')));
  for (let y = 312; y < 470; y += 22) r.fill(line(240, y, 580, y, 3), hex('#5a361a'), 0.7);
  r.fill(polygon([210, 310, 410, 190, 610, 310]), hex('#3b2a22'));
  r.fill(polygon([222, 304, 410, 196, 598, 304, 598, 296, 410, 186, 222, 296]), hex('#f5f7fa'));
  r.fill(rect(280, 340, 360, 410, 4), radial(320, 375, 60, hex('#ffe49a'), hex('#f2a93b')));
  r.fill(rect(460, 340, 540, 410, 4), radial(500, 375, 60, hex('#ffe49a'), hex('#f2a93b')));
  r.fill(line(320, 340, 320, 410, 4), hex('#5a361a'));
  r.fill(line(500, 340, 500, 410, 4), hex('#5a361a'));
  r.fill(rect(385, 370, 435, 470, 3), hex('#4a2c14'));
  r.fill(rect(520, 215, 550, 270), hex('#6e6e6e'));
  r.fill(soften(circle(545, 190, 16), 10), [235, 235, 235], 0.6);
  r.fill(soften(circle(560, 160, 22), 14), [235, 235, 235], 0.45);
};

const painting: Scene = (r) => {
  sky(r, '#e8e1d5', '#cfc4b1');
  r.fill(rect(0, 500, W, H), hex('#8c6a4f'));
  r.fill(soften(circle(400, 40, 260), 180), [255, 250, 230], 0.55);
  shadow(r, 412, 300, 250, 200, 0.3);
  r.fill(rect(170, 90, 630, 450, 6), linear(170, 90, hex('#d8b45a'), 630, 450, hex('#9a7424')));
  r.fill(rect(200, 120, 600, 420), linear(0, 120, hex('#f6c68b'), 0, 300, hex('#f08a5d')));
  r.fill(circle(470, 230, 46), hex('#fff1c9'));
  r.fill(polygon([200, 330, 290, 250, 380, 320, 470, 260, 600, 340, 600, 420, 200, 420]), hex('#7a4b6b'));
  r.fill(polygon([200, 370, 320, 320, 440, 370, 600, 330, 600, 420, 200, 420]), hex('#3f3456'));
  r.fill(rect(200, 395, 600, 420), hex('#2c2540'));
};

const bottle = (r: Raster, x: number, colour: string, label: string) => {
  r.fill(union(rect(x - 45, 250, x + 45, 520, 22), rect(x - 15, 140, x + 15, 270, 8)), hex(colour));
  r.fill(rect(x - 17, 130, x + 17, 175, 4), hex('#8a1c2b'));
  r.fill(rect(x - 45, 340, x + 45, 440), hex(label));
  r.fill(rect(x - 30, 360, x + 30, 372), hex('#8a6d3b'), 0.8);
  r.fill(line(x - 25, 260, x - 28, 500, 7), [255, 255, 255], 0.18);
};
const wine: Scene = (r) => {
  sky(r, '#2b1d26', '#5a3340');
  r.fill(rect(0, 500, W, H), linear(0, 500, hex('#6b4a33'), 0, H, hex('#3e2a1c')));
  r.fill(soften(circle(560, 200, 140), 120), [255, 200, 150], 0.25);
  shadow(r, 300, 520, 150, 18);
  bottle(r, 240, '#1e3b22', '#efe6d2');
  bottle(r, 360, '#3a1420', '#f3ead8');
  shadow(r, 560, 522, 70, 12);
  r.fill(rect(556, 400, 564, 510), [230, 235, 240], 0.7);
  r.fill(ellipse(560, 515, 55, 10), [230, 235, 240], 0.7);
  r.fill(ellipse(560, 330, 70, 85), [230, 235, 240], 0.35);
  r.fill(subtract(ellipse(560, 330, 66, 81), rect(480, 240, 640, 340)), hex('#7d0f24'), 0.92);
  r.fill(line(515, 290, 520, 360, 6), [255, 255, 255], 0.35);
};

const hockey: Scene = (r) => {
  sky(r, '#dfeaf4', '#f8fbfd');
  r.fill(rect(0, 0, W, 150), linear(0, 0, hex('#234e8c'), 0, 150, hex('#2f62a8')));
  r.fill(rect(0, 150, W, 170), hex('#f5f5f5'));
  r.fill(rect(0, 170, W, 178), hex('#c8202f'));
  r.fill(line(0, 420, W, 360, 10), hex('#c8202f'), 0.7);
  r.fill(ring(620, 470, 90, 6), hex('#2f62a8'), 0.6);
  shadow(r, 420, 480, 230, 20, 0.25);
  r.fill(polygon([140, 90, 160, 84, 420, 440, 600, 440, 600, 470, 400, 475]), hex('#2a2a2a'));
  r.fill(polygon([400, 440, 600, 440, 600, 470, 400, 475]), hex('#f0f0f0'));
  for (let x = 420; x < 600; x += 30) r.fill(line(x, 440, x + 10, 472, 4), hex('#2a2a2a'));
  shadow(r, 250, 492, 60, 10, 0.4);
  r.fill(ellipse(250, 478, 58, 16), hex('#111'));
  r.fill(rect(192, 458, 308, 478), hex('#1b1b1b'));
  r.fill(ellipse(250, 458, 58, 16), hex('#2c2c2c'));
  for (let k = 0; k < 6; k++)
    r.fill(line(60 + k * 25, 520 + k * 6, 200 + k * 20, 500 + k * 3, 2), [160, 190, 220], 0.4);
};

const spa: Scene = (r) => {
  sky(r, '#f4ede4', '#e3d6c6');
  r.fill(rect(0, 430, W, H), linear(0, 430, hex('#d8c6ae'), 0, H, hex('#bda88d')));
  r.fill(soften(circle(150, 120, 200), 150), [255, 255, 255], 0.5);
  shadow(r, 330, 468, 150, 16);
  const stones: Array<[number, number, number, number, string]> = [
    [330, 440, 140, 34, '#55534f'],
    [330, 380, 110, 30, '#6d6a64'],
    [330, 328, 84, 26, '#7f7b73'],
    [330, 284, 60, 22, '#938e85'],
  ];
  for (const [x, y, rx, ry, c] of stones)
    r.fill(ellipse(x, y, rx, ry), radial(x - rx / 3, y - ry / 2, rx * 1.4, mix(hex(c), [255, 255, 255], 0.25), hex(c)));
  r.fill(polygon([420, 240, 470, 150, 520, 250, 470, 290]), hex('#4f7d4a'));
  r.fill(line(470, 160, 470, 280, 3), hex('#35582f'));
  shadow(r, 600, 470, 90, 12);
  r.fill(rect(530, 400, 670, 465, 30), hex('#f8f6f2'));
  r.fill(ellipse(670, 432, 30, 33), hex('#efece6'));
  r.fill(ring(670, 432, 16, 4), hex('#d8d3ca'));
  r.fill(rect(180, 370, 230, 460, 6), hex('#f7efe0'));
  r.fill(line(205, 370, 205, 352, 3), hex('#333'));
  r.fill(soften(ellipse(205, 338, 10, 20), 6), hex('#ffb347'));
  r.fill(soften(circle(205, 340, 50), 40), [255, 220, 150], 0.35);
};

const dinner: Scene = (r) => {
  r.fill(everywhere, linear(0, 0, hex('#5b3a24'), W, H, hex('#3a2416')));
  for (let y = 40; y < H; y += 90) r.fill(line(0, y, W, y + 20, 2), hex('#2c1a0f'), 0.5);
  shadow(r, 410, 320, 210, 200, 0.45);
  r.fill(circle(400, 300, 200), hex('#f4f1ea'));
  r.fill(ring(400, 300, 160, 3), hex('#d8cdb8'));
  r.fill(circle(400, 300, 150), hex('#faf8f3'));
  r.fill(ellipse(370, 290, 70, 45), hex('#8c3b22'));
  r.fill(ellipse(360, 280, 50, 28), hex('#a8502d'));
  for (const [x, y] of <Array<[number, number]>>[
    [450, 260],
    [470, 300],
    [445, 335],
    [420, 350],
  ])
    r.fill(circle(x, y, 16), hex('#3f8a3a'));
  r.fill(ellipse(430, 345, 40, 18), hex('#f2c14e'));
  r.fill(line(140, 150, 140, 460, 10), hex('#c0c4c8'));
  for (const dx of [-12, -4, 4, 12]) r.fill(line(140 + dx, 110, 140 + dx, 170, 4), hex('#c0c4c8'));
  r.fill(line(660, 110, 660, 460, 12), hex('#c0c4c8'));
  r.fill(rect(652, 110, 672, 260, 10), hex('#d6d9dc'));
  r.fill(soften(circle(720, 80, 70), 50), [255, 210, 140], 0.35);
};

const bike: Scene = (r) => {
  sky(r, '#9cc9e8', '#e4f1f8', 380);
  r.fill(polygon([0, 380, 200, 300, 420, 360, 640, 290, 800, 350, 800, 420, 0, 420]), hex('#7fa86a'));
  r.fill(rect(0, 410, W, H), linear(0, 410, hex('#8b8b88'), 0, H, hex('#5f5f5c')));
  r.fill(line(0, 520, W, 520, 6), hex('#f2f2f2'), 0.6);
  shadow(r, 400, 505, 260, 14, 0.4);
  const wheel = (cx: number) => {
    r.fill(ring(cx, 400, 100, 14), hex('#1c1c1c'));
    r.fill(ring(cx, 400, 90, 4), hex('#b7b7b7'));
    for (let k = 0; k < 12; k++) {
      const a = (k * Math.PI) / 6;
      r.fill(line(cx, 400, cx + Math.cos(a) * 88, 400 + Math.sin(a) * 88, 2), hex('#c9c9c9'));
    }
    r.fill(circle(cx, 400, 10), hex('#555'));
  };
  wheel(220);
  wheel(580);
  const frame = hex('#d6322c');
  r.fill(line(220, 400, 370, 400, 14), frame);
  r.fill(line(220, 400, 320, 260, 14), frame);
  r.fill(line(320, 260, 370, 400, 14), frame);
  r.fill(line(320, 260, 520, 260, 14), frame);
  r.fill(line(370, 400, 520, 260, 14), frame);
  r.fill(line(520, 260, 580, 400, 14), frame);
  r.fill(line(520, 260, 500, 210, 10), hex('#333'));
  r.fill(line(480, 210, 540, 200, 10), hex('#333'));
  r.fill(line(320, 260, 305, 225, 8), hex('#333'));
  r.fill(rect(270, 212, 345, 230, 9), hex('#222'));
  r.fill(circle(370, 400, 22), hex('#8d8d8d'));
};

const concert: Scene = (r) => {
  sky(r, '#0d0b1f', '#2a1240');
  const beams: Array<[number, string]> = [
    [160, '#ff4fa3'],
    [400, '#46c8ff'],
    [640, '#ffd447'],
  ];
  for (const [x, c] of beams)
    r.fill(soften(polygon([x - 12, 0, x + 12, 0, x + 170, 420, x - 170, 420]), 40), hex(c), 0.22);
  for (const [x, c] of beams) r.fill(soften(circle(x, 8, 30), 14), hex(c), 0.9);
  r.fill(rect(0, 380, W, 420), hex('#191226'));
  r.fill(rect(360, 250, 440, 380, 6), hex('#111'));
  r.fill(circle(400, 235, 22), hex('#111'));
  r.fill(line(440, 300, 470, 260, 10), hex('#111'));
  for (let k = 0; k < 7; k++) {
    const a = Math.sin(k * 1.7) * 30;
    r.fill(soften(circle(60 + k * 115 + a, 150 + ((k * 37) % 90), 6), 4), [255, 255, 255], 0.7);
  }
  let s = 7;
  for (let x = -20; x < W + 40; x += 34) {
    s = (s * 9301 + 49297) % 233280;
    const h = 30 + (s / 233280) * 40;
    r.fill(circle(x, 520 - h, 22), hex('#05030c'));
    r.fill(rect(x - 28, 540 - h, x + 28, H, 16), hex('#05030c'));
    if (s % 5 === 0) r.fill(line(x + 10, 520 - h, x + 30, 440 - h, 10), hex('#05030c'));
  }
};

const kayak: Scene = (r) => {
  sky(r, '#f7b267', '#9ad1d4', 300);
  r.fill(soften(circle(560, 250, 50), 4), hex('#fff2cc'));
  r.fill(
    polygon([0, 300, 140, 190, 260, 260, 380, 170, 520, 260, 640, 200, 800, 280, 800, 310, 0, 310]),
    hex('#3f5b6b'),
  );
  for (const x of [40, 90, 700, 760]) pine(r, x, 310, 110, '#20363f');
  r.fill(rect(0, 300, W, H), linear(0, 300, hex('#4d8fa6'), 0, H, hex('#1c4a5e')));
  r.fill(rect(530, 300, 590, 480), linear(0, 300, hex('#ffe8b0'), 0, 480, hex('#4d8fa6')), 0.35);
  for (let k = 0; k < 14; k++)
    r.fill(line(40 + k * 55, 340 + (k % 4) * 50, 90 + k * 55, 340 + (k % 4) * 50, 3), [255, 255, 255], 0.25);
  r.fill(polygon([130, 430, 260, 400, 540, 400, 680, 430, 540, 455, 260, 455]), hex('#e8562a'));
  r.fill(polygon([130, 430, 680, 430, 540, 455, 260, 455]), hex('#b73c17'));
  r.fill(ellipse(400, 410, 60, 12), hex('#2a2a2a'));
  r.fill(ellipse(400, 455, 280, 12), [10, 40, 55], 0.35);
  r.fill(line(250, 330, 560, 470, 8), hex('#3a3a3a'));
  r.fill(ellipse(245, 328, 26, 12), hex('#f0c419'));
  r.fill(ellipse(565, 472, 26, 12), hex('#f0c419'));
};

const cookbook: Scene = (r) => {
  r.fill(everywhere, linear(0, 0, hex('#f3ede3'), 0, H, hex('#e2d7c6')));
  for (let x = 0; x < W; x += 100) r.fill(line(x, 0, x, H, 2), hex('#d6cab6'), 0.6);
  shadow(r, 370, 470, 220, 24, 0.35);
  r.fill(rect(170, 110, 540, 470, 10), linear(170, 110, hex('#2e7d6b'), 540, 470, hex('#1d5a4c')));
  r.fill(rect(170, 110, 200, 470, 6), hex('#174a3e'));
  r.fill(rect(250, 170, 490, 310, 6), hex('#f8f1e2'));
  r.fill(circle(370, 240, 45), hex('#e4572e'));
  r.fill(polygon([355, 196, 370, 184, 385, 196, 370, 204]), hex('#3f8a3a'));
  r.fill(rect(260, 350, 480, 362), hex('#f8f1e2'), 0.8);
  r.fill(rect(260, 380, 420, 390), hex('#f8f1e2'), 0.6);
  for (const [x, y, rad] of <Array<[number, number, number]>>[
    [630, 420, 48],
    [690, 470, 38],
    [610, 490, 30],
  ]) {
    shadow(r, x + 6, y + rad * 0.8, rad, 8, 0.3);
    r.fill(circle(x, y, rad), radial(x - rad / 3, y - rad / 3, rad * 1.5, hex('#ff7a5c'), hex('#c7291b')));
    r.fill(polygon([x - 10, y - rad + 2, x, y - rad - 8, x + 10, y - rad + 2, x, y - rad + 8]), hex('#3f8a3a'));
  }
  r.fill(polygon([600, 120, 700, 90, 740, 190, 650, 230]), hex('#5c9e4c'));
  r.fill(line(610, 125, 720, 180, 3), hex('#3f7a33'));
};

const tshirt: Scene = (r) => {
  r.fill(everywhere, radial(400, 260, 520, hex('#e9edf2'), hex('#b9c3cf')));
  shadow(r, 410, 540, 230, 20, 0.3);
  const shirt = polygon([
    250, 120, 330, 95, 360, 120, 440, 120, 470, 95, 550, 120, 680, 220, 620, 290, 560, 250, 560, 520, 240, 520, 240,
    250, 180, 290, 120, 220,
  ]);
  r.fill(shirt, linear(0, 95, hex('#2d5fa8'), 0, 520, hex('#1f4680')));
  r.fill(subtract(ellipse(400, 112, 44, 26), rect(340, 70, 460, 106)), hex('#173766'));
  r.fill(line(240, 250, 240, 520, 3), hex('#173766'), 0.5);
  r.fill(line(560, 250, 560, 520, 3), hex('#173766'), 0.5);
  r.fill(ring(400, 290, 70, 12), hex('#f4f4f4'));
  r.fill(polygon([400, 240, 440, 320, 360, 320]), hex('#f2c14e'));
  r.fill(polygon([400, 340, 360, 270, 440, 270]), hex('#f4f4f4'), 0.85);
};

const mug: Scene = (r) => {
  sky(r, '#f6e7d8', '#e8cdb2');
  r.fill(rect(0, 440, W, H), linear(0, 440, hex('#8a5a3c'), 0, H, hex('#5e3b25')));
  shadow(r, 400, 470, 170, 20, 0.4);
  r.fill(ring(540, 320, 58, 24), hex('#c94c4c'));
  r.fill(rect(260, 200, 540, 470, 28), linear(260, 0, hex('#e0605e'), 540, 0, hex('#a93636')));
  r.fill(ellipse(400, 205, 140, 26), hex('#a93636'));
  r.fill(ellipse(400, 208, 124, 18), hex('#4a2a17'));
  r.fill(ellipse(385, 204, 40, 6), hex('#7a4a2a'));
  r.fill(line(290, 230, 292, 440, 10), [255, 255, 255], 0.18);
  r.fill(ring(400, 330, 50, 8), hex('#f7e9d7'));
  r.fill(circle(400, 330, 18), hex('#f7e9d7'));
  for (const x of [360, 400, 440]) {
    for (let k = 0; k < 6; k++) {
      const y = 170 - k * 18;
      r.fill(soften(line(x + Math.sin(k) * 10, y, x + Math.sin(k + 1) * 10, y - 18, 8), 8), [255, 255, 255], 0.35);
    }
  }
  r.fill(circle(150, 470, 34), hex('#d7a86e'));
  r.fill(circle(120, 500, 26), hex('#c9965a'));
};

const BW = 1500;
const BH = 500;
const bokeh = (r: Raster, seed: number, colours: string[], count: number) => {
  let s = seed;
  for (let k = 0; k < count; k++) {
    s = (s * 9301 + 49297) % 233280;
    const x = (s / 233280) * BW;
    s = (s * 9301 + 49297) % 233280;
    const y = (s / 233280) * BH;
    const rad = 14 + (s % 40);
    r.fill(soften(circle(x, y, rad), 10), hex(colours[k % colours.length] ?? '#ffffff'), 0.25 + (s % 30) / 100, {
      x0: x - rad - 20,
      y0: y - rad - 20,
      x1: x + rad + 20,
      y1: y + rad + 20,
    });
  }
};

const bannerGala: Scene = (r) => {
  r.fill(everywhere, linear(0, 0, hex('#14213d'), BW, BH, hex('#7b1e3a')));
  bokeh(r, 11, ['#ffd166', '#ffe8a8', '#f28482'], 70);
  for (const x of [0, BW]) {
    const side = x === 0 ? 1 : -1;
    r.fill(polygon([x, 0, x + side * 260, 0, x + side * 150, 200, x + side * 90, BH, x, BH]), hex('#8d1b2b'));
    for (let k = 1; k < 5; k++) r.fill(line(x + side * k * 45, 0, x + side * k * 22, BH, 6), hex('#6a1020'), 0.6);
  }
  r.fill(line(BW / 2, 0, BW / 2, 80, 3), hex('#d9b45a'));
  for (let k = 0; k < 9; k++) {
    const a = Math.PI * (0.1 + (0.8 * k) / 8);
    const x = BW / 2 + Math.cos(a) * 130;
    const y = 90 + Math.sin(a) * 55;
    r.fill(line(BW / 2, 90, x, y, 3), hex('#d9b45a'), 0.8);
    r.fill(soften(circle(x, y + 12, 10), 6), hex('#fff3c4'));
  }
  r.fill(soften(circle(BW / 2, 110, 60), 50), hex('#fff3c4'), 0.4);
  for (const [x, h] of <Array<[number, number]>>[
    [520, 190],
    [640, 220],
    [860, 210],
    [980, 180],
  ]) {
    r.fill(rect(x - 8, BH - h, x + 8, BH - 40), [250, 245, 235], 0.65);
    r.fill(ellipse(x, BH - h - 30, 34, 42), [250, 245, 235], 0.3);
    r.fill(
      subtract(ellipse(x, BH - h - 30, 30, 38), rect(x - 40, BH - h - 80, x + 40, BH - h - 35)),
      hex('#f2d16b'),
      0.9,
    );
  }
};

const bannerSpring: Scene = (r) => {
  r.fill(everywhere, linear(0, 0, hex('#bfe3f5'), 0, BH, hex('#f4fbf2')));
  r.fill(polygon([0, 330, 300, 250, 700, 320, 1100, 240, 1500, 300, 1500, BH, 0, BH]), hex('#8cc084'));
  r.fill(polygon([0, 400, 400, 350, 900, 410, 1500, 360, 1500, BH, 0, BH]), hex('#5e9e5a'));
  r.fill(soften(circle(1250, 110, 70), 6), hex('#fff6c2'));
  let s = 5;
  const petals = ['#f7a1c4', '#ffd166', '#ffffff', '#c8a2f0', '#ff8c69'];
  for (let k = 0; k < 70; k++) {
    s = (s * 9301 + 49297) % 233280;
    const x = (s / 233280) * BW;
    s = (s * 9301 + 49297) % 233280;
    const y = 360 + (s / 233280) * 140;
    const c = hex(petals[k % petals.length] ?? '#ffffff');
    const box = { x0: x - 30, y0: y - 30, x1: x + 30, y1: y + 30 };
    for (let p = 0; p < 5; p++) {
      const a = (p * 2 * Math.PI) / 5;
      r.fill(circle(x + Math.cos(a) * 11, y + Math.sin(a) * 11, 9), c, 1, box);
    }
    r.fill(circle(x, y, 6), hex('#f2a93b'), 1, box);
  }
  for (const x of [180, 1380]) {
    r.fill(rect(x - 14, 150, x + 14, 380), hex('#6b4a33'));
    for (let k = 0; k < 9; k++) {
      const a = (k * 2 * Math.PI) / 9;
      r.fill(circle(x + Math.cos(a) * 80, 150 + Math.sin(a) * 55, 62), hex(k % 2 ? '#f7c6d9' : '#f4b2cc'), 0.95);
    }
  }
};

const bannerAutumn: Scene = (r) => {
  r.fill(everywhere, linear(0, 0, hex('#f6bd60'), 0, BH, hex('#f7ede2')));
  r.fill(polygon([0, 360, 400, 300, 800, 350, 1200, 290, 1500, 340, 1500, BH, 0, BH]), hex('#b5651d'));
  r.fill(polygon([0, 420, 500, 390, 1000, 430, 1500, 400, 1500, BH, 0, BH]), hex('#8a4b16'));
  const trees: Array<[number, number, string]> = [
    [150, 120, '#d9480f'],
    [420, 90, '#e8590c'],
    [1050, 110, '#f08c00'],
    [1330, 100, '#c92a2a'],
  ];
  for (const [x, rad, c] of trees) {
    r.fill(rect(x - 12, 240, x + 12, 400), hex('#5c3a21'));
    r.fill(
      union(circle(x, 220, rad), circle(x - rad * 0.6, 260, rad * 0.7), circle(x + rad * 0.6, 260, rad * 0.7)),
      radial(x - 30, 180, rad * 2, mix(hex(c), [255, 230, 120], 0.35), hex(c)),
    );
  }
  let s = 3;
  const leaves = ['#d9480f', '#f08c00', '#c92a2a', '#fab005'];
  for (let k = 0; k < 45; k++) {
    s = (s * 9301 + 49297) % 233280;
    const x = (s / 233280) * BW;
    s = (s * 9301 + 49297) % 233280;
    const y = (s / 233280) * BH;
    const a = (s % 628) / 100;
    const dx = Math.cos(a) * 14;
    const dy = Math.sin(a) * 14;
    r.fill(
      polygon([x - dx, y - dy, x - dy * 0.5, y + dx * 0.5, x + dx, y + dy, x + dy * 0.5, y - dx * 0.5]),
      hex(leaves[k % leaves.length] ?? '#d9480f'),
      0.9,
      {
        x0: x - 20,
        y0: y - 20,
        x1: x + 20,
        y1: y + 20,
      },
    );
  }
  r.fill(soften(circle(760, 80, 60), 30), [255, 250, 220], 0.6);
};

export const DEMO_SCENES: Record<string, { width: number; height: number; draw: Scene }> = {
  'lot-cabin': { width: W, height: H, draw: cabin },
  'lot-painting': { width: W, height: H, draw: painting },
  'lot-wine': { width: W, height: H, draw: wine },
  'lot-hockey': { width: W, height: H, draw: hockey },
  'lot-spa': { width: W, height: H, draw: spa },
  'lot-dinner': { width: W, height: H, draw: dinner },
  'lot-bike': { width: W, height: H, draw: bike },
  'lot-concert': { width: W, height: H, draw: concert },
  'lot-kayak': { width: W, height: H, draw: kayak },
  'lot-cookbook': { width: W, height: H, draw: cookbook },
  'lot-tshirt': { width: W, height: H, draw: tshirt },
  'lot-mug': { width: W, height: H, draw: mug },
  'banner-gala': { width: BW, height: BH, draw: bannerGala },
  'banner-spring': { width: BW, height: BH, draw: bannerSpring },
  'banner-autumn': { width: BW, height: BH, draw: bannerAutumn },
};

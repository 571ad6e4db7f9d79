/**
 * A tiny anti-aliased rasteriser for the demo pictures: shapes are signed distance functions
 * (negative inside), painted with a one-pixel soft edge, so the pictures need no fonts, no
 * emoji and no native image library. Colours are [r, g, b] in 0–255.
 */
export type Rgb = readonly [number, number, number];
export type Paint = Rgb | ((x: number, y: number) => Rgb);
/** Signed distance in pixels from (x, y) to the shape's edge, negative inside. */
export type Shape = (x: number, y: number) => number;
type Box = { x0: number; y0: number; x1: number; y1: number };

export class Raster {
  readonly pixels: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  /** Paints `shape` with `paint` at `alpha`; `box` limits the work to the shape's bounds. */
  fill(shape: Shape, paint: Paint, alpha = 1, box?: Partial<Box>): void {
    const x0 = Math.max(0, Math.floor(box?.x0 ?? 0));
    const y0 = Math.max(0, Math.floor(box?.y0 ?? 0));
    const x1 = Math.min(this.width, Math.ceil(box?.x1 ?? this.width));
    const y1 = Math.min(this.height, Math.ceil(box?.y1 ?? this.height));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const d = shape(x + 0.5, y + 0.5);
        if (d >= 0.5) continue;
        const cover = d <= -0.5 ? 1 : 0.5 - d;
        const a = cover * alpha;
        const c = typeof paint === 'function' ? paint(x, y) : paint;
        const i = (y * this.width + x) * 3;
        for (let k = 0; k < 3; k++) {
          const v = this.pixels[i + k] ?? 0;
          this.pixels[i + k] = v + ((c[k] ?? 0) - v) * a;
        }
      }
    }
  }

  /** Film grain and a soft vignette: what makes flat shapes read as a photograph. */
  finish(seed: number, grain = 7, vignette = 0.28): Uint8Array {
    const out = new Uint8Array(this.width * this.height * 4);
    let s = seed >>> 0 || 1;
    const cx = this.width / 2;
    const cy = this.height / 2;
    const rmax = Math.hypot(cx, cy);
    for (let p = 0; p < this.width * this.height; p++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      const noise = ((s >>> 0) / 0xffffffff - 0.5) * grain;
      const x = p % this.width;
      const y = Math.floor(p / this.width);
      const r = Math.hypot(x - cx, y - cy) / rmax;
      const shade = 1 - vignette * r * r;
      for (let k = 0; k < 3; k++) {
        out[p * 4 + k] = clamp((this.pixels[p * 3 + k] ?? 0) * shade + noise);
      }
      out[p * 4 + 3] = 255;
    }
    return out;
  }
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

export const hex = (h: string): Rgb => [
  Number.parseInt(h.slice(1, 3), 16),
  Number.parseInt(h.slice(3, 5), 16),
  Number.parseInt(h.slice(5, 7), 16),
];
export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** A linear gradient from (x0, y0) in colour `a` to (x1, y1) in colour `b`. */
export const linear =
  (x0: number, y0: number, a: Rgb, x1: number, y1: number, b: Rgb) =>
  (x: number, y: number): Rgb => {
    const dx = x1 - x0;
    const dy = y1 - y0;
    const t = ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy);
    return mix(a, b, Math.max(0, Math.min(t, 1)));
  };
/** A radial gradient: `a` at the centre, `b` from `radius` out. */
export const radial =
  (cx: number, cy: number, radius: number, a: Rgb, b: Rgb) =>
  (x: number, y: number): Rgb =>
    mix(a, b, Math.min(1, Math.hypot(x - cx, y - cy) / radius));

export const everywhere: Shape = () => -1;
export const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;
/** An ellipse; the distance is approximate but exact enough for a one-pixel edge. */
export const ellipse =
  (cx: number, cy: number, rx: number, ry: number): Shape =>
  (x, y) => {
    const k = Math.hypot((x - cx) / rx, (y - cy) / ry);
    return (k - 1) * Math.min(rx, ry);
  };
export const rect =
  (x0: number, y0: number, x1: number, y1: number, radius = 0): Shape =>
  (x, y) => {
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const qx = Math.abs(x - cx) - (x1 - x0) / 2 + radius;
    const qy = Math.abs(y - cy) - (y1 - y0) / 2 + radius;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
  };
/** A polygon from its corners [x, y, x, y, …]. */
export const polygon =
  (pts: readonly number[]): Shape =>
  (x, y) => {
    let d = Number.POSITIVE_INFINITY;
    let inside = false;
    const n = pts.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ax = pts[j * 2] ?? 0;
      const ay = pts[j * 2 + 1] ?? 0;
      const bx = pts[i * 2] ?? 0;
      const by = pts[i * 2 + 1] ?? 0;
      const ex = bx - ax;
      const ey = by - ay;
      const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
      d = Math.min(d, Math.hypot(x - ax - ex * t, y - ay - ey * t));
      if (by > y !== ay > y && x < ((ax - bx) * (y - by)) / (ay - by) + bx) inside = !inside;
    }
    return inside ? -d : d;
  };
/** A thick segment with round ends. */
export const line =
  (ax: number, ay: number, bx: number, by: number, width: number): Shape =>
  (x, y) => {
    const ex = bx - ax;
    const ey = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey || 1)));
    return Math.hypot(x - ax - ex * t, y - ay - ey * t) - width / 2;
  };
/** A ring (circle outline) of the given thickness. */
export const ring =
  (cx: number, cy: number, r: number, width: number): Shape =>
  (x, y) =>
    Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2;
export const union =
  (...shapes: Shape[]): Shape =>
  (x, y) =>
    Math.min(...shapes.map((s) => s(x, y)));
export const subtract =
  (a: Shape, b: Shape): Shape =>
  (x, y) =>
    Math.max(a(x, y), -b(x, y));
export const intersect =
  (a: Shape, b: Shape): Shape =>
  (x, y) =>
    Math.max(a(x, y), b(x, y));
/** Blurs a shape's edge over `soft` pixels (shadows, glows). */
export const soften =
  (shape: Shape, soft: number): Shape =>
  (x, y) =>
    shape(x, y) / soft;

/** One line of the chart: a name for the legend and its points. */
export interface ChartSeries {
  name: string;
  points: { x: number; y: number }[];
  /** Index into the palette (default: the series' position); series of one run share it. */
  color?: number;
  dashed?: boolean;
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** A horizontal dashed line, e.g. the target. */
  threshold?: { y: number; label: string };
  /** A logarithmic y axis (powers of ten), for latencies spanning milliseconds to seconds. */
  logY?: boolean;
}

const WIDTH = 1010;
const HEIGHT = 440;
const MARGIN = { left: 70, right: 400, top: 40, bottom: 56 };
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Round tick steps (1, 2 or 5 times a power of ten) giving about `count` ticks up to `max`. */
export function ticks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const out: number[] = [];
  for (let v = 0; v <= max + step * 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  if ((out.at(-1) ?? 0) < max) out.push((out.at(-1) ?? 0) + step);
  return out;
}

/** 1, 10, 100, … up to the first power of ten at or above `max`. */
export function powersOfTen(max: number): number[] {
  const out = [1];
  while ((out.at(-1) as number) < max) out.push((out.at(-1) as number) * 10);
  return out;
}

/** A line chart as a standalone SVG document (no dependency: the figures are few and plain). */
export function lineChartSvg(series: readonly ChartSeries[], options: ChartOptions): string {
  const all = series.flatMap((s) => s.points);
  const xTicks = ticks(Math.max(1, ...all.map((p) => p.x)));
  const yHighest = Math.max(1, ...all.map((p) => p.y), options.threshold?.y ?? 0);
  const yTicks = options.logY ? powersOfTen(yHighest) : ticks(yHighest);
  const xMax = xTicks.at(-1) as number;
  const yMax = yTicks.at(-1) as number;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const sx = (x: number) => MARGIN.left + (x / xMax) * plotW;
  const sy = options.logY
    ? (y: number) => MARGIN.top + plotH - (Math.log10(Math.max(1, y)) / Math.log10(yMax)) * plotH
    : (y: number) => MARGIN.top + plotH - (y / yMax) * plotH;
  const f = (n: number) => n.toFixed(1);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12" role="img">`,
    // A title makes the chart readable to screen readers (and is what Biome's a11y rule asks for).
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    `<text x="${WIDTH / 2 - MARGIN.right / 2}" y="22" text-anchor="middle" font-size="15">${escapeXml(options.title)}</text>`,
  ];
  for (const x of xTicks) {
    parts.push(
      `<line x1="${f(sx(x))}" y1="${MARGIN.top}" x2="${f(sx(x))}" y2="${MARGIN.top + plotH}" stroke="#eee"/>`,
      `<text x="${f(sx(x))}" y="${MARGIN.top + plotH + 18}" text-anchor="middle">${x}</text>`,
    );
  }
  for (const y of yTicks) {
    parts.push(
      `<line x1="${MARGIN.left}" y1="${f(sy(y))}" x2="${MARGIN.left + plotW}" y2="${f(sy(y))}" stroke="#eee"/>`,
      `<text x="${MARGIN.left - 8}" y="${f(sy(y) + 4)}" text-anchor="end">${y}</text>`,
    );
  }
  parts.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`,
    `<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 14}" text-anchor="middle">${escapeXml(options.xLabel)}</text>`,
    `<text transform="translate(18 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeXml(options.yLabel)}</text>`,
  );
  if (options.threshold) {
    const y = f(sy(options.threshold.y));
    parts.push(
      `<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + plotW}" y2="${y}" stroke="#555" stroke-dasharray="6 4"/>`,
      `<text x="${MARGIN.left + plotW - 4}" y="${Number(y) - 5}" text-anchor="end" fill="#555">${escapeXml(options.threshold.label)}</text>`,
    );
  }
  series.forEach((s, i) => {
    const color = COLORS[(s.color ?? i) % COLORS.length] as string;
    const dash = s.dashed ? ' stroke-dasharray="5 3"' : '';
    const points = [...s.points].sort((a, b) => a.x - b.x);
    if (points.length > 1) {
      const d = points.map((p, j) => `${j === 0 ? 'M' : 'L'}${f(sx(p.x))} ${f(sy(p.y))}`).join(' ');
      parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="1.5"${dash}/>`);
    }
    for (const p of points) parts.push(`<circle cx="${f(sx(p.x))}" cy="${f(sy(p.y))}" r="2.5" fill="${color}"/>`);
    const ly = MARGIN.top + 10 + i * 20;
    parts.push(
      `<line x1="${WIDTH - MARGIN.right + 14}" y1="${ly}" x2="${WIDTH - MARGIN.right + 34}" y2="${ly}" stroke="${color}" stroke-width="2"${dash}/>`,
      `<text x="${WIDTH - MARGIN.right + 40}" y="${ly + 4}">${escapeXml(s.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

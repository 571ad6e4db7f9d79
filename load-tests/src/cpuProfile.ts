import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  file: string;
  seconds: number;
  /** Share of the profile's time per place: our workspaces, each package, Node itself, idle, GC. */
  byPlace: { place: string; percent: number }[];
  /** The functions with the most self time. */
  topFunctions: { name: string; percent: number }[];
}

/** Where a function lives: `engine`, `api`, a package name, `node:internal`, or V8's own buckets. */
export function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith('node:')) return 'node:internal';
  const workspace = /\/(platform|engine|projections|api|workers|load-tests|scripts)\//.exec(url);
  return workspace ? (workspace[1] as string) : url;
}

/** A span of the machine's monotonic clock in microseconds, the clock V8 stamps profile samples with. */
export interface MonotonicWindow {
  startUs: number;
  endUs: number;
}

export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time per place and per function of a V8 CPU profile (`node --cpu-prof`), counting only the
 * samples inside `window` when given (the load, without the process's start and the run's setup).
 */
export function summarizeProfile(file: string, profile: CpuProfile, window?: MonotonicWindow): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at < window.startUs || at > window.endUs)) return;
    first = Math.min(first, at - delta);
    last = Math.max(last, at);
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    const place = placeOf(frame.url, frame.functionName);
    places.set(place, (places.get(place) ?? 0) + micros);
    const file = frame.url.split('/').slice(-2).join('/');
    const name = `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, micros]) => ({ key, percent: Math.round((1000 * micros) / total) / 10 }));
  return {
    file,
    seconds: last > first ? Math.round((last - first) / 1e5) / 10 : 0,
    byPlace: top(places, 15).map(({ key, percent }) => ({ place: key, percent })),
    topFunctions: top(functions, 20).map(({ key, percent }) => ({ name: key, percent })),
  };
}

/** Every profile in a folder, biggest (the main thread) first. */
export function summarizeProfiles(folder: string, window?: MonotonicWindow): ProfileSummary[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => summarizeProfile(name, JSON.parse(readFileSync(join(folder, name), 'utf8')) as CpuProfile, window))
    .sort((a, b) => b.seconds - a.seconds);
}

export function formatProfiles(summaries: ProfileSummary[]): string {
  return summaries
    .map((s) =>
      [
        `profile ${s.file} (${s.seconds}s)`,
        `  by place: ${s.byPlace.map((p) => `${p.place} ${p.percent}%`).join(', ')}`,
        '  top functions (self time):',
        ...s.topFunctions.map((f) => `    ${String(f.percent).padStart(5)}%  ${f.name}`),
      ].join('\n'),
    )
    .join('\n');
}

import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; null where there is no /proc. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The whole machine's busy and total CPU time so far (all cores), from /proc/stat. */
export function machineCpu(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] as string;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** CPU seconds of a process and its direct children (a PostgreSQL server and its backends), from /proc. */
export function processTreeCpuSeconds(rootPid: number): number | null {
  let total = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(name);
      if (pid !== rootPid && Number(fields[1]) !== rootPid) continue;
      found = true;
      total += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return found ? total : null;
}

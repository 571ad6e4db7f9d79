import { useSyncExternalStore } from 'react';

/**
 * The server's clock is the one that decides (DESIGN §2); the page only offsets its own clock by
 * what the server says (client-synchronization-time, then the hub's SynchronizeClientTime).
 */
let offsetMs = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

export function setServerTime(serverIso: string, receivedAt = Date.now(), roundTripMs = 0): void {
  const server = Date.parse(serverIso);
  if (Number.isNaN(server)) return;
  // The answer was written about half a round trip before it arrived.
  offsetMs = server + roundTripMs / 2 - receivedAt;
  tick();
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

function tick() {
  now = serverNow();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // One timer for every countdown on the page, aligned so all of them change on the same second.
  timer ??= setInterval(tick, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * What a component reads from the server's time (a lot turning red, a card's colour): it renders
 * again only when that answer changes, not every second. A list of lot cards that each re-rendered
 * on every tick held a phone's main thread for a long task each second; only their countdowns need
 * to. `select` must answer a primitive (compared with Object.is).
 */
export function useServerTime<T extends string | number | boolean | null | undefined>(select: (now: number) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(now),
    () => select(now),
  );
}

const itself = (time: number) => time;

/** The server's time, ticking each second. */
export function useServerNow(): number {
  return useServerTime(itself);
}

export async function synchronizeClock(): Promise<void> {
  const sentAt = Date.now();
  try {
    const response = await fetch('/api/account/client-synchronization-time', {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return;
    const { currentTime } = (await response.json()) as { currentTime: string };
    const receivedAt = Date.now();
    setServerTime(currentTime, receivedAt, receivedAt - sentAt);
  } catch {
    // Without the server's time the page keeps the device's clock; the hub will send it again.
  }
}

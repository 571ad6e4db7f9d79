import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** Spec 001 §9: xs and sm are mobile; large starts at 1280 px (the carousel's and the tabs' breakpoint). */
export const LARGE_SCREEN = '(min-width: 80rem)';
export { MEDIUM_SCREEN } from '@auction/contract';

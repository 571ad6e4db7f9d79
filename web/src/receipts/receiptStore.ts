import type { BidReceipt } from '@auction/contract';
import { useSyncExternalStore } from 'react';
import { tokens } from '../api/client.ts';

/**
 * The receipts of the bidder's own accepted bids in this tab, latest per lot: the bid's answer
 * brings one, the lot page offers it for download. Kept in sessionStorage, so a reload keeps it
 * and closing the tab forgets it (the API keeps the proof; the receipt is the bidder's copy).
 * Signing out forgets them too: the next person to sign in on this tab must not be offered the
 * previous bidder's receipts.
 */
const STORAGE_KEY = 'bidReceipts';
const listeners = new Set<() => void>();

function readAll(): Record<string, BidReceipt> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, BidReceipt>;
  } catch {
    return {};
  }
}

let snapshot = typeof sessionStorage === 'undefined' ? {} : readAll();

function forgetAll(): void {
  snapshot = {};
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored to forget.
  }
  for (const listener of listeners) listener();
}

tokens.subscribe(() => {
  if (!tokens.access() && Object.keys(snapshot).length > 0) forgetAll();
});

export function rememberReceipt(receipt: BidReceipt): void {
  snapshot = { ...snapshot, [receipt.lotId]: receipt };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // A full or disabled storage still keeps the receipt for this page's life.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLastReceipt(lotId: number): BidReceipt | undefined {
  return useSyncExternalStore(
    subscribe,
    () => snapshot[lotId],
    () => undefined,
  );
}

import { useEffect, useRef } from 'react';
import { useAccessToken } from '../account/session.ts';
import { tokens } from '../api/client.ts';
import { setServerTime } from '../time/serverClock.ts';
import type { WireEvent } from './hubClient.ts';
import { hubFor } from './useAuctionLive.ts';

export interface HubEventHandlers {
  /** Each event of the auction, as it arrives. */
  onEvent?: (event: WireEvent) => void;
  /**
   * The screen's snapshot should be read again: after a (re)subscription, when the hub has lost
   * the client's position, and (debounced by `settleMs`) after a burst of events.
   */
  onResync: () => void;
  settleMs?: number;
}

/**
 * Raw hub events of one auction for screens that keep their own live state (the console's
 * closing minute, the projector), on the page's one socket. The server's time it sends keeps the
 * page's clock.
 */
export function useHubEvents(auctionId: number, handlers: HubEventHandlers): void {
  const token = useAccessToken();
  const current = useRef(handlers);
  current.current = handlers;

  useEffect(() => {
    if (!Number.isSafeInteger(auctionId) || auctionId < 1) return;
    const client = hubFor(token ?? tokens.access());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => current.current.onResync(), current.current.settleMs ?? 1000);
    };
    const stopListening = client.listen((message) => {
      if (message.type === 'SynchronizeClientTime') setServerTime(message.currentTime);
      if (!('auctionId' in message) || message.auctionId !== auctionId) return;
      if (message.type === 'subscribed' || message.type === 'refetch') current.current.onResync();
      if (message.type !== 'events') return;
      for (const event of message.events) current.current.onEvent?.(event);
      settle();
    });
    const stopWatching = client.watch(auctionId);
    return () => {
      clearTimeout(timer);
      stopListening();
      stopWatching();
    };
  }, [auctionId, token]);
}

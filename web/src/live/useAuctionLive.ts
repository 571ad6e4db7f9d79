import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAccessToken, useProfile } from '../account/session.ts';
import { tokens } from '../api/client.ts';
import { auctionKeys } from '../auctions/queries.ts';
import { donationKeys } from '../donations/queries.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { invoiceKeys } from '../invoices/queries.ts';
import { leaderboardKeys } from '../leaderboard/queries.ts';
import { lotKeys } from '../lots/queries.ts';
import type { Lot, LotDetail, LotPage } from '../lots/types.ts';
import { setServerTime } from '../time/serverClock.ts';
import { HubClient, hubUrl, type WireEvent } from './hubClient.ts';
import { auctionLevelEvents, carouselRefreshEvents, invoiceRefreshEvents, liveMessageFor } from './liveMessages.ts';
import { pollHub } from './queries.ts';
import { showToast } from './toasts.tsx';

let shared: { client: HubClient; token: string | undefined } | undefined;

/**
 * One socket per page, replaced when the user signs in or out (the hub reads the token on connect).
 * Screens that follow raw events (the console's closing minute, the projector) listen on it too.
 */
export function hubFor(token: string | undefined): HubClient {
  if (shared && shared.token === token) return shared.client;
  shared?.client.close();
  // Long polling when the network refuses the WebSocket (docs/hub.md).
  shared = { client: new HubClient(hubUrl(), token, pollHub), token };
  return shared.client;
}

// Lots the user just acted on, so their own bid or purchase is not announced back to them.
const ownActions = new Map<number, number>();
export function noteOwnAction(lotId: number): void {
  ownActions.set(lotId, Date.now());
}

/** Every lot of the auction the cache holds (list pages, favourites, details). */
function cachedLots(queryClient: QueryClient, auctionId: number): Array<Lot | LotDetail> {
  const lots: Array<Lot | LotDetail> = [];
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: lotKeys.lists() })) {
    const pages = (data as { pages?: LotPage[] } | undefined)?.pages;
    for (const page of pages ?? []) lots.push(...page.items.filter((lot) => lot.auctionId === auctionId));
  }
  for (const [, data] of queryClient.getQueriesData<LotDetail>({ queryKey: lotKeys.details() })) {
    if (data?.auctionId === auctionId) lots.push(data);
  }
  return lots;
}

/**
 * Keeps an auction's screens current (spec 001 §7 live connection): hub events invalidate the
 * queries they change, so lists, details, favourites and countdowns refetch without reload, and
 * the spec 001 §8 live messages are shown.
 */
export function useAuctionLive(auctionId: number | undefined, viewingLotId: number | null = null): void {
  const queryClient = useQueryClient();
  const token = useAccessToken();
  const { profile } = useProfile();
  const locale = useLocale();
  const context = useRef({ userId: profile?.id ?? null, viewingLotId, locale });
  context.current = { userId: profile?.id ?? null, viewingLotId, locale };
  // Who led each lot as far as this page knows: the last BidReceived, else the cached lot.
  const leaders = useRef(new Map<number, string | null>());

  useEffect(() => {
    if (!auctionId) return;
    const client = hubFor(token ?? tokens.access());
    const stopListening = client.listen((message) => {
      if (message.type === 'SynchronizeClientTime') {
        setServerTime(message.currentTime);
        return;
      }
      if (message.type === 'refetch' && message.auctionId === auctionId) {
        void queryClient.invalidateQueries();
        return;
      }
      if (message.type !== 'events' || message.auctionId !== auctionId) return;
      const lots = cachedLots(queryClient, auctionId);
      const cached = (lotId: number) => lots.find((lot) => lot.id === lotId);
      const { userId } = context.current;
      for (const event of message.events) handle(event);
      // Lists, details and favourites: every lot the page may show.
      void queryClient.invalidateQueries({ queryKey: lotKeys.all });
      void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
      void queryClient.invalidateQueries({ queryKey: donationKeys.all });
      if (message.events.some((event) => auctionLevelEvents.has(event.event))) {
        void queryClient.invalidateQueries({ queryKey: auctionKeys.details() });
      }
      if (message.events.some((event) => invoiceRefreshEvents.has(event.event))) {
        void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      }
      if (message.events.some((event) => carouselRefreshEvents.has(event.event))) {
        void queryClient.invalidateQueries({ queryKey: auctionKeys.carousels() });
      }

      function handle(event: WireEvent) {
        const lotId = Number(event.data.auctionLotItemId);
        const live = liveMessageFor(event, {
          userId,
          locale: context.current.locale,
          viewingLotId: context.current.viewingLotId,
          wasLeading: (id) =>
            userId !== null &&
            (leaders.current.has(id) ? leaders.current.get(id) === userId : cached(id)?.winningUserId === userId),
          isFavorite: (id) => cached(id)?.isFavorite ?? false,
          hasMaxBid: (id) => {
            const lot = cached(id);
            return Boolean(lot && 'maxBid' in lot && lot.maxBid);
          },
          actedRecently: (id) => Date.now() - (ownActions.get(id) ?? 0) < 5000,
        });
        if (event.event === 'BidReceived')
          leaders.current.set(lotId, (event.data.leaderUserId as string | null) ?? null);
        if (live) showToast(live.kind, live.messageId, live.values, live.durationMs);
      }
    });
    const stopWatching = client.watch(auctionId);
    return () => {
      stopListening();
      stopWatching();
    };
  }, [auctionId, token, queryClient]);
}

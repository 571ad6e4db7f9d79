import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SETTLING_SELECTOR } from '../layout/Settling.tsx';
import {
  claimRestore,
  type ListPosition,
  listPositionKey,
  nextPage,
  type PageParam,
  pagesLoaded,
  readListPosition,
  restoredFirstPage,
  writeListPosition,
} from './listPosition.ts';
import { LOT_PAGE_SIZE, type LotFilters, lotKeys, useLotPages } from './queries.ts';

/**
 * Past this, a restore that cannot reach its offset (a shorter list now) gives up where it is.
 * Generous, because what sits above the list (banner, carousel) may arrive late on a slow phone
 * and until then the page is too short to scroll back; the user's own scrolling ends it at once.
 */
const RESTORE_TIMEOUT_MS = 10_000;
/** How long the offset must stay where it was put before the restore lets go. */
const RESTORE_HOLD_MS = 750;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * The lot list's pages, kept in place across a full reload (listPosition.ts): saves the pages
 * loaded and the scroll offset as the user scrolls; after a reload asks for those pages as one
 * larger first page (or several of the API's largest, for a long list), then scrolls back once
 * they are shown. The user's own scrolling ends a restore
 * in progress.
 */
export function useRestoredLotPages(urlMagicLink: string, filters: LotFilters) {
  const queryClient = useQueryClient();
  const key = listPositionKey(urlMagicLink, filters);
  const target = useRef<{ key: string; position: ListPosition | undefined }>(undefined);
  if (target.current?.key !== key) {
    const cached = queryClient.getQueryData(lotKeys.list(urlMagicLink, filters)) !== undefined;
    target.current = { key, position: !cached && claimRestore(key) ? readListPosition(key) : undefined };
  }
  const position = target.current.position;
  const lotPages = useLotPages(
    urlMagicLink,
    filters,
    position ? restoredFirstPage(position.pages, LOT_PAGE_SIZE) : firstPage,
  );
  const lastPage = lotPages.data?.pages.at(-1);
  const loaded = lastPage ? pagesLoaded(lastPage, LOT_PAGE_SIZE) : 0;
  // A restore longer than the API's largest page brings the rest back in large pages, one after
  // another, before the list is left to the user's scrolling.
  const restoringMore =
    lastPage !== undefined &&
    nextPage(lastPage, LOT_PAGE_SIZE, lotPages.data?.pageParams.at(-1) as PageParam | undefined)?.restoring !==
      undefined;
  const { fetchNextPage, isFetchingNextPage } = lotPages;
  useEffect(() => {
    if (restoringMore && !isFetchingNextPage) void fetchNextPage();
  }, [restoringMore, isFetchingNextPage, fetchNextPage]);
  const state = useRef({ key, loaded });
  state.current = { key, loaded };
  const shown = lastPage !== undefined;

  useEffect(() => {
    let frame = 0;
    const save = () => {
      frame = 0;
      const { key: current, loaded: count } = state.current;
      if (count > 0 && target.current?.position === undefined)
        writeListPosition(current, { pages: count, scrollY: window.scrollY });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(save);
    };
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', onScroll);
      removeEventListener('pagehide', save);
    };
  }, []);

  useEffect(() => {
    const holder = target.current;
    const position = holder?.position;
    if (!holder || !position || !shown) return;
    const deadline = performance.now() + RESTORE_TIMEOUT_MS;
    let frame = 0;
    const finish = () => {
      holder.position = undefined;
      for (const type of USER_INPUT) removeEventListener(type, finish);
      cancelAnimationFrame(frame);
    };
    // Images, late pages and what sits above the list (the carousel, a lazy chunk) may still move
    // things, and the browser's scroll anchoring then shifts the offset: hold it until it has stayed
    // put for a moment, not just until it is first reached.
    // A page still growing (a slow phone fetching the carousel's chunk or images) is not settled
    // either: the hold starts again whenever the document's height changes, and lasts while any
    // call is still answering (the carousel's auctions arrive after the lots when the auction
    // itself came with the page, and push the list down when they do), and while a part of the page
    // above the list is still arriving (its code first: layout/Settling.tsx).
    let heldSince: number | null = null;
    let height = document.documentElement.scrollHeight;
    const step = () => {
      const now = performance.now();
      const grown = document.documentElement.scrollHeight !== height;
      height = document.documentElement.scrollHeight;
      if (!(Math.abs(window.scrollY - position.scrollY) < 2)) {
        window.scrollTo(0, position.scrollY);
        heldSince = null;
      } else if (grown || queryClient.isFetching() > 0 || document.querySelector(SETTLING_SELECTOR)) heldSince = null;
      else heldSince ??= now;
      if ((heldSince !== null && now - heldSince > RESTORE_HOLD_MS) || now > deadline) finish();
      else frame = requestAnimationFrame(step);
    };
    for (const type of USER_INPUT) addEventListener(type, finish, { passive: true });
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      for (const type of USER_INPUT) removeEventListener(type, finish);
    };
  }, [shown, queryClient]);

  return lotPages;
}

const firstPage: PageParam = { page: 1, pageSize: LOT_PAGE_SIZE };

import { useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type AuctionScreenProps, AuctionShell } from '../auctions/AuctionShell.tsx';
import { useTeams } from '../auctions/queries.ts';
import type { RouteName } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { Settling } from '../layout/Settling.tsx';
import { readStorage, storageKeys, writeStorage } from '../lib/storage.ts';
import { MEDIUM_SCREEN, useMediaQuery } from '../lib/useMediaQuery.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { LotCard } from './LotCard.tsx';
import { filtersFromSearch, searchWithFilters } from './listFilters.ts';
import { activeFilterCount, type LotFilters } from './queries.ts';
import { useRestoredLotPages } from './useRestoredLotPages.ts';

// Its own chunk, so the lot list's first load (the bundle budget) does not carry it.
const OtherAuctionsCarousel = lazy(() =>
  import('../auctions/OtherAuctionsCarousel.tsx').then((module) => ({ default: module.OtherAuctionsCarousel })),
);

type View = 'grid' | 'list';
/** Spec 001 §9: the next page loads when the list's end is 70 % of a screen away. */
const INFINITE_SCROLL_THRESHOLD = 0.7;
/** On phones the other auctions' carousel follows this many lots (a phone's first screen and a bit). */
const LOTS_BEFORE_CAROUSEL_ON_PHONES = 4;
/** The cards whose photos load at once (a phone's first screen holds about three). */
const FIRST_SCREEN_LOTS = 3;

function useListView(): [View, (view: View) => void] {
  const [view, setView] = useState<View>(() => (readStorage(storageKeys.listView) === 'list' ? 'list' : 'grid'));
  return [
    view,
    (next) => {
      writeStorage(storageKeys.listView, next);
      setView(next);
    },
  ];
}

/**
 * The list's filters, read from and written to the page's address (listFilters.ts). A change
 * replaces the address rather than adding to the history: back goes to the page before the list.
 */
function useAddressFilters(categoryId: number | null): [LotFilters, (next: LotFilters) => void] {
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const search = location.search as unknown as Record<string, string | undefined>;
  // Compared by value: a new but equal address must not look like new filters (the search box's timer).
  const wanted = JSON.stringify(filtersFromSearch(search, categoryId));
  const filters = useMemo(() => JSON.parse(wanted) as LotFilters, [wanted]);
  const setFilters = useCallback(
    (next: LotFilters) => void navigate({ to: pathname, search: searchWithFilters(search, next), replace: true }),
    [navigate, pathname, search],
  );
  return [filters, setFilters];
}

function LotList({ auction, categoryId }: AuctionScreenProps & { categoryId: number | null }) {
  const intl = useIntl();
  const desktop = useMediaQuery(MEDIUM_SCREEN);
  const [view, setView] = useListView();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [filters, setFilters] = useAddressFilters(categoryId);
  const teams = useTeams(auction.urlMagicLink, Boolean(auction.allowItemsManagementByTeam));
  const pages = useRestoredLotPages(auction.urlMagicLink, filters);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  // The query's answer reaches React through a store, and React renders such an update at once and
  // in one piece: on a phone, a page of cards was one long task. Deferred, that render is cheap and
  // the cards follow in a transition, which yields to the browser every few milliseconds.
  const data = useDeferredValue(pages.data);
  const behind = data !== pages.data;
  const lots = data?.pages.flatMap((page) => page.items) ?? [];
  // Until the first cards are drawn, nothing that comes after them is: drawn first, the phone's
  // carousel stood where the cards then arrived and was pushed down the screen (a layout shift).
  const waiting = pages.isPending || (behind && lots.length === 0);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || waiting) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${Math.round(INFINITE_SCROLL_THRESHOLD * 100)}% 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, waiting]);

  const count = data?.pages[0]?.count ?? 0;
  const badge = activeFilterCount(filters);
  const filtered = badge > 0;
  const panel = <FilterPanel auction={auction} teams={teams.data} filters={filters} onChange={setFilters} />;

  const carousel = auction.showAuctionCarousel ? (
    <Suspense fallback={<Settling />}>
      <OtherAuctionsCarousel auctionId={auction.id} />
    </Suspense>
  ) : null;
  // Phone first: on a phone the other auctions come after the first lots, so lots fill the first screen.
  const [firstLots, laterLots] = desktop
    ? [lots, []]
    : [lots.slice(0, LOTS_BEFORE_CAROUSEL_ON_PHONES), lots.slice(LOTS_BEFORE_CAROUSEL_ON_PHONES)];
  const lotItems = (items: typeof lots) =>
    items.map((lot, index) => (
      <li key={lot.id}>
        <LotCard
          lot={lot}
          auction={auction}
          teams={teams.data}
          layout={view}
          firstScreen={items === firstLots && index < FIRST_SCREEN_LOTS}
          onTeamClick={(teamId) => setFilters({ ...filters, teamIds: [teamId] })}
        />
      </li>
    ));

  return (
    <>
      {desktop ? carousel : null}
      <div className="lot-list-layout">
        {desktop ? <aside className="lot-list-layout__filters">{panel}</aside> : null}
        <section className="lot-list-layout__main" aria-labelledby="lot-list-title">
          <div className="lot-list-toolbar">
            <h1 id="lot-list-title" className="page__title">
              <FormattedMessage id="lots.title" />
            </h1>
            {desktop ? null : (
              <button type="button" className="button button--secondary" onClick={() => setDrawerOpen(true)}>
                <FormattedMessage id="lots.filters" />
                {badge > 0 ? (
                  <>
                    <span className="badge" aria-hidden="true">
                      {badge}
                    </span>
                    <span className="visually-hidden">
                      {intl.formatMessage({ id: 'lots.activeFilters' }, { count: badge })}
                    </span>
                  </>
                ) : null}
              </button>
            )}
            <fieldset className="view-toggle">
              <legend className="visually-hidden">
                <FormattedMessage id="lots.view" />
              </legend>
              {(['grid', 'list'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className="view-toggle__button"
                  aria-pressed={view === option}
                  onClick={() => setView(option)}
                >
                  <FormattedMessage id={option === 'grid' ? 'lots.view.grid' : 'lots.view.list'} />
                </button>
              ))}
            </fieldset>
          </div>
          <p className="visually-hidden" role="status">
            {pages.isSuccess && !behind ? <FormattedMessage id="lots.resultCount" values={{ count }} /> : null}
          </p>
          {waiting ? <Loading /> : null}
          {pages.isError ? <LoadError onRetry={() => pages.refetch()} /> : null}
          {pages.isSuccess && !behind && lots.length === 0 ? (
            <p className="empty-state">
              <FormattedMessage id={filtered ? 'no_matching_result' : 'lots.empty'} />
            </p>
          ) : null}
          {lots.length > 0 ? (
            <ul className={view === 'grid' ? 'lot-grid' : 'lot-rows'}>{lotItems(firstLots)}</ul>
          ) : null}
          {desktop || !pages.isSuccess || waiting ? null : carousel}
          {laterLots.length > 0 ? (
            <ul className={view === 'grid' ? 'lot-grid lot-grid--continued' : 'lot-rows lot-grid--continued'}>
              {lotItems(laterLots)}
            </ul>
          ) : null}
          {/* The next page is asked for once this page's cards are drawn: before, the empty list's
              sentinel was on screen and the next page's status line stood where the cards then came. */}
          {waiting ? null : <div ref={sentinel} />}
          {isFetchingNextPage ? <Loading /> : null}
          {/* Only once the cards shown are the answer's: the last page's cards may still be on their way. */}
          {pages.isSuccess && !behind && !hasNextPage && lots.length > 0 ? (
            <p className="end-of-list">
              <FormattedMessage id={filters.categoryId !== null ? 'attained_end_category' : 'attained_end'} />
            </p>
          ) : null}
        </section>
        {desktop ? null : (
          <Dialog open={drawerOpen} onOpenChange={setDrawerOpen} title={<FormattedMessage id="lots.filters" />}>
            {panel}
          </Dialog>
        )}
      </div>
    </>
  );
}

function Screen({ screen }: { screen: RouteName }) {
  const urlMagicLink = useRouteParam('urlMagicLink');
  const category = useRouteParam('categoryId');
  const categoryId = category && /^\d+$/.test(category) ? Number(category) : null;
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen={screen}>
      {/* Keyed by auction: filters and the carousel's place belong to one auction (carousel links). */}
      {(props) => <LotList key={props.auction.id} {...props} categoryId={categoryId} />}
    </AuctionShell>
  );
}

/** The auction home shows its lots (a closed auction goes to its winners, in the shell). */
export function AuctionHomeScreen() {
  return <Screen screen="auctionHome" />;
}

export function LotListScreen() {
  return <Screen screen="lotList" />;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { accountMutations } from '../account/queries.ts';
import { logOut, roleNumbers, useProfile } from '../account/session.ts';
import { useBidderStatus } from '../auctions/bidderStatus.ts';
import { auctionTitle } from '../auctions/display.ts';
import { canInvite, menuVisibility, splitTabs, tabTranslation } from '../auctions/menu.ts';
import { useAuction } from '../auctions/queries.ts';
import { useProductName } from '../brand/queries.ts';
import { canUseConsole } from '../console/consoleAccess.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { type Locale, pathFor, rootPath, switchLocalePath } from '../i18n/routes.ts';
import { LARGE_SCREEN, useMediaQuery } from '../lib/useMediaQuery.ts';
import { useCurrentRoute } from '../lib/useRoute.ts';
import { DropdownMenu } from './DropdownMenu.tsx';

/**
 * Spec 000 §4: a logged-in user's preferred language is saved first, then the URL (and with it the
 * request language and date locale) changes. The chip is a real link, so it also works as one.
 */
function LanguageSwitch() {
  const locale = useLocale();
  const navigate = useNavigate();
  const { profile } = useProfile();
  const location = useLocation();
  const other: Locale = locale === 'fr' ? 'en' : 'fr';
  const href = `${switchLocalePath(location.pathname, other)}${location.searchStr ?? ''}`;
  const save = useMutation(accountMutations.updateProfile());
  return (
    <a
      href={href}
      className="language-chip"
      lang={other}
      hrefLang={other}
      onClick={async (event) => {
        event.preventDefault();
        if (profile)
          await save.mutateAsync([{ op: 'add', path: '/preferredLanguage', value: other }]).catch(() => undefined);
        await navigate({ href });
      }}
    >
      <FormattedMessage id="header.languageSwitch" />
    </a>
  );
}

function UserMenu({ auctionLink }: { auctionLink: string | undefined }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { profile, isSignedIn } = useProfile();
  const location = useLocation();
  if (!isSignedIn) {
    return (
      <Link
        to={pathFor('login', {}, locale)}
        search={{ returnUrl: `${location.pathname}${location.searchStr ?? ''}` }}
        className="header-button"
      >
        <FormattedMessage id="header.login" />
      </Link>
    );
  }
  return (
    <DropdownMenu
      summaryClassName="header-button"
      summary={
        <>
          <span className="visually-hidden">
            <FormattedMessage id="header.userMenu" />{' '}
          </span>
          {profile?.bidder.nickName ?? intl.formatMessage({ id: 'header.account' })}
        </>
      }
    >
      {canUseConsole(roleNumbers(profile)) ? (
        <li>
          {/* Organisers, volunteers and auditors find their screens here, not by typing an address. */}
          <Link to={pathFor('console', {}, locale)}>
            <FormattedMessage id="console.title" />
          </Link>
        </li>
      ) : null}
      <li>
        <Link to={pathFor('profile', {}, locale)}>
          <FormattedMessage id="profile.title" />
        </Link>
      </li>
      <li>
        <Link to={pathFor('notifications', {}, locale)}>
          <FormattedMessage id="notifications.title" />
        </Link>
      </li>
      {auctionLink ? (
        <>
          <li>
            <Link to={pathFor('myBids', { urlMagicLink: auctionLink }, locale)}>
              <FormattedMessage id="menu.myBids" />
            </Link>
          </li>
          <li>
            <Link to={pathFor('donations', { urlMagicLink: auctionLink }, locale)}>
              <FormattedMessage id="menu.myDonations" />
            </Link>
          </li>
        </>
      ) : null}
      <li>
        {/* Every auction's invoices: where a winner pays (the live message of invoices made points here). */}
        <Link to={pathFor('invoiceList', {}, locale)}>
          <FormattedMessage id="menu.myInvoices" />
        </Link>
      </li>
      <li>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            logOut(queryClient);
            void navigate({ to: rootPath(locale) });
          }}
        >
          <FormattedMessage id="header.logout" />
        </button>
      </li>
    </DropdownMenu>
  );
}

/** The auction's own menu: tabs (with overflow), donations, favourites, winners, leaderboard, invite. */
function AuctionMenu({ urlMagicLink }: { urlMagicLink: string }) {
  const locale = useLocale();
  const { data: auction, isError } = useAuction(urlMagicLink);
  const { profile } = useProfile();
  const { locked } = useBidderStatus(urlMagicLink);
  const large = useMediaQuery(LARGE_SCREEN);
  // No auction to show (not found, or not the user's): no empty row of a menu that will not come.
  if (isError && !auction) return null;
  // The row keeps its place while the auction loads, so the page below does not jump when it comes.
  if (!auction) return <div className="auction-menu" aria-hidden="true" />;
  const visible = menuVisibility(auction.status, auction.donationType, locked);
  const { inBar, inDropdown } = splitTabs(locked ? [] : (auction.tabs ?? []), large);
  const tabLink = (tab: (typeof inBar)[number]) => {
    const translation = tabTranslation(tab, locale);
    return translation ? (
      <Link to={pathFor('auctionTab', { urlMagicLink, auctionTabUrl: translation.url }, locale)}>
        {translation.name}
      </Link>
    ) : null;
  };
  const item = (visibleNow: boolean, name: 'donations' | 'favorites' | 'winners' | 'leaderboard' | 'invite') =>
    visibleNow ? (
      <li key={name}>
        <Link to={pathFor(name, { urlMagicLink }, locale)} activeProps={{ 'aria-current': 'page' }}>
          <FormattedMessage id={`menu.${name}`} />
        </Link>
      </li>
    ) : null;
  return (
    <nav className="auction-menu" aria-labelledby="auction-menu-label">
      <span id="auction-menu-label" className="visually-hidden">
        <FormattedMessage id="menu.label" />
      </span>
      <ul className="auction-menu__list">
        {inBar.map((tab) => (
          <li key={tab.id}>{tabLink(tab)}</li>
        ))}
        {inDropdown.length > 0 ? (
          <li>
            <DropdownMenu summary={<FormattedMessage id="menu.extraInformation" />}>
              {inDropdown.map((tab) => (
                <li key={tab.id}>{tabLink(tab)}</li>
              ))}
            </DropdownMenu>
          </li>
        ) : null}
        {item(visible.donations, 'donations')}
        {item(visible.favorites && Boolean(profile), 'favorites')}
        {item(visible.winners, 'winners')}
        {item(visible.leaderboard, 'leaderboard')}
        {item(!locked && canInvite(roleNumbers(profile)), 'invite')}
      </ul>
    </nav>
  );
}

export function Header() {
  const intl = useIntl();
  const locale = useLocale();
  const route = useCurrentRoute();
  const { profile } = useProfile();
  const auctionLink = route && 'urlMagicLink' in route.params ? route.params.urlMagicLink : undefined;
  const { data: auction } = useAuction(auctionLink);
  const preferredCurrency = profile?.bidder.preferredCurrencyCode ?? 'CAD';
  const productName = useProductName(locale);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        {auction && auctionLink ? (
          <Link to={pathFor('lotList', { urlMagicLink: auctionLink }, locale)} className="site-header__title">
            {auctionTitle(auction, locale) ?? intl.formatMessage({ id: 'no-translations' })}
          </Link>
        ) : (
          <Link
            to={rootPath(locale)}
            className="site-header__title"
            aria-label={intl.formatMessage({ id: 'header.homeLink' }, { product: productName })}
          >
            {productName}
          </Link>
        )}
        <div className="site-header__actions">
          {preferredCurrency !== 'CAD' ? (
            <span className="currency-hint">
              <FormattedMessage id="header.currencyHint" values={{ currency: preferredCurrency }} />
            </span>
          ) : null}
          <LanguageSwitch />
          <UserMenu auctionLink={auctionLink} />
        </div>
      </div>
      {auctionLink ? <AuctionMenu urlMagicLink={auctionLink} /> : null}
    </header>
  );
}

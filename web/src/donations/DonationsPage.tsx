import { permissionToBid } from '@auction/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useProfile } from '../account/session.ts';
import { AuctionShell } from '../auctions/AuctionShell.tsx';
import { type Auction, AuctionStatus, DonationType } from '../auctions/types.ts';
import { CardRequired } from '../cards/CardRequired.tsx';
import { useAuctionCards } from '../cards/useAuctionCards.ts';
import { formatDate, formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { serverMessageId } from '../i18n/messages.ts';
import { pathFor } from '../i18n/routes.ts';
import { CommandNotice } from '../layout/CommandNotice.tsx';
import { Dialog } from '../layout/Dialog.tsx';
import { Form } from '../layout/Form.tsx';
import { Labelled } from '../layout/Labelled.tsx';
import { isOutcomeUnknown } from '../lib/commandRetry.ts';
import { showError } from '../lib/errors.ts';
import { ListTable } from '../lib/listTable/ListTable.tsx';
import { applyQuery, initialQuery, type ListQuery } from '../lib/listTable/listTableRules.ts';
import { Money } from '../lib/MoneyText.tsx';
import { parseAmount, toCents } from '../lib/money.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { webLink } from '../lib/webLink.ts';
import { DonationFeeQuestion } from './DonationFeeQuestion.tsx';
import { donationMutations, donationQueries } from './queries.ts';

type DonationList = NonNullable<ReturnType<typeof useDonationList>['data']>;
function useDonationList(auctionId: number, userId: string | undefined) {
  return useQuery({ ...donationQueries.list(auctionId, userId), enabled: Boolean(userId) });
}

/**
 * Spec 001 §2: the user's donations (amount, currency, date) sorted by amount, with count and total,
 * in the generic list table (sortable columns, page sizes, cards on phones).
 */
function YourDonations({ donations }: { donations: DonationList }) {
  const locale = useLocale();
  const [query, setQuery] = useState<ListQuery>(() => initialQuery(undefined, { column: 'amount', direction: 'asc' }));
  type Item = DonationList['items'][number];
  const shown = applyQuery(donations.items, query, {
    sortValue: (item, column) => (column === 'date' ? item.dateCreated : (toCents(item.amount) ?? 0)),
    quickFilter: () => true,
    sideValue: () => null,
  });
  return (
    <>
      <ListTable<Item>
        title={<FormattedMessage id="donations.yours" values={{ count: donations.count }} />}
        titleLevel={2}
        rows={shown.rows}
        count={shown.count}
        rowKey={(item) => item.id}
        query={query}
        onQueryChange={setQuery}
        empty={null}
        columns={[
          {
            id: 'amount',
            header: <FormattedMessage id="history.amount" />,
            sortable: true,
            cell: (item) => formatMoney(toCents(item.amount) ?? 0, locale),
          },
          {
            id: 'currency',
            header: <FormattedMessage id="donations.currency" />,
            cell: (item) => item.amount.currencyCode,
          },
          {
            id: 'date',
            header: <FormattedMessage id="history.date" />,
            sortable: true,
            cell: (item) => formatDate(item.dateCreated, locale),
          },
        ]}
      />
      <p>
        <FormattedMessage id="donations.total" />{' '}
        <strong>
          <Money cents={toCents(donations.total) ?? 0} />
        </strong>
      </p>
    </>
  );
}

function newDonationId(): string {
  return `donation-${globalThis.crypto?.randomUUID?.() ?? Date.now().toString(36)}`;
}

/** Spec 001 §2 donation screen and §4 donation flow: amount, confirmation, thank you. */
export function Donations({ auction }: { auction: Auction }) {
  const intl = useIntl();
  const locale = useLocale();
  const id = useId();
  const location = useLocation();
  const { profile } = useProfile();
  const presets = [...(auction.donations ?? [])].sort((a, b) => a.order - b.order);
  const [choice, setChoice] = useState<number | 'other' | null>(null);
  const [otherText, setOtherText] = useState('');
  const [confirming, setConfirming] = useState<{ cents: number; id: string } | null>(null);
  const [thanks, setThanks] = useState(false);
  const list = useDonationList(auction.id, profile?.id);
  const donate = useMutation({
    ...donationMutations.donate(auction.id, profile?.id),
    onSuccess: () => {
      setConfirming(null);
      setThanks(true);
      setChoice(null);
      setOtherText('');
    },
    onError: (error) => {
      // No answer: the confirmation stays open with the same id and says so (CommandNotice).
      if (isOutcomeUnknown(error)) return;
      setConfirming(null);
      showError(error);
    },
  });
  // Permission rules 2 and 3: the bidder's cards of the auction's configuration and the one
  // selected for it, read only where the auction requires a card (the profile carries none).
  const needsCard = Boolean(profile) && Boolean(auction.requireCCToBid);
  const cards = useAuctionCards(auction.id, auction.stripeInformation_Id ?? null, needsCard);
  const permission = permissionToBid({
    auction: {
      urlMagicLink: auction.urlMagicLink,
      isActive: auction.status === AuctionStatus.Active,
      allowAnonymousBidding: Boolean(auction.allowAnonymousBidding),
      requireCCToBid: Boolean(auction.requireCCToBid),
      requireAddressToBid: Boolean(auction.requireAddressToBid),
    },
    user: profile
      ? {
          roles: profile.roles.map((r) => r.role),
          addressCompleted: profile.addressCompleted,
          activeTrustedUrlMagicLinks: profile.activeTrustedUrlMagicLinks,
          hasCards: cards.cards.length > 0,
          hasSelectedCard: cards.selected !== undefined,
        }
      : null,
  });
  const cents =
    choice === 'other' ? (parseAmount(otherText) ?? 0) : choice === null ? 0 : (toCents(presets[choice]?.amount) ?? 0);
  const disabled = !permission.canBid || cents <= 0;
  const donatedBefore = (list.data?.count ?? 0) > 0;

  // Only a web address is a link: one stored before the API checked them could be `javascript:`.
  const donationPage = webLink(auction.donationUrl);
  if (auction.donationType === DonationType.External && donationPage) {
    return (
      <p>
        <a className="button" href={donationPage} rel="noopener noreferrer">
          <FormattedMessage id="donations.donate" />
        </a>
      </p>
    );
  }

  return (
    <section className="donations">
      <Link to={pathFor('lotList', { urlMagicLink: auction.urlMagicLink }, locale)} className="back-link">
        <FormattedMessage id="lot.backToList" />
      </Link>
      <h1 className="page__title">
        <FormattedMessage id="donations.title" />
      </h1>
      {permission.reason === 'user_must_be_logged_in' ? (
        <p className="alert alert--warning">
          <Link
            to={pathFor('login', {}, locale)}
            search={{ returnUrl: location.pathname, auction: auction.urlMagicLink }}
          >
            <FormattedMessage id="user_must_be_logged_in" />
          </Link>
        </p>
      ) : permission.reason === 'requiresCreateCreditCard' || permission.reason === 'requiresSelectedCreditCard' ? (
        // Until the cards are read, nothing is said: a bidder with a card is not told to add one.
        cards.isLoading ? null : (
          <CardRequired reason={permission.reason} auction={auction} />
        )
      ) : permission.reason ? (
        <p className="alert alert--warning">
          <FormattedMessage id={serverMessageId(permission.reason)} />
        </p>
      ) : null}
      <Form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!disabled) setConfirming({ cents, id: newDonationId() });
        }}
      >
        <fieldset className="form__group">
          <legend>
            <FormattedMessage id="donations.amount" />
          </legend>
          {presets.map((preset, index) =>
            preset.isOtherAmount ? null : (
              <label key={preset.id} className="checkbox">
                <input
                  type="radio"
                  name={`${id}-amount`}
                  checked={choice === index}
                  onChange={() => setChoice(index)}
                />
                <Money cents={toCents(preset.amount) ?? 0} />
              </label>
            ),
          )}
          {auction.donationAllowOtherAmount || presets.some((preset) => preset.isOtherAmount) ? (
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-amount`}
                checked={choice === 'other'}
                onChange={() => setChoice('other')}
              />
              <FormattedMessage id="donations.otherAmount" />
            </label>
          ) : null}
          {choice === 'other' ? (
            <Labelled
              label="donations.otherAmountLabel"
              control={(wiring) => (
                <input
                  {...wiring}
                  inputMode="decimal"
                  value={otherText}
                  onChange={(e) => setOtherText(e.target.value)}
                />
              )}
            />
          ) : null}
        </fieldset>
        <button type="submit" className="button" disabled={disabled}>
          <FormattedMessage id={donatedBefore ? 'donations.donateAgain' : 'donations.donate'} />
        </button>
      </Form>
      {list.data && list.data.count > 0 ? <YourDonations donations={list.data} /> : null}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={<FormattedMessage id="donations.confirmTitle" />}
      >
        <p>
          <FormattedMessage
            id="donations.confirmText"
            values={{ amount: formatMoney(confirming?.cents ?? 0, locale) }}
          />
        </p>
        <CommandNotice mutation={donate} isThisCommand={(sent) => sent.id === confirming?.id} />
        <div className="dialog__actions">
          <button
            type="button"
            className="button"
            disabled={donate.isPending}
            onClick={() => confirming && donate.mutate(confirming)}
          >
            <FormattedMessage id="action.confirm" />
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
            <FormattedMessage id="action.cancel" />
          </button>
        </div>
      </Dialog>
      <Dialog open={thanks} onOpenChange={setThanks} title={<FormattedMessage id="donations.thanksTitle" />}>
        <p>
          <FormattedMessage id="donation_successful" />
        </p>
        <p>{intl.formatMessage({ id: 'donations.thanksText' })}</p>
        {thanks ? <DonationFeeQuestion auction={auction} userId={profile?.id} /> : null}
      </Dialog>
    </section>
  );
}

export function DonationsScreen() {
  const urlMagicLink = useRouteParam('urlMagicLink');
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen="donations" showBanner={false}>
      {({ auction }) => <Donations auction={auction} />}
    </AuctionShell>
  );
}

import { permissionToBid } from '@auction/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useProfile } from '../account/session.ts';
import { AuctionShell } from '../auctions/AuctionShell.tsx';
import { type Auction, AuctionStatus, DonationType } from '../auctions/types.ts';
import { formatDate, formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { serverMessageId } from '../i18n/messages.ts';
import { pathFor } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { Form } from '../layout/Form.tsx';
import { showError } from '../lib/errors.ts';
import { Money } from '../lib/MoneyText.tsx';
import { parseAmount, toCents } from '../lib/money.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { DonationFeeQuestion } from './DonationFeeQuestion.tsx';
import { donationMutations, donationQueries } from './queries.ts';

function newDonationId(): string {
  return `donation-${globalThis.crypto?.randomUUID?.() ?? Date.now().toString(36)}`;
}

/** Spec 001 §2 donation screen and §4 donation flow: amount, confirmation, thank you. */
function Donations({ auction }: { auction: Auction }) {
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
  const list = useQuery({ ...donationQueries.list(auction.id, profile?.id), enabled: Boolean(profile) });
  const donate = useMutation({
    ...donationMutations.donate(auction.id, profile?.id),
    onSuccess: () => {
      setConfirming(null);
      setThanks(true);
      setChoice(null);
      setOtherText('');
    },
    onError: (error) => {
      setConfirming(null);
      showError(error);
    },
  });
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
          hasCards: profile.paymentInformations.length > 0,
          hasSelectedCard: false,
        }
      : null,
  });
  const cents =
    choice === 'other' ? (parseAmount(otherText) ?? 0) : choice === null ? 0 : (toCents(presets[choice]?.amount) ?? 0);
  const disabled = !permission.canBid || cents <= 0;
  const donatedBefore = (list.data?.count ?? 0) > 0;

  if (auction.donationType === DonationType.External && auction.donationUrl) {
    return (
      <p>
        <a className="button" href={auction.donationUrl} rel="noopener noreferrer">
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
            <div className="field">
              <label htmlFor={`${id}-other`}>
                <FormattedMessage id="donations.otherAmountLabel" />
              </label>
              <input
                id={`${id}-other`}
                inputMode="decimal"
                value={otherText}
                onChange={(e) => setOtherText(e.target.value)}
              />
            </div>
          ) : null}
        </fieldset>
        <button type="submit" className="button" disabled={disabled}>
          <FormattedMessage id={donatedBefore ? 'donations.donateAgain' : 'donations.donate'} />
        </button>
      </Form>
      {list.data && list.data.count > 0 ? (
        <section>
          <h2>
            <FormattedMessage id="donations.yours" values={{ count: list.data.count }} />
          </h2>
          <table className="history-table">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="history.amount" />
                </th>
                <th scope="col">
                  <FormattedMessage id="donations.currency" />
                </th>
                <th scope="col">
                  <FormattedMessage id="history.date" />
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.id}>
                  <td>{formatMoney(toCents(item.amount) ?? 0, locale)}</td>
                  <td>{item.amount.currencyCode}</td>
                  <td>{formatDate(item.dateCreated, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <FormattedMessage id="donations.total" />{' '}
            <strong>
              <Money cents={toCents(list.data.total) ?? 0} />
            </strong>
          </p>
        </section>
      ) : null}
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

import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { useRouteParam } from '../lib/useRoute.ts';
import { Countdown } from '../time/Countdown.tsx';
import { AuctionShell } from './AuctionShell.tsx';
import { auctionTitle } from './display.ts';

/** Spec 001 §2 planning screen: not open yet, countdown to pre-open; the shell leaves once it opens. */
export function PlanningScreen() {
  const intl = useIntl();
  const locale = useLocale();
  const urlMagicLink = useRouteParam('urlMagicLink');
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen="planning" showBanner={false}>
      {({ auction }) => (
        <section className="notice-page">
          <h1 className="page__title">
            <FormattedMessage id="planning.title" />
          </h1>
          <p>
            <FormattedMessage
              id="planning.text"
              values={{ auction: auctionTitle(auction, locale) ?? intl.formatMessage({ id: 'no-translations' }) }}
            />
          </p>
          <p className="notice-page__countdown">
            <Countdown target={auction.datePreOpen} tooltipId="auction.preOpenAt" />
          </p>
        </section>
      )}
    </AuctionShell>
  );
}

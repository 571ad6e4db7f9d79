import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { withScheme } from './AuctionBanner.tsx';
import { menuVisibility } from './menu.ts';
import type { Auction } from './types.ts';

/** Spec 001 §2 footer: donate button, the organisation's contact details, powered-by line, privacy policy. */
export function AuctionFooter({ auction }: { auction: Auction }) {
  const locale = useLocale();
  const donations = menuVisibility(auction.status, auction.donationType, false).donations;
  return (
    <footer className="auction-footer">
      {donations ? (
        <Link to={pathFor('donations', { urlMagicLink: auction.urlMagicLink }, locale)} className="button">
          <FormattedMessage id="footer.donate" />
        </Link>
      ) : null}
      <address className="auction-footer__contact">
        <strong>{auction.organizationName}</strong>
        {auction.footerPhoneNumber ? (
          <a href={`tel:${auction.footerPhoneNumber.replace(/[^\d+]/g, '')}`}>{auction.footerPhoneNumber}</a>
        ) : null}
        {auction.footerEmail ? <a href={`mailto:${auction.footerEmail}`}>{auction.footerEmail}</a> : null}
        {auction.footerUrl ? <a href={withScheme(auction.footerUrl)}>{auction.footerUrl}</a> : null}
      </address>
      <p className="auction-footer__powered">
        <FormattedMessage id="footer.poweredBy" />
      </p>
      <PrivacyPolicy />
    </footer>
  );
}

/** Spec 000 §2: the privacy policy is a modal beside the cookie bar. */
function PrivacyPolicy() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        <FormattedMessage id="footer.privacyPolicy" />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={<FormattedMessage id="footer.privacyPolicy" />}>
        <p>
          <FormattedMessage id="privacy.text" />
        </p>
      </Dialog>
    </>
  );
}

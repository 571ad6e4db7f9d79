import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useBrand, useProductName } from '../brand/queries.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { webLink } from '../lib/webLink.ts';
import { menuVisibility } from './menu.ts';
import type { Auction } from './types.ts';

/** Spec 001 §2 footer: donate button, the organisation's contact details, powered-by line, privacy policy. */
export function AuctionFooter({ auction }: { auction: Auction }) {
  const locale = useLocale();
  const brand = useBrand();
  const productName = useProductName(locale);
  // Spec 001 §9: contact details per company; the brand's when the auction names none.
  const phone = auction.footerPhoneNumber || brand?.contact.phone;
  const email = auction.footerEmail || brand?.contact.email;
  // Spec 001 §3: a bare host gets http; a link stored before the API checked them could be `javascript:`.
  const site = webLink(auction.footerUrl, { bareHost: true });
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
        {phone ? <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a> : null}
        {email ? <a href={`mailto:${email}`}>{email}</a> : null}
        {site ? <a href={site}>{auction.footerUrl}</a> : null}
      </address>
      <p className="auction-footer__powered">
        <FormattedMessage id="footer.poweredBy" values={{ product: productName }} />
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

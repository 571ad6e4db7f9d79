import type { operator } from '@auction/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { AuctionBanner } from '../../auctions/AuctionBanner.tsx';
import { AuctionFooter } from '../../auctions/AuctionFooter.tsx';
import type { Auction } from '../../auctions/types.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { type AuctionFormValues, COLOR_FIELDS, FOOTER_COLOR_FIELDS, FOOTER_TEXT_FIELDS } from './auctionForm.ts';

/**
 * The bidder's header and footer as the form stands, before saving: the real banner and footer
 * components fed with the typed colours, footer and banners, and the auction menu's bar in the
 * primary colours (its links would lead away from the console, so they are plain text here).
 */
export function BrandPreview({ auction, values }: { auction: operator.OperatorAuction; values: AuctionFormValues }) {
  const intl = useIntl();
  const locale = useLocale();
  const typed = (name: string) => values.text[name]?.trim() || undefined;
  const preview: Record<string, unknown> = {
    ...auction,
    bannerEnglish: typed('bannerEnglish') ? { fullPath: typed('bannerEnglish') } : null,
    bannerFrench: typed('bannerFrench') ? { fullPath: typed('bannerFrench') } : null,
    hideCountdown: values.flags.hideCountdown === true,
    titleShort: typed(`translations.${locale}.titleShort`) ?? '',
  };
  for (const name of COLOR_FIELDS) preview[name] = typed(`colors.${name}`);
  for (const name of [...FOOTER_COLOR_FIELDS, ...FOOTER_TEXT_FIELDS]) preview[name] = typed(`footer.${name}`);
  const theme: Record<string, string> = {};
  if (preview.primaryColor) theme['--auction-primary'] = String(preview.primaryColor);
  if (preview.primaryTextColor) theme['--auction-primary-text'] = String(preview.primaryTextColor);
  const tabs = auction.tabs
    .map((tab) => tab.translations.find((t) => t.languageCode === locale)?.name)
    .filter((name): name is string => Boolean(name));
  return (
    <section className="setup__preview" aria-label={intl.formatMessage({ id: 'console.setup.previewLabel' })}>
      <p className="console__muted">
        <FormattedMessage id="console.setup.previewHint" />
      </p>
      <div className="auction-page setup__preview-page" style={theme} inert>
        <div className="auction-menu">
          <ul className="auction-menu__list">
            {tabs.map((name) => (
              <li key={name}>
                <span>{name}</span>
              </li>
            ))}
            <li>
              <span>
                <FormattedMessage id="menu.winners" />
              </span>
            </li>
          </ul>
        </div>
        <AuctionBanner auction={preview as unknown as Auction} />
        <AuctionFooter auction={preview as unknown as Auction} />
      </div>
    </section>
  );
}

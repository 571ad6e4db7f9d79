import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { sanitizeRichText } from '../lib/sanitizeRichText.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { AuctionShell } from './AuctionShell.tsx';
import { AuctionStatus } from './types.ts';

/** Spec 001 §2 tab page: the tab whose translated url matches; back to winners once the auction is over. */
export function TabScreen() {
  const locale = useLocale();
  const urlMagicLink = useRouteParam('urlMagicLink');
  const tabUrl = useRouteParam('auctionTabUrl').toLowerCase();
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen="auctionTab" showBanner={false}>
      {({ auction }) => {
        const tab = (auction.tabs ?? [])
          .flatMap((candidate) => candidate.translations)
          .find((t) => t.url.toLowerCase() === tabUrl);
        const content =
          (auction.tabs ?? [])
            .find((candidate) => candidate.translations.some((t) => t.url.toLowerCase() === tabUrl))
            ?.translations.find((t) => t.languageCode === locale) ?? tab;
        const over = auction.status === AuctionStatus.Completed || auction.status === AuctionStatus.InvoiceGenerated;
        return (
          <section>
            <Link
              to={pathFor(over ? 'winners' : 'lotList', { urlMagicLink: auction.urlMagicLink }, locale)}
              className="back-link"
            >
              <FormattedMessage id={over ? 'menu.winners' : 'lot.backToList'} />
            </Link>
            {content ? (
              <>
                <h1 className="page__title">{content.title || content.name}</h1>
                <div
                  className="tab-content"
                  // Tab content is the organisers' rich text, sanitised when written and again here.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: reduced to the shared rich-text allowlist
                  dangerouslySetInnerHTML={{ __html: sanitizeRichText(content.content ?? '') }}
                />
              </>
            ) : (
              <p className="empty-state">
                <FormattedMessage id="tab.notFound" />
              </p>
            )}
          </section>
        );
      }}
    </AuctionShell>
  );
}

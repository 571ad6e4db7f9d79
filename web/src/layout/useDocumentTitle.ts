import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useProductName } from '../brand/queries.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';

// Screen readers announce the title on navigation, so each page names itself in the page's language.
export function useDocumentTitle(page: string): void {
  const intl = useIntl();
  // The product is named by the host's brand (spec 000 §1).
  const product = useProductName(useLocale());
  const title = intl.formatMessage({ id: 'app.documentTitle' }, { page, product });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

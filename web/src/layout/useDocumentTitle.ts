import { useEffect } from 'react';
import { useIntl } from 'react-intl';

// Screen readers announce the title on navigation, so each page names itself in the page's language.
export function useDocumentTitle(page: string): void {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.documentTitle' }, { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

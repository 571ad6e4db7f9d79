import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/**
 * A page's heading, named by one message that is also the tab's title, so the two never disagree
 * (screen readers announce the title on navigation, then read the heading).
 */
export function PageTitle({ id, className }: { id: MessageId; className?: string }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id }));
  return (
    <h1 className={className ? `page__title ${className}` : 'page__title'}>
      <FormattedMessage id={id} />
    </h1>
  );
}

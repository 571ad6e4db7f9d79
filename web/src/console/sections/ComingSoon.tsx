import { FormattedMessage } from 'react-intl';

/** What a section shows until it is built: said plainly, never a screen that pretends to work. */
export function ComingSoon() {
  return (
    <p className="console__notice">
      <FormattedMessage id="console.nav.soon" />
    </p>
  );
}

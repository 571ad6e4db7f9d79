import { FormattedMessage } from 'react-intl';

/**
 * Said in a command's confirmation when no answer came back even after its retries: the dialog
 * stays open with the same command id, so confirming again finds out what was recorded and can
 * never count it twice (web/src/lib/commandRetry.ts).
 */
export function OutcomeUnknown() {
  return (
    <p className="alert alert--warning" role="alert">
      <FormattedMessage id="command.outcomeUnknown" />
    </p>
  );
}

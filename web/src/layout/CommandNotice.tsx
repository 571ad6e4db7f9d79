import { FormattedMessage } from 'react-intl';
import { isOutcomeUnknown } from '../lib/commandRetry.ts';

/** What the notice reads of a TanStack Query mutation. */
interface CommandState<TVariables> {
  isPaused: boolean;
  error: Error | null;
  variables: TVariables | undefined;
}

/**
 * What a bidder's command (a bid, a purchase, a donation) waits on, said in its confirmation, as
 * its mutation knows it:
 * - offline: the device has no connection; TanStack Query holds the command and sends it, with
 *   its id, as soon as the connection is back (the confirm button stays disabled meanwhile);
 * - unknown: no answer came back even after its retries (web/src/lib/commandRetry.ts); the dialog
 *   stays open with the same command id, so confirming again finds out what was recorded and can
 *   never count it twice.
 * `isThisCommand` tells the dialog's own command from an earlier one the mutation still remembers.
 */
export function CommandNotice<TVariables>({
  mutation,
  isThisCommand,
}: {
  mutation: CommandState<TVariables>;
  isThisCommand: (sent: TVariables) => boolean;
}) {
  const { isPaused, error, variables } = mutation;
  const unknown = error !== null && variables !== undefined && isThisCommand(variables) && isOutcomeUnknown(error);
  if (!isPaused && !unknown) return null;
  return (
    <p className={`alert ${isPaused ? 'alert--info' : 'alert--warning'}`} role="alert">
      <FormattedMessage id={isPaused ? 'command.offline' : 'command.outcomeUnknown'} />
    </p>
  );
}

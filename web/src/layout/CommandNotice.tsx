import { FormattedMessage } from 'react-intl';

/**
 * What a bidder's command (a bid, a purchase, a donation) waits on, said in its confirmation:
 * - `offline`: the device has no connection; TanStack Query holds the command and sends it, with
 *   its id, as soon as the connection is back (the confirm button stays disabled meanwhile);
 * - `unknown`: no answer came back even after its retries; the dialog stays open with the same
 *   command id, so confirming again finds out what was recorded and can never count it twice
 *   (web/src/lib/commandRetry.ts).
 */
export function CommandNotice({ waiting }: { waiting: 'offline' | 'unknown' | null }) {
  if (waiting === null) return null;
  return (
    <p className={`alert ${waiting === 'offline' ? 'alert--info' : 'alert--warning'}`} role="alert">
      <FormattedMessage id={waiting === 'offline' ? 'command.offline' : 'command.outcomeUnknown'} />
    </p>
  );
}

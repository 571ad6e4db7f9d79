import { FormattedMessage } from 'react-intl';
import { useFirstScreenDrawn } from './firstScreen.ts';

export function Loading() {
  return (
    <p className="query-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <FormattedMessage id="state.loading" />
    </p>
  );
}

/** A failed load; on an auction page it is what the page shows, so the server's first screen gives way to it. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  useFirstScreenDrawn();
  return (
    <div className="query-status query-status--error" role="alert">
      <p>
        <FormattedMessage id="state.loadError" />
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <FormattedMessage id="state.retry" />
      </button>
    </div>
  );
}

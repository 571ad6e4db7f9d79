import { FormattedMessage } from 'react-intl';

export function Loading() {
  return (
    <p className="query-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <FormattedMessage id="state.loading" />
    </p>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
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

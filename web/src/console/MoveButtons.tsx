import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Move up and move down for one entry of an ordered list, named for screen readers ("Move up
 * “Dons”"); the first cannot go up, the last cannot go down. What a move does is the caller's: an
 * auction's parts are saved at once (`setup/OrderButtons.tsx`), an organisation's taxes on save.
 */
export function MoveButtons({
  index,
  count,
  name,
  busy = false,
  onMove,
}: {
  index: number;
  count: number;
  /** The entry as the operator knows it, so a screen reader says which one moves. */
  name: string;
  busy?: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const intl = useIntl();
  return (
    <span className="setup__order">
      <button
        type="button"
        className="button button--secondary"
        disabled={busy || index === 0}
        aria-label={intl.formatMessage({ id: 'console.setup.moveUpLabel' }, { name })}
        onClick={() => onMove(-1)}
      >
        <span aria-hidden="true">↑ </span>
        <FormattedMessage id="console.setup.moveUp" />
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy || index === count - 1}
        aria-label={intl.formatMessage({ id: 'console.setup.moveDownLabel' }, { name })}
        onClick={() => onMove(1)}
      >
        <span aria-hidden="true">↓ </span>
        <FormattedMessage id="console.setup.moveDown" />
      </button>
    </span>
  );
}

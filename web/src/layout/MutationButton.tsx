import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';

/**
 * A button that sends one command with what it was given: disabled while the command is being
 * sent, so a second press sends nothing more.
 */
export function MutationButton<TVariables>({
  mutation,
  variables,
  label,
  className = 'button',
}: {
  mutation: { isPending: boolean; mutate: (variables: TVariables) => void };
  variables: TVariables;
  label: MessageId;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(variables)}
    >
      <FormattedMessage id={label} />
    </button>
  );
}

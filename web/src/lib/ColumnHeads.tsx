import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';

/**
 * A column's head: its message, and for a column that needs them a class (numbers aligned right,
 * a column hidden on phones) or a head read only by screen readers (an actions column).
 */
export type ColumnHead = MessageId | { id: MessageId; className?: string; visuallyHidden?: boolean };

/** A table's head row: one `th scope="col"` per column, in the page's language. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { id, className, visuallyHidden } = typeof column === 'string' ? { id: column } : column;
          const text = <FormattedMessage id={id} />;
          return (
            <th key={id} scope="col" className={className}>
              {visuallyHidden ? <span className="visually-hidden">{text}</span> : text}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

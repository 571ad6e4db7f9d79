import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';

/** A titled part of a console section: its heading (naming the region) and a line saying what it is for. */
export function ConsolePart({
  id,
  title,
  intro,
  className = 'setup__parts',
  children,
}: {
  id: string;
  title: MessageId;
  intro?: MessageId;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h3 id={id}>
        <FormattedMessage id={title} />
      </h3>
      {intro ? (
        <p className="console__muted">
          <FormattedMessage id={intro} />
        </p>
      ) : null}
      {children}
    </section>
  );
}

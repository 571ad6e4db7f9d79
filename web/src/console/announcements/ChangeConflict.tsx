import type { Announcement } from '@auction/contract';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { conflictParts } from './announcementConflict.ts';
import type { AnnouncementDraft } from './announcementDraft.ts';
import { versionOf } from './announcementVersion.ts';
import type { AuctionEnd } from './sendTime.ts';
import { unbrokenDateTime } from './Unbroken.tsx';
import { PartList, VersionPart } from './VersionPart.tsx';

/**
 * Above the fields of a change refused because someone else changed the message meanwhile: who
 * and when, what their version now says wherever it differs from what the operator typed (the
 * fields below still hold what they typed), and the two ways on: keep my changes (saved over
 * their version by the next Save) or use their version (the fields filled from it). Neither saves.
 */
export function ChangeConflict({
  draft,
  current,
  reading,
  auction,
  onKeepMine,
  onUseTheirs,
}: {
  draft: AnnouncementDraft;
  /** The message as the list read again has it. */
  current: Announcement;
  /** The list read again does not have the other person's change yet. */
  reading: boolean;
  auction: AuctionEnd;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}) {
  const locale = useLocale();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // The Save pressed is at the bottom of a long form: the notice is brought into view and read out.
  useEffect(() => title.current?.focus(), []);
  const parts = conflictParts(draft, current);
  const guestName = current.guest?.name ?? '—';
  const by = {
    name: current.changedBy ?? '—',
    ...unbrokenDateTime(current.changedAt ?? current.recordedAt, locale),
  };
  return (
    <section className="alert alert--warning announcements__conflict" aria-labelledby={titleId}>
      <h3 id={titleId} ref={title} tabIndex={-1}>
        <FormattedMessage id="console.announcements.conflictTitle" />
      </h3>
      {reading ? (
        <p role="status">
          <FormattedMessage id="console.announcements.conflictReading" />
        </p>
      ) : (
        <>
          <p>
            <FormattedMessage
              id={parts.length > 0 ? 'console.announcements.conflictBy' : 'console.announcements.conflictSame'}
              values={by}
            />
          </p>
          {parts.length > 0 && (
            <PartList
              parts={parts}
              show={(part) => (
                <VersionPart part={part} version={versionOf(current)} auction={auction} guestName={guestName} />
              )}
            />
          )}
          <div className="announcements__actions">
            <button type="button" className="button" onClick={onKeepMine}>
              <FormattedMessage id="console.announcements.keepMine" />
            </button>
            <button type="button" className="button button--secondary" onClick={onUseTheirs}>
              <FormattedMessage id="console.announcements.useTheirs" />
            </button>
          </div>
        </>
      )}
    </section>
  );
}

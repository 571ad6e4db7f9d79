import type { AnnouncementChange } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { Dialog } from '../../layout/Dialog.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { differingParts } from './announcementVersion.ts';
import { announcementQueries } from './queries.ts';
import type { AuctionEnd } from './sendTime.ts';
import { unbrokenDateTime } from './Unbroken.tsx';
import { PartList, VersionPart } from './VersionPart.tsx';

/**
 * What became of a message set for later while it waited (docs/console.md "Messages to guests"):
 * each change, oldest first, by whom and when, and only what it changed, before and after: the
 * words in each language, who gets it, how, and when it goes out.
 */
export function AnnouncementHistory({
  auction,
  announcementId,
  guestName,
  onClose,
}: {
  auction: AuctionEnd & { id: number };
  announcementId: number;
  /** The guest of a message to one guest, whom "who gets it" names. */
  guestName: string;
  onClose: () => void;
}) {
  const changes = useQuery(announcementQueries.changes(auction.id, announcementId));
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={<FormattedMessage id="console.announcements.historyTitle" />}
      wide
    >
      {changes.isPending ? (
        <Loading />
      ) : changes.isError ? (
        <LoadError onRetry={() => changes.refetch()} />
      ) : (
        <ol className="announcements__history">
          {changes.data.map((change) => (
            <ChangeEntry key={change.changedAt} change={change} auction={auction} guestName={guestName} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}

function ChangeEntry({
  change,
  auction,
  guestName,
}: {
  change: AnnouncementChange;
  auction: AuctionEnd;
  guestName: string;
}) {
  const locale = useLocale();
  const at = unbrokenDateTime(change.changedAt, locale);
  return (
    <li>
      <p className="announcements__meta">
        <FormattedMessage id="console.announcements.historyEntry" values={{ name: change.changedBy ?? '—', ...at }} />
      </p>
      <PartList
        parts={differingParts(change.before, change.after)}
        show={(part) => (
          <>
            <span>
              <FormattedMessage id="console.announcements.historyBefore" />{' '}
              <del>
                <VersionPart part={part} version={change.before} auction={auction} guestName={guestName} />
              </del>
            </span>
            <span>
              <FormattedMessage id="console.announcements.historyAfter" />{' '}
              <ins>
                <VersionPart part={part} version={change.after} auction={auction} guestName={guestName} />
              </ins>
            </span>
          </>
        )}
      />
    </li>
  );
}

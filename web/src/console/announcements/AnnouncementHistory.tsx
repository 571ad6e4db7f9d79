import type { AnnouncementChange, AnnouncementVersion } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDate, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { Dialog } from '../../layout/Dialog.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { entryName } from '../entryName.ts';
import { GUEST_CHANNEL_KEYS } from './messageKeys.ts';
import { announcementQueries } from './queries.ts';
import { type AuctionEnd, formatSendDay } from './sendTime.ts';
import { Unbroken } from './Unbroken.tsx';

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

type Part = {
  label: MessageId;
  show: (version: AnnouncementVersion) => ReactNode;
  same: (a: AnnouncementVersion, b: AnnouncementVersion) => boolean;
};

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
  const at = {
    date: <Unbroken>{formatDate(change.changedAt, locale)}</Unbroken>,
    time: <Unbroken>{formatTime(change.changedAt, locale)}</Unbroken>,
  };
  const parts: Part[] = [
    {
      label: 'console.announcements.messageFr',
      show: (v) => v.message.fr ?? '—',
      same: (a, b) => a.message.fr === b.message.fr,
    },
    {
      label: 'console.announcements.messageEn',
      show: (v) => v.message.en ?? '—',
      same: (a, b) => a.message.en === b.message.en,
    },
    {
      label: 'console.announcements.audience',
      show: (v) => (
        <FormattedMessage id="console.announcements.sentTo" values={{ audience: v.audience, name: guestName }} />
      ),
      same: (a, b) => a.audience === b.audience,
    },
    {
      label: 'console.announcements.channels',
      show: (v) =>
        v.channels.map((channel, index) => (
          <span key={channel}>
            {index > 0 ? ' · ' : ''}
            <FormattedMessage id={GUEST_CHANNEL_KEYS[channel]} />
          </span>
        )),
      same: (a, b) => a.channels.length === b.channels.length && a.channels.every((each) => b.channels.includes(each)),
    },
    {
      label: 'console.announcements.when',
      show: (v) => <SetFor version={v} auction={auction} />,
      same: (a, b) =>
        a.sendAt === b.sendAt && a.minutesBeforeEnd === b.minutesBeforeEnd && a.closingGroupId === b.closingGroupId,
    },
  ];
  return (
    <li>
      <p className="announcements__meta">
        <FormattedMessage id="console.announcements.historyEntry" values={{ name: change.changedBy ?? '—', ...at }} />
      </p>
      <dl className="announcements__changes">
        {parts
          .filter((part) => !part.same(change.before, change.after))
          .map((part) => (
            <div key={part.label}>
              <dt>
                <FormattedMessage id={part.label} />
              </dt>
              <dd>
                <span>
                  <FormattedMessage id="console.announcements.historyBefore" /> <del>{part.show(change.before)}</del>
                </span>
                <span>
                  <FormattedMessage id="console.announcements.historyAfter" /> <ins>{part.show(change.after)}</ins>
                </span>
              </dd>
            </div>
          ))}
      </dl>
    </li>
  );
}

/** When a version was set to go out: on a day at a time, or so many minutes before the auction's end or a group's. */
function SetFor({ version, auction }: { version: AnnouncementVersion; auction: AuctionEnd }) {
  const locale = useLocale();
  const { sendAt, minutesBeforeEnd, closingGroupId } = version;
  if (minutesBeforeEnd === null) {
    return sendAt ? (
      <FormattedMessage
        id="console.announcements.at"
        values={{ day: formatSendDay(sendAt, locale), time: <Unbroken>{formatTime(sendAt, locale)}</Unbroken> }}
      />
    ) : null;
  }
  if (closingGroupId === null) {
    return <FormattedMessage id="console.announcements.historyBeforeEnd" values={{ minutes: minutesBeforeEnd }} />;
  }
  const group = auction.closingGroups.find((each) => each.id === closingGroupId);
  return group ? (
    <FormattedMessage
      id="console.announcements.historyBeforeGroupEnd"
      values={{ minutes: minutesBeforeEnd, group: entryName(group.translations, locale) }}
    />
  ) : (
    <FormattedMessage id="console.announcements.beforeRemovedGroupEnd" values={{ minutes: minutesBeforeEnd }} />
  );
}

import type { AnnouncementVersion } from '@auction/contract';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { entryName } from '../entryName.ts';
import { type AnnouncementPart, PART_LABELS } from './announcementVersion.ts';
import { GUEST_CHANNEL_KEYS } from './messageKeys.ts';
import { type AuctionEnd, formatSendDay } from './sendTime.ts';
import { Unbroken } from './Unbroken.tsx';

/**
 * What one part of a version of a message says, as a change's history and a conflict with someone
 * else's change show it: the words (a dash when that language is not written), who gets it, how,
 * and when it goes out.
 */
export function VersionPart({
  part,
  version,
  auction,
  guestName,
}: {
  part: AnnouncementPart;
  version: AnnouncementVersion;
  auction: AuctionEnd;
  /** The guest of a message to one guest, whom "who gets it" names. */
  guestName: string;
}) {
  switch (part) {
    case 'fr':
    case 'en':
      return version.message[part] ?? '—';
    case 'audience':
      return (
        <FormattedMessage id="console.announcements.sentTo" values={{ audience: version.audience, name: guestName }} />
      );
    case 'channels':
      return version.channels.map((channel, index) => (
        <span key={channel}>
          {index > 0 ? ' · ' : ''}
          <FormattedMessage id={GUEST_CHANNEL_KEYS[channel]} />
        </span>
      ));
    case 'when':
      return <SetFor version={version} auction={auction} />;
  }
}

/** Parts of a message, each under its name, with what `show` says of it (a version's, or before and after). */
export function PartList({
  parts,
  show,
}: {
  parts: readonly AnnouncementPart[];
  show: (part: AnnouncementPart) => ReactNode;
}) {
  return (
    <dl className="announcements__changes">
      {parts.map((part) => (
        <div key={part}>
          <dt>
            <FormattedMessage id={PART_LABELS[part]} />
          </dt>
          <dd>{show(part)}</dd>
        </div>
      ))}
    </dl>
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

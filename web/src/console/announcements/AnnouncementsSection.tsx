import type { Announcement, AnnouncementReach } from '@auction/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MessageList } from '../../account/Field.tsx';
import { formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { entryName } from '../entryName.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { AnnouncementFields } from './AnnouncementFields.tsx';
import { AnnouncementItem } from './AnnouncementItem.tsx';
import { type AnnouncementDraft, draftErrors, draftRequest } from './announcementDraft.ts';
import { announcementState } from './announcementState.ts';
import { CancelAnnouncement } from './CancelAnnouncement.tsx';
import { ChangeAnnouncement } from './ChangeAnnouncement.tsx';
import { CHANNEL_KEYS } from './messageKeys.ts';
import { announcementMutations, announcementQueries } from './queries.ts';
import { SendTimeChoice } from './SendTimeChoice.tsx';
import { beforeEndAt, formatSendDay, marksSendTime, type TiedEnd, tiedEnd } from './sendTime.ts';
import { Unbroken } from './Unbroken.tsx';
import './announcements.css';

const EMPTY: AnnouncementDraft = {
  fr: '',
  en: '',
  audience: 'all',
  channels: ['email', 'sms'],
  when: 'now',
  sendAt: '',
  minutesBeforeEnd: '10',
  closingGroupId: '',
};

/** When a message set for later goes out, for the order of the list; one tied to an end not set yet, last. */
const goingOut = (announcement: Announcement) =>
  announcement.sendAt ? Date.parse(announcement.sendAt) : Number.MAX_SAFE_INTEGER;

/**
 * Messages to the auction's guests (docs/console.md "Messages to guests"): the words in French and
 * English, who gets them (every guest, those at the venue, those not there), how, each channel
 * with the guests it reaches now, and when (now, or later at a time chosen); a confirmation that
 * says when and to how many, then the messages set for later, cancellable until they go out, and
 * the earlier ones with what became of each.
 */
export default function AnnouncementsSection({ auction }: AuctionSectionProps) {
  const list = useQuery(announcementQueries.list(auction.id));
  const send = useMutation(announcementMutations.send(auction.id));
  const [draft, setDraft] = useState<AnnouncementDraft>(EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  // One id per confirmation: kept while the send is retried, a new one once it went out. The
  // request is read when asking, so the time confirmed is the time sent.
  const [confirming, setConfirming] = useState<{
    commandId: string;
    request: ReturnType<typeof draftRequest>;
  } | null>(null);
  // The message being changed, by id: its dialog reads it from each new reading of the list.
  const [changingId, setChangingId] = useState<number | null>(null);
  // …and the one being cancelled, for the same reason.
  const [cancellingId, setCancellingId] = useState<number | null>(null);

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError onRetry={() => list.refetch()} />;
  const { reach, announcements } = list.data;
  const chosen = reach[draft.audience];
  const later = draft.when !== 'now';
  // A confirmation for later: at a time, or before the auction's end.
  const laterConfirmed = Boolean(confirming?.request.sendAt ?? confirming?.request.minutesBeforeEnd);
  // Read at each render, which each reading of the list brings: one whose time came moves down.
  const now = Date.now();
  const scheduled = announcements
    .filter((each) => announcementState(each, now) === 'scheduled')
    // Soonest first; one tied to the end of an auction without one, last.
    .sort((a, b) => goingOut(a) - goingOut(b));
  const earlier = announcements.filter((each) => announcementState(each, now) !== 'scheduled');
  const changing = announcements.find((each) => each.id === changingId);
  const cancelling = announcements.find((each) => each.id === cancellingId);
  const item = (each: Announcement) => (
    <AnnouncementItem
      key={each.id}
      announcement={each}
      auction={auction}
      now={now}
      onChange={() => setChangingId(each.id)}
      onCancel={() => setCancellingId(each.id)}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const refused = draftErrors(draft, chosen, auction, Date.now());
    setErrors(refused);
    if (refused.length === 0) setConfirming({ commandId: crypto.randomUUID(), request: draftRequest(draft) });
  }

  const update = (change: Partial<AnnouncementDraft>) => {
    setDraft((before) => ({ ...before, ...change }));
    setErrors([]);
  };

  return (
    <div className="announcements">
      <h2>
        <FormattedMessage id="console.nav.announcements" />
      </h2>
      <p className="field__hint">
        <FormattedMessage id="console.announcements.intro" />
      </p>
      <form className="announcements__form" onSubmit={submit} noValidate>
        <AnnouncementFields draft={draft} reach={reach} onChange={update} />
        <SendTimeChoice draft={draft} auction={auction} invalid={errors.some(marksSendTime)} onChange={update} />
        <MessageList keys={errors} />
        <button type="submit" className="button">
          <FormattedMessage id={later ? 'console.announcements.schedule' : 'console.announcements.send'} />
        </button>
      </form>

      {confirming && (
        <ConsoleConfirm
          title={
            <FormattedMessage
              id={laterConfirmed ? 'console.announcements.confirmTitleLater' : 'console.announcements.confirmTitle'}
            />
          }
          consequence={
            <Consequence
              draft={draft}
              sendAt={confirming.request.sendAt}
              minutesBeforeEnd={confirming.request.minutesBeforeEnd}
              end={tiedEnd(auction, String(confirming.request.closingGroupId ?? ''))}
              reach={chosen}
            />
          }
          action={
            <FormattedMessage
              id={laterConfirmed ? 'console.announcements.confirmLater' : 'console.announcements.confirm'}
            />
          }
          busy={send.isPending}
          onConfirm={async () => {
            await send.mutateAsync({ ...confirming.request, commandId: confirming.commandId });
            showToast('success', laterConfirmed ? 'announcement_scheduled' : 'announcement_sent');
            setDraft(EMPTY);
          }}
          onDone={() => setConfirming(null)}
        />
      )}

      {/* Held here, not in its item: a message gone out meanwhile moves to the earlier ones, and the dialog says so. */}
      {changing && (
        <ChangeAnnouncement
          key={changing.id}
          announcement={changing}
          auction={auction}
          reach={reach}
          onClose={() => setChangingId(null)}
        />
      )}
      {cancelling && (
        <CancelAnnouncement
          key={cancelling.id}
          auctionId={auction.id}
          announcement={cancelling}
          onClose={() => setCancellingId(null)}
        />
      )}
      {scheduled.length > 0 && (
        <>
          <h3>
            <FormattedMessage id="console.announcements.scheduled" />
          </h3>
          <ul className="announcements__list">{scheduled.map(item)}</ul>
        </>
      )}
      <h3>
        <FormattedMessage id="console.announcements.sent" />
      </h3>
      {earlier.length === 0 ? (
        <p>
          <FormattedMessage id="console.announcements.none" />
        </p>
      ) : (
        <ul className="announcements__list">{earlier.map(item)}</ul>
      )}
    </div>
  );
}

/**
 * What the confirmation says: when, to whom, by which channel to how many guests (now: a message
 * for later goes to the group as it is then), and that it cannot be taken back or may be cancelled.
 */
function Consequence({
  draft,
  sendAt,
  minutesBeforeEnd,
  end,
  reach,
}: {
  draft: AnnouncementDraft;
  sendAt: string | undefined;
  minutesBeforeEnd: number | undefined;
  /** The end it is tied to, when it is. */
  end: TiedEnd;
  reach: AnnouncementReach;
}) {
  const locale = useLocale();
  const endAt = minutesBeforeEnd === undefined ? null : beforeEndAt(minutesBeforeEnd, end);
  return (
    <>
      {minutesBeforeEnd !== undefined ? (
        <FormattedMessage
          id={
            endAt === null
              ? 'console.announcements.consequenceBeforeEndUnset'
              : end.group
                ? 'console.announcements.consequenceBeforeGroupEnd'
                : 'console.announcements.consequenceBeforeEnd'
          }
          values={{
            minutes: minutesBeforeEnd,
            group: end.group ? entryName(end.group.translations, locale) : '',
            day: endAt === null ? '' : formatSendDay(new Date(endAt), locale),
            time: endAt === null ? '' : <Unbroken>{formatTime(new Date(endAt).toISOString(), locale)}</Unbroken>,
            audience: draft.audience,
          }}
        />
      ) : sendAt ? (
        <FormattedMessage
          id="console.announcements.consequenceLater"
          values={{
            day: formatSendDay(sendAt, locale),
            time: <Unbroken>{formatTime(sendAt, locale)}</Unbroken>,
            audience: draft.audience,
          }}
        />
      ) : (
        <FormattedMessage id="console.announcements.consequence" values={{ audience: draft.audience }} />
      )}{' '}
      {draft.channels.map((channel, index) => (
        <span key={channel}>
          {index > 0 ? ' · ' : ''}
          <FormattedMessage id={CHANNEL_KEYS[channel]} values={{ count: reach[channel] }} />
        </span>
      ))}
    </>
  );
}

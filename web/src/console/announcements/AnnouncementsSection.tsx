import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_CHANNELS,
  ANNOUNCEMENT_MAX_LENGTH,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementChannel,
  type AnnouncementReach,
} from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MessageList } from '../../account/Field.tsx';
import { formatDate, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { textIn } from '../../i18n/textIn.ts';
import { Labelled } from '../../layout/Labelled.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { type AnnouncementDraft, draftErrors, draftRequest } from './announcementDraft.ts';
import { announcementKeys, announcementMutations, announcementQueries } from './queries.ts';
import './announcements.css';

const AUDIENCE_KEYS: Record<AnnouncementAudience, MessageId> = {
  all: 'console.announcements.audience.all',
  arrived: 'console.announcements.audience.arrived',
  notArrived: 'console.announcements.audience.notArrived',
};

const CHANNEL_KEYS: Record<AnnouncementChannel, MessageId> = {
  email: 'console.announcements.channel.email',
  sms: 'console.announcements.channel.sms',
  push: 'console.announcements.channel.push',
};

const EMPTY: AnnouncementDraft = { fr: '', en: '', audience: 'all', channels: ['email', 'sms'] };

/**
 * Messages to the auction's guests (docs/console.md "Messages to guests"): the words in French and
 * English, who gets them (every guest, those at the venue, those not there) and how, each channel
 * with the guests it reaches now; a confirmation that says how many will get it, then the list of
 * what was sent with what became of each message.
 */
export default function AnnouncementsSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const list = useQuery(announcementQueries.list(auction.id));
  const send = useMutation(announcementMutations.send(auction.id));
  const [draft, setDraft] = useState<AnnouncementDraft>(EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  // One id per confirmation: kept while the send is retried, a new one once it went out.
  const [confirming, setConfirming] = useState<{ commandId: string } | null>(null);

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError onRetry={() => list.refetch()} />;
  const { reach, announcements } = list.data;
  const chosen = reach[draft.audience];

  function submit(event: FormEvent) {
    event.preventDefault();
    const refused = draftErrors(draft, chosen);
    setErrors(refused);
    if (refused.length === 0) setConfirming({ commandId: crypto.randomUUID() });
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
        {(['fr', 'en'] as const).map((language) => (
          <Labelled
            key={language}
            label={language === 'fr' ? 'console.announcements.messageFr' : 'console.announcements.messageEn'}
            control={(wiring) => (
              <>
                <textarea
                  {...wiring}
                  rows={3}
                  maxLength={ANNOUNCEMENT_MAX_LENGTH}
                  value={draft[language]}
                  onChange={(event) => update({ [language]: event.target.value })}
                />
                <span className="announcements__count" aria-live="polite">
                  <FormattedMessage
                    id="console.announcements.length"
                    values={{ count: draft[language].trim().length, max: ANNOUNCEMENT_MAX_LENGTH }}
                  />
                </span>
              </>
            )}
          />
        ))}
        <p className="field__hint">
          <FormattedMessage id="console.announcements.languages" />
        </p>
        <fieldset className="announcements__choices">
          <legend>
            <FormattedMessage id="console.announcements.audience" />
          </legend>
          {ANNOUNCEMENT_AUDIENCES.map((audience) => (
            <label key={audience}>
              <input
                type="radio"
                name="announcement-audience"
                checked={draft.audience === audience}
                onChange={() => update({ audience })}
              />
              <FormattedMessage id={AUDIENCE_KEYS[audience]} values={{ count: reach[audience].guests }} />
            </label>
          ))}
        </fieldset>
        <fieldset className="announcements__choices">
          <legend>
            <FormattedMessage id="console.announcements.channels" />
          </legend>
          {ANNOUNCEMENT_CHANNELS.map((channel) => (
            <label key={channel}>
              <input
                type="checkbox"
                checked={draft.channels.includes(channel)}
                onChange={(event) =>
                  update({
                    channels: event.target.checked
                      ? ANNOUNCEMENT_CHANNELS.filter((each) => each === channel || draft.channels.includes(each))
                      : draft.channels.filter((each) => each !== channel),
                  })
                }
              />
              <FormattedMessage id={CHANNEL_KEYS[channel]} values={{ count: chosen[channel] }} />
            </label>
          ))}
        </fieldset>
        <p className="field__hint">
          <FormattedMessage id="console.announcements.switches" />
        </p>
        <MessageList keys={errors} />
        <button type="submit" className="button">
          <FormattedMessage id="console.announcements.send" />
        </button>
      </form>

      {confirming && (
        <ConsoleConfirm
          title={<FormattedMessage id="console.announcements.confirmTitle" />}
          consequence={<Consequence draft={draft} reach={chosen} />}
          action={<FormattedMessage id="console.announcements.confirm" />}
          busy={send.isPending}
          onConfirm={async () => {
            await send.mutateAsync({ ...draftRequest(draft), commandId: confirming.commandId });
            await queryClient.invalidateQueries({ queryKey: announcementKeys.list(auction.id) });
            showToast('success', 'announcement_sent');
            setDraft(EMPTY);
          }}
          onDone={() => setConfirming(null)}
        />
      )}

      <h3>
        <FormattedMessage id="console.announcements.sent" />
      </h3>
      {announcements.length === 0 ? (
        <p>
          <FormattedMessage id="console.announcements.none" />
        </p>
      ) : (
        <ul className="announcements__list">
          {announcements.map((each) => (
            <SentAnnouncement key={each.id} announcement={each} locale={locale} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** What the confirmation says: to whom, by which channel to how many guests, and that it cannot be taken back. */
function Consequence({ draft, reach }: { draft: AnnouncementDraft; reach: AnnouncementReach }) {
  return (
    <>
      <FormattedMessage id="console.announcements.consequence" values={{ audience: draft.audience }} />{' '}
      {draft.channels.map((channel, index) => (
        <span key={channel}>
          {index > 0 ? ' · ' : ''}
          <FormattedMessage id={CHANNEL_KEYS[channel]} values={{ count: reach[channel] }} />
        </span>
      ))}
    </>
  );
}

function SentAnnouncement({ announcement, locale }: { announcement: Announcement; locale: 'en' | 'fr' }) {
  return (
    <li className="announcements__item">
      <p className="announcements__meta">
        <FormattedMessage
          id="console.announcements.sentBy"
          values={{
            date: formatDate(announcement.sentAt, locale),
            time: formatTime(announcement.sentAt, locale),
            name: announcement.sentBy ?? '—',
          }}
        />
        {' · '}
        <FormattedMessage id="console.announcements.sentTo" values={{ audience: announcement.audience }} />
      </p>
      <blockquote className="announcements__words">{textIn(announcement.message, locale)}</blockquote>
      <ul className="announcements__delivery">
        {announcement.channels.map((channel) => {
          const delivery = announcement.delivery[channel];
          return (
            <li key={channel}>
              <FormattedMessage
                id="console.announcements.delivery"
                values={{
                  channel: <FormattedMessage id={CHANNEL_KEYS[channel]} values={{ count: delivery.recipients }} />,
                  sent: delivery.sent,
                  pending: delivery.pending,
                  skipped: delivery.skipped,
                  failed: delivery.failed,
                }}
              />
            </li>
          );
        })}
      </ul>
      {!announcement.queued && (
        <p className="field-error">
          <FormattedMessage id="console.announcements.notQueued" />
        </p>
      )}
    </li>
  );
}

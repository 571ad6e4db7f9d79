import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_CHANNELS,
  ANNOUNCEMENT_MAX_LENGTH,
  type AnnouncementList,
} from '@auction/contract';
import { FormattedMessage } from 'react-intl';
import { Labelled } from '../../layout/Labelled.tsx';
import type { AnnouncementDraft } from './announcementDraft.ts';
import { AUDIENCE_KEYS, CHANNEL_KEYS, GUEST_CHANNEL_KEYS } from './messageKeys.ts';

/**
 * What a message says, to whom and how, as the announcements form and the change of one set for
 * later both ask it: the words in French and English with their length, who gets them (every
 * guest, those at the venue, those not there) with how many guests each is, and the channels with
 * the guests each reaches now. A message to one guest (`audiences` false) keeps its guest.
 */
export function AnnouncementFields({
  draft,
  reach,
  audiences = true,
  onChange,
}: {
  draft: AnnouncementDraft;
  reach: AnnouncementList['reach'];
  audiences?: boolean;
  onChange: (change: Partial<AnnouncementDraft>) => void;
}) {
  const chosen = reach[draft.audience];
  return (
    <>
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
                onChange={(event) => onChange({ [language]: event.target.value })}
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
      {audiences && (
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
                onChange={() => onChange({ audience })}
              />
              <FormattedMessage id={AUDIENCE_KEYS[audience]} values={{ count: reach[audience].guests }} />
            </label>
          ))}
        </fieldset>
      )}
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
                onChange({
                  channels: event.target.checked
                    ? ANNOUNCEMENT_CHANNELS.filter((each) => each === channel || draft.channels.includes(each))
                    : draft.channels.filter((each) => each !== channel),
                })
              }
            />
            {audiences ? (
              <FormattedMessage id={CHANNEL_KEYS[channel]} values={{ count: chosen[channel] }} />
            ) : (
              <FormattedMessage id={GUEST_CHANNEL_KEYS[channel]} />
            )}
          </label>
        ))}
      </fieldset>
      <p className="field__hint">
        <FormattedMessage id="console.announcements.switches" />
      </p>
    </>
  );
}

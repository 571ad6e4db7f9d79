import {
  ANNOUNCEMENT_CHANNELS,
  ANNOUNCEMENT_MAX_LENGTH,
  type AnnouncementChannel,
  type AuctionBidder,
} from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { Labelled } from '../../layout/Labelled.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import type { SendTimeDraft } from '../announcements/announcementDraft.ts';
import { GUEST_CHANNEL_KEYS } from '../announcements/messageKeys.ts';
import { announcementKeys } from '../announcements/queries.ts';
import { SendTimeChoice } from '../announcements/SendTimeChoice.tsx';
import { marksSendTime, sendAtErrors, sendAtFromInput } from '../announcements/sendTime.ts';
import { ConsoleFormDialog } from '../ConsoleFormDialog.tsx';
import { useRequestCommandId } from '../useRequestCommandId.ts';
import { guestName } from './guestName.ts';
import { bidderMutations } from './queries.ts';
import '../checkin/checkIn.css';
import '../announcements/announcements.css';

/**
 * A message to one guest from the bidders list or their card at the door ("your car's lights are
 * on"), at once or at a time typed in the browser's zone ("your table is ready at 8"), by the
 * channels the staff tick and the guest's own switches allow (docs/messages.md "A message to one
 * guest"). The words go in the console's language; the guest's templates frame them in theirs.
 * One command id per message as sent (useRequestCommandId), so a retried send is the same message.
 */
export function GuestMessage({
  auctionId,
  guest,
  onClose,
}: {
  auctionId: number;
  guest: AuctionBidder;
  onClose: () => void;
}) {
  const locale = useLocale();
  const name = guestName(guest);
  const queryClient = useQueryClient();
  const send = useMutation(bidderMutations.message(auctionId));
  const commandIdOf = useRequestCommandId();
  const [words, setWords] = useState('');
  const [channels, setChannels] = useState<AnnouncementChannel[]>(
    guest.phoneNumber && !guest.hasSmsStop ? ['email', 'sms'] : ['email'],
  );
  const [errors, setErrors] = useState<string[]>([]);
  const [timing, setTiming] = useState<SendTimeDraft>({
    when: 'now',
    sendAt: '',
    minutesBeforeEnd: '',
    closingGroupId: '',
  });
  const later = timing.when === 'later';
  const toggle = (channel: AnnouncementChannel) =>
    setChannels((chosen) =>
      chosen.includes(channel) ? chosen.filter((each) => each !== channel) : [...chosen, channel],
    );
  async function submit(event: FormEvent) {
    event.preventDefault();
    // What the server would refuse, said before asking it.
    const sendAt = later ? sendAtFromInput(timing.sendAt) : null;
    const missing = [
      ...(words.trim() ? [] : ['announcement_message_required']),
      ...(channels.length > 0 ? [] : ['announcement_channel_required']),
      ...(later ? sendAtErrors(sendAt, Date.now()) : []),
    ];
    setErrors(missing);
    if (missing.length > 0) return;
    try {
      const request = { message: { [locale]: words }, channels, ...(sendAt ? { sendAt } : {}) };
      await send.mutateAsync({ userId: guest.userId, body: { ...request, commandId: commandIdOf(request) } });
    } catch (error) {
      setErrors(errorKeys(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: announcementKeys.list(auctionId) });
    showToast('success', later ? 'console.bidders.messageScheduled' : 'console.bidders.messageSent', { name });
    onClose();
  }
  return (
    <ConsoleFormDialog
      title={<FormattedMessage id="console.bidders.messageTitle" values={{ name }} />}
      onClose={onClose}
      onSubmit={submit}
      errors={errors}
      cancel="console.cancel"
      submit={later ? 'console.bidders.messageSchedule' : 'console.bidders.messageSend'}
      pending={send.isPending}
    >
      <Labelled
        label="console.bidders.messageWords"
        hint="console.bidders.messageHint"
        control={(wiring) => (
          <textarea
            {...wiring}
            rows={3}
            maxLength={ANNOUNCEMENT_MAX_LENGTH}
            value={words}
            onChange={(event) => setWords(event.target.value)}
          />
        )}
      />
      <fieldset className="guest-message__channels">
        <legend>
          <FormattedMessage id="console.bidders.messageChannels" />
        </legend>
        {ANNOUNCEMENT_CHANNELS.map((channel) => (
          <label key={channel}>
            <input type="checkbox" checked={channels.includes(channel)} onChange={() => toggle(channel)} />{' '}
            <FormattedMessage id={GUEST_CHANNEL_KEYS[channel]} />
          </label>
        ))}
      </fieldset>
      <SendTimeChoice
        draft={timing}
        invalid={errors.some(marksSendTime)}
        onChange={(change) => {
          setTiming((before) => ({ ...before, ...change }));
          setErrors([]);
        }}
      />
    </ConsoleFormDialog>
  );
}

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
import type { MessageId } from '../../i18n/messages.ts';
import { Labelled } from '../../layout/Labelled.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { announcementKeys } from '../announcements/queries.ts';
import { ConsoleFormDialog } from '../ConsoleFormDialog.tsx';
import { bidderMutations } from './queries.ts';
import '../checkin/checkIn.css';

const CHANNEL_KEYS: Record<AnnouncementChannel, MessageId> = {
  email: 'console.bidders.messageByEmail',
  sms: 'console.bidders.messageBySms',
  push: 'console.bidders.messageByPush',
};

/**
 * A message to one guest from the bidders list ("your car's lights are on"), at once, by the
 * channels the staff tick and the guest's own switches allow (docs/messages.md "A message to one
 * guest"). The words go in the console's language; the guest's templates frame them in theirs.
 * One command id per opening, so a retried send is the same message.
 */
export function GuestMessage({
  auctionId,
  guest,
  name,
  onClose,
}: {
  auctionId: number;
  guest: AuctionBidder;
  name: string;
  onClose: () => void;
}) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const send = useMutation(bidderMutations.message(auctionId));
  const [commandId] = useState(() => crypto.randomUUID());
  const [words, setWords] = useState('');
  const [channels, setChannels] = useState<AnnouncementChannel[]>(
    guest.phoneNumber && !guest.hasSmsStop ? ['email', 'sms'] : ['email'],
  );
  const [errors, setErrors] = useState<string[]>([]);
  const toggle = (channel: AnnouncementChannel) =>
    setChannels((chosen) =>
      chosen.includes(channel) ? chosen.filter((each) => each !== channel) : [...chosen, channel],
    );
  async function submit(event: FormEvent) {
    event.preventDefault();
    // What the server would refuse, said before asking it.
    const missing = [
      ...(words.trim() ? [] : ['announcement_message_required']),
      ...(channels.length > 0 ? [] : ['announcement_channel_required']),
    ];
    setErrors(missing);
    if (missing.length > 0) return;
    try {
      await send.mutateAsync({ userId: guest.userId, body: { message: { [locale]: words }, channels, commandId } });
    } catch (error) {
      setErrors(errorKeys(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: announcementKeys.list(auctionId) });
    showToast('success', 'console.bidders.messageSent', { name });
    onClose();
  }
  return (
    <ConsoleFormDialog
      title={<FormattedMessage id="console.bidders.messageTitle" values={{ name }} />}
      onClose={onClose}
      onSubmit={submit}
      errors={errors}
      cancel="console.cancel"
      submit="console.bidders.messageSend"
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
            <FormattedMessage id={CHANNEL_KEYS[channel]} />
          </label>
        ))}
      </fieldset>
    </ConsoleFormDialog>
  );
}

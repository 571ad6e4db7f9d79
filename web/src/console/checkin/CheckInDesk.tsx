import { type AuctionBidder, BidderStatus, WalkInOutcome } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { Field, MessageList, SearchField } from '../../account/Field.tsx';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { RadioChoices } from '../../layout/RadioChoices.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { GuestMessage } from '../bidders/GuestMessage.tsx';
import { guestName } from '../bidders/guestName.ts';
import { PersonFields } from './PersonFields.tsx';
import { checkInKeys, checkInMutations, checkInQueries, GUEST_SEARCH_MIN_LENGTH } from './queries.ts';
import './checkIn.css';
import { BidderNumber } from './BidderNumber.tsx';

/**
 * One guest as a card with one big button: phones at the door are used with a thumb. For the
 * auction's managers, a second one writes to the guest ("your paddle is 42").
 */
function GuestCard({
  guest,
  onArrive,
  onMessage,
  busy,
}: {
  guest: AuctionBidder;
  onArrive: () => void;
  onMessage: (() => void) | null;
  busy: boolean;
}) {
  const intl = useIntl();
  const locked = guest.status === BidderStatus.Locked;
  const message =
    onMessage && !locked ? (
      <button
        type="button"
        className="button button--secondary checkin__message"
        aria-label={intl.formatMessage(
          { id: 'console.bidders.actionLabel' },
          { action: intl.formatMessage({ id: 'console.bidders.message' }), name: guestName(guest) },
        )}
        onClick={onMessage}
      >
        <FormattedMessage id="console.bidders.message" />
      </button>
    ) : null;
  return (
    <li className="checkin__guest">
      <div className="checkin__who">
        <strong>{guestName(guest)}</strong>
        <span className="console__muted">
          {guest.phoneNumber ?? guest.email}
          {guest.nickName ? ` · ${guest.nickName}` : ''}
        </span>
      </div>
      {guest.arrivedAt ? (
        <div className="checkin__actions">
          <p className="checkin__arrived">
            <BidderNumber number={guest.bidderNumber} />{' '}
            <FormattedMessage
              id="console.checkin.arrivedAt"
              values={{
                time: <FormattedTime value={guest.arrivedAt} />,
                by: guest.arrivedBy ?? '',
              }}
            />
          </p>
          {message}
        </div>
      ) : locked ? (
        <p className="checkin__locked">
          <FormattedMessage id="console.checkin.locked" />
        </p>
      ) : (
        <div className="checkin__actions">
          {message}
          <button
            type="button"
            className="button checkin__arrive"
            disabled={busy}
            aria-label={intl.formatMessage({ id: 'console.checkin.arriveLabel' }, { name: guestName(guest) })}
            onClick={onArrive}
          >
            <FormattedMessage id="console.checkin.arrive" />
          </button>
        </div>
      )}
    </li>
  );
}

const OUTCOME_KEYS: Record<WalkInOutcome, MessageId> = {
  found: 'console.checkin.walkIn.found',
  created: 'console.checkin.walkIn.created',
  invited: 'console.checkin.walkIn.invited',
  stop: 'user_has_send_stop_date',
};

/** A guest not on the list, in a few taps: a name and a phone or an email. */
function WalkIn({ auctionId, onDone }: { auctionId: number; onDone: () => void }) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const mutation = useMutation(checkInMutations.walkIn(auctionId));
  const [form, setForm] = useState({ firstName: '', lastName: '', phoneNumber: '', email: '' });
  const [language, setLanguage] = useState<'en' | 'fr'>(locale === 'en' ? 'en' : 'fr');
  // One id per walk-in being typed: a double tap sends the same command.
  const [commandId, setCommandId] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<WalkInOutcome | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    setOutcome(null);
    if (!form.phoneNumber.trim() && !form.email.trim()) {
      setErrors(['phone_or_email_required']);
      return;
    }
    try {
      const answer = await mutation.mutateAsync({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        phoneNumber: form.phoneNumber.trim() || undefined,
        email: form.email.trim() || undefined,
        language,
        commandId,
      });
      setOutcome(answer.outcome);
      await queryClient.invalidateQueries({ queryKey: checkInKeys.guests(auctionId) });
      if (answer.outcome !== WalkInOutcome.Stop) {
        showToast('success', OUTCOME_KEYS[answer.outcome]);
        setForm({ firstName: '', lastName: '', phoneNumber: '', email: '' });
        setCommandId(crypto.randomUUID());
        onDone();
      }
    } catch (error) {
      setErrors(errorKeys(error));
    }
  }
  return (
    <form className="checkin__walkin" onSubmit={submit} noValidate>
      <h3>
        <FormattedMessage id="console.checkin.walkIn.title" />
      </h3>
      <p className="console__muted">
        <FormattedMessage id="console.checkin.walkIn.hint" />
      </p>
      <PersonFields value={form} onChange={setForm} />
      <Field
        label={<FormattedMessage id="console.checkin.walkIn.email" />}
        type="email"
        inputMode="email"
        value={form.email}
        onChange={(event) => setForm({ ...form, email: event.target.value })}
        autoComplete="off"
      />
      <RadioChoices
        className="console-choices"
        legend="console.checkin.walkIn.language"
        name="walkin-language"
        options={['fr', 'en'] as const}
        labelOf={(code) => (code === 'fr' ? 'console.checkin.walkIn.french' : 'console.checkin.walkIn.english')}
        value={language}
        onChange={setLanguage}
      />
      <MessageList keys={errors} />
      {outcome === WalkInOutcome.Stop && (
        <p role="alert" className="message-list">
          <FormattedMessage id="user_has_send_stop_date" />
        </p>
      )}
      <button type="submit" className="button checkin__arrive" disabled={mutation.isPending}>
        <FormattedMessage id="console.checkin.walkIn.submit" />
      </button>
    </form>
  );
}

/**
 * The door's check-in for one auction (docs/console.md "Check-in"): find a guest by name or phone,
 * tap "Arrived"; or register a walk-in. Phone-first: one column of cards with big buttons. The
 * auction's managers (`mayMessage`) may also write to a guest from their card, as from the
 * bidders list; volunteers welcome guests and do not message them.
 */
export function CheckInDesk({ auctionId, mayMessage = false }: { auctionId: number; mayMessage?: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [walkIn, setWalkIn] = useState(false);
  const [writingTo, setWritingTo] = useState<AuctionBidder | null>(null);
  const q = text.trim();
  const guests = useQuery(checkInQueries.guests(auctionId, q.length >= GUEST_SEARCH_MIN_LENGTH ? q : ''));
  const arrival = useMutation(checkInMutations.arrival(auctionId));
  async function arrive(guest: AuctionBidder) {
    try {
      const answer = await arrival.mutateAsync(guest.userId);
      showToast(
        answer.alreadyArrived ? 'info' : 'success',
        answer.alreadyArrived ? 'console.checkin.already' : 'console.checkin.done',
        { name: guestName(guest) },
      );
      await queryClient.invalidateQueries({ queryKey: checkInKeys.guests(auctionId) });
    } catch (error) {
      showToast('danger', (errorKeys(error)[0] ?? 'there_was_an_error') as MessageId);
    }
  }
  return (
    <div className="checkin">
      <div className="checkin__bar">
        <SearchField
          label="console.checkin.search"
          placeholder="console.checkin.searchHint"
          value={text}
          onText={setText}
          autoComplete="off"
        />
        <button
          type="button"
          className="button button--secondary checkin__arrive"
          aria-expanded={walkIn}
          onClick={() => setWalkIn(!walkIn)}
        >
          <FormattedMessage id="console.checkin.walkIn.open" />
        </button>
      </div>
      {walkIn && <WalkIn auctionId={auctionId} onDone={() => setWalkIn(false)} />}
      {guests.isPending ? (
        <Loading />
      ) : guests.isError ? (
        <LoadError onRetry={() => guests.refetch()} />
      ) : (
        <>
          <p className="checkin__count" aria-live="polite">
            <FormattedMessage
              id="console.checkin.count"
              values={{ arrived: guests.data.arrivedCount, total: guests.data.guestCount }}
            />
          </p>
          {guests.data.matchCount > guests.data.guests.length && (
            // A gala of thousands: the list stops at its limit, and says how to reach the rest.
            <p className="console__muted">
              <FormattedMessage
                id="console.checkin.more"
                values={{ shown: guests.data.guests.length, count: guests.data.matchCount }}
              />
            </p>
          )}
          {guests.data.guests.length === 0 ? (
            <p>
              <FormattedMessage id={q ? 'console.checkin.noMatch' : 'console.checkin.empty'} />
            </p>
          ) : (
            <ul className="checkin__guests">
              {guests.data.guests.map((guest) => (
                <GuestCard
                  key={guest.userId}
                  guest={guest}
                  busy={arrival.isPending}
                  onArrive={() => arrive(guest)}
                  onMessage={mayMessage ? () => setWritingTo(guest) : null}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {writingTo && <GuestMessage auctionId={auctionId} guest={writingTo} onClose={() => setWritingTo(null)} />}
    </div>
  );
}

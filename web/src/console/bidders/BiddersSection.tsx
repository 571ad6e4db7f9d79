import { type AuctionBidder, BIDDER_PAGE_SIZES, BidderStatus, GuestArrival, Role } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { COMPLETE_PHONE_LENGTH, MessageList } from '../../account/Field.tsx';
import { ApiError } from '../../api/client.ts';
import { auctionMutations } from '../../auctions/queries.ts';
import type { MessageId } from '../../i18n/messages.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { ListTable } from '../../lib/listTable/ListTable.tsx';
import { initialQuery, type ListQuery } from '../../lib/listTable/listTableRules.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { BidderNumber } from '../checkin/BidderNumber.tsx';
import { CheckInDesk } from '../checkin/CheckInDesk.tsx';
import { PersonFields } from '../checkin/PersonFields.tsx';
import { PressedButton } from '../PressedButton.tsx';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { bidderListQuery } from './bidderListQuery.ts';
import { GuestMessage } from './GuestMessage.tsx';
import { guestName } from './guestName.ts';
import { bidderKeys, bidderMutations, bidderQueries } from './queries.ts';

type Bidder = AuctionBidder;

const STATUS_KEYS: Record<Bidder['status'], MessageId> = {
  [BidderStatus.Invited]: 'console.bidders.status.invited',
  [BidderStatus.Visited]: 'console.bidders.status.visited',
  [BidderStatus.Locked]: 'console.bidders.status.locked',
};

type Pending = { kind: 'lock' | 'unlock' | 'password' | 'reinvite' | 'message'; bidder: Bidder };

/**
 * Lock, unlock, a temporary password, or the SMS invitation texted again to a guest already on the
 * list (the link to the auction, as "Invite by SMS" sends it), behind a confirmation stating what
 * it does.
 */
function ConfirmBidderAction({
  auctionId,
  pending,
  onDone,
  onPassword,
}: {
  auctionId: number;
  pending: Pending | null;
  onDone: () => void;
  onPassword: (shown: { name: string; password: string }) => void;
}) {
  const queryClient = useQueryClient();
  const status = useMutation(bidderMutations.status(auctionId));
  const password = useMutation(bidderMutations.temporaryPassword());
  const invite = useMutation(auctionMutations.invite(auctionId));
  if (!pending || pending.kind === 'message') return null;
  const { kind, bidder } = pending;
  const values = { name: guestName(bidder), email: bidder.email, phone: bidder.phoneNumber ?? '' };
  return (
    <ConsoleConfirm
      title={<FormattedMessage id={`console.bidders.${kind}Title`} />}
      consequence={<FormattedMessage id={`console.bidders.${kind}Consequence`} values={values} />}
      action={<FormattedMessage id={`console.bidders.${kind}`} />}
      busy={status.isPending || password.isPending || invite.isPending}
      onConfirm={async () => {
        if (kind === 'reinvite') {
          const { firstName, lastName, phoneNumber } = bidder;
          const { optedOut } = await invite.mutateAsync({ firstName, lastName, phoneNumber: phoneNumber ?? '' });
          // The number replied STOP since the list was read: nothing was sent.
          if (optedOut) throw new ApiError(409, 'user_has_send_stop_date');
          showToast('success', 'console.bidders.invited', { phone: phoneNumber ?? '' });
          return;
        }
        if (kind === 'password') {
          const answer = await password.mutateAsync(bidder.userId);
          onPassword({ name: guestName(bidder), password: answer.temporaryPassword });
          return;
        }
        await status.mutateAsync({ userId: bidder.userId, status: kind === 'lock' ? 'Locked' : 'Invited' });
        await queryClient.invalidateQueries({ queryKey: bidderKeys.list(auctionId) });
        showToast('success', kind === 'lock' ? 'console.bidders.locked' : 'console.bidders.unlocked', values);
      }}
      onDone={onDone}
    />
  );
}

/** Text an invitation to register for this auction (STOP numbers are never texted). */
function InviteBySms({ auctionId }: { auctionId: number }) {
  const invite = useMutation(auctionMutations.invite(auctionId));
  const [form, setForm] = useState({ firstName: '', lastName: '', phoneNumber: '' });
  const [errors, setErrors] = useState<string[]>([]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    if (form.phoneNumber.length !== COMPLETE_PHONE_LENGTH) {
      setErrors(['invalid_phone_number']);
      return;
    }
    try {
      const { optedOut } = await invite.mutateAsync(form);
      if (optedOut) {
        setErrors(['user_has_send_stop_date']);
        return;
      }
      showToast('success', 'console.bidders.invited', { phone: form.phoneNumber });
      setForm({ firstName: '', lastName: '', phoneNumber: '' });
    } catch (error) {
      setErrors(errorKeys(error));
    }
  }
  return (
    <form className="bidders__invite" onSubmit={submit} noValidate>
      <h3>
        <FormattedMessage id="console.bidders.inviteTitle" />
      </h3>
      <div className="bidders__invite-fields">
        <PersonFields value={form} onChange={setForm} />
      </div>
      <MessageList keys={errors} />
      <button type="submit" className="button" disabled={invite.isPending}>
        <FormattedMessage id="console.bidders.invite" />
      </button>
    </form>
  );
}

/**
 * The auction's bidders in the generic list table, a page at a time from the server (a gala of
 * thousands): search, status and arrival filters, a message, lock, password.
 */
export function BiddersTable({ auctionId, actorRoles }: { auctionId: number; actorRoles: readonly number[] }) {
  const intl = useIntl();
  const [query, setQuery] = useState<ListQuery>(() => initialQuery(25, { column: 'name', direction: 'asc' }));
  const page = useQuery(bidderQueries.page(auctionId, bidderListQuery(query)));
  const [pending, setPending] = useState<Pending | null>(null);
  const [shownPassword, setShownPassword] = useState<{ name: string; password: string } | null>(null);
  if (page.isPending) return <Loading />;
  if (page.isError) return <LoadError onRetry={() => page.refetch()} />;
  const isAdministrator = actorRoles.includes(Role.Administrator);
  const button = (bidder: Bidder, kind: Pending['kind']) => (
    <button
      type="button"
      className="console__role"
      aria-label={intl.formatMessage(
        { id: 'console.bidders.actionLabel' },
        { action: intl.formatMessage({ id: `console.bidders.${kind}` }), name: guestName(bidder) },
      )}
      onClick={() => setPending({ kind, bidder })}
    >
      <FormattedMessage id={`console.bidders.${kind}`} />
    </button>
  );
  const status = (bidder: Bidder) => (
    <>
      <FormattedMessage id={STATUS_KEYS[bidder.status]} />
      {bidder.hasSmsStop && (
        <span className="console__badge" title={intl.formatMessage({ id: 'user_has_send_stop_date' })}>
          {' '}
          STOP
        </span>
      )}
    </>
  );
  const arrival = (bidder: Bidder) =>
    bidder.arrivedAt ? (
      <>
        <BidderNumber number={bidder.bidderNumber} />{' '}
        <FormattedMessage
          id="console.checkin.arrivedAt"
          values={{ time: <FormattedTime value={bidder.arrivedAt} />, by: bidder.arrivedBy ?? '' }}
        />
      </>
    ) : (
      <span className="console__muted">
        <FormattedMessage id="console.bidders.notArrived" />
      </span>
    );
  const actions = (bidder: Bidder) => (
    <div className="console__roles">
      {bidder.status !== BidderStatus.Locked && button(bidder, 'message')}
      {bidder.status !== BidderStatus.Locked && bidder.phoneNumber && !bidder.hasSmsStop && button(bidder, 'reinvite')}
      {button(bidder, bidder.status === BidderStatus.Locked ? 'unlock' : 'lock')}
      {isAdministrator && button(bidder, 'password')}
    </div>
  );
  return (
    <>
      {shownPassword && (
        <p className="bidders__password" role="status">
          <FormattedMessage
            id="console.bidders.passwordShown"
            values={{ name: shownPassword.name, password: <code>{shownPassword.password}</code> }}
          />
        </p>
      )}
      <ListTable<Bidder>
        title={<FormattedMessage id="console.nav.bidders" />}
        titleLevel={2}
        rows={page.data.bidders}
        count={page.data.count}
        rowKey={(bidder) => bidder.userId}
        pageSizes={BIDDER_PAGE_SIZES}
        query={{ ...query, currentPage: page.data.currentPage }}
        onQueryChange={setQuery}
        busy={page.isPlaceholderData}
        empty={<FormattedMessage id={page.data.guestCount === 0 ? 'console.bidders.empty' : 'no_matching_result'} />}
        quickFilters={[{ id: 'arrived', label: <FormattedMessage id="console.bidders.arrived" /> }]}
        sideFilters={[
          { kind: 'text', id: 'name', label: <FormattedMessage id="console.checkin.searchHint" /> },
          {
            kind: 'checkboxes',
            id: 'status',
            label: <FormattedMessage id="console.lots.status" />,
            options: [BidderStatus.Invited, BidderStatus.Visited, BidderStatus.Locked].map((value) => ({
              value: String(value),
              label: <FormattedMessage id={STATUS_KEYS[value]} />,
            })),
          },
          {
            kind: 'checkboxes',
            id: 'arrival',
            label: <FormattedMessage id="console.bidders.arrival" />,
            options: [GuestArrival.Waiting, GuestArrival.Arrived].map((value) => ({
              value,
              label: <FormattedMessage id={`console.bidders.arrival.${value}`} />,
            })),
          },
        ]}
        renderCard={(bidder) => (
          <div className="console__lot-card">
            <strong>{guestName(bidder)}</strong>
            <span className="console__muted">
              {bidder.email}
              {bidder.phoneNumber ? ` · ${bidder.phoneNumber}` : ''}
            </span>
            <span>
              {status(bidder)} · {arrival(bidder)}
            </span>
            {actions(bidder)}
          </div>
        )}
        columns={[
          {
            id: 'name',
            header: <FormattedMessage id="console.bidders.name" />,
            sortable: true,
            cell: (bidder) => (
              <>
                <strong>{guestName(bidder)}</strong>
                <div className="console__muted">{bidder.nickName}</div>
              </>
            ),
          },
          {
            id: 'contact',
            header: <FormattedMessage id="console.bidders.contact" />,
            cell: (bidder) => (
              <span className="console__muted">
                {bidder.email}
                {bidder.phoneNumber && <div>{bidder.phoneNumber}</div>}
              </span>
            ),
          },
          { id: 'status', header: <FormattedMessage id="console.lots.status" />, sortable: true, cell: status },
          { id: 'arrival', header: <FormattedMessage id="console.bidders.arrival" />, sortable: true, cell: arrival },
          { id: 'actions', header: <FormattedMessage id="console.lots.actions" />, cell: actions },
        ]}
      />
      <ConfirmBidderAction
        auctionId={auctionId}
        pending={pending}
        onDone={() => setPending(null)}
        onPassword={setShownPassword}
      />
      {pending?.kind === 'message' && (
        <GuestMessage auctionId={auctionId} guest={pending.bidder} onClose={() => setPending(null)} />
      )}
    </>
  );
}

/** The auction's bidders (status, lock, temporary password, SMS invitations) and the door's check-in. */
export default function BiddersSection({ auction, actorRoles }: AuctionSectionProps) {
  const [view, setView] = useState<'list' | 'checkIn'>('list');
  return (
    <div className="bidders">
      <div className="console__roles">
        {(['list', 'checkIn'] as const).map((each) => (
          <PressedButton key={each} pressed={view === each} onClick={() => setView(each)}>
            <FormattedMessage id={each === 'list' ? 'console.bidders.list' : 'console.checkin.title'} />
          </PressedButton>
        ))}
      </div>
      {view === 'list' ? (
        <>
          <BiddersTable auctionId={auction.id} actorRoles={actorRoles} />
          <InviteBySms auctionId={auction.id} />
        </>
      ) : (
        <CheckInDesk auctionId={auction.id} mayMessage />
      )}
    </div>
  );
}

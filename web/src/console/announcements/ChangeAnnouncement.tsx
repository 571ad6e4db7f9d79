import type { Announcement, AnnouncementList } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../layout/Dialog.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleFormDialog } from '../ConsoleFormDialog.tsx';
import { useRequestCommandId } from '../useRequestCommandId.ts';
import { AnnouncementFields } from './AnnouncementFields.tsx';
import { type ChangeRefusal, changeRefusalOf, stillChangeable } from './announcementConflict.ts';
import { type AnnouncementDraft, changeRequest, draftErrors, draftOf } from './announcementDraft.ts';
import { announcementState } from './announcementState.ts';
import { ChangeConflict } from './ChangeConflict.tsx';
import { announcementKeys, announcementMutations } from './queries.ts';
import { SendTimeChoice } from './SendTimeChoice.tsx';
import { type AuctionEnd, marksSendTime } from './sendTime.ts';

/**
 * Changes a message set for later before it goes out (docs/console.md "Messages to guests"): the
 * form filled from it, its words, audience, channels and time (later or before an end; not now:
 * it stays set for later), saved over the revision it was filled from. Someone else's change made
 * meanwhile is refused by the API: the form keeps what was typed, and shows above it what their
 * version says where it differs, to keep my changes (over their revision, at the next Save) or use
 * theirs. A message gone out or cancelled meanwhile can only be closed.
 */
export function ChangeAnnouncement({
  announcement,
  auction,
  reach,
  onClose,
}: {
  /** The message as the list has it now: read again after a refusal, it is the other person's version. */
  announcement: Announcement;
  auction: AuctionEnd & { id: number };
  reach: AnnouncementList['reach'];
  onClose: () => void;
}) {
  const change = useMutation(announcementMutations.change(auction.id));
  const client = useQueryClient();
  const commandIdOf = useRequestCommandId();
  // The version the change is saved over. The list read again meanwhile does not move it, so a
  // change made by someone else is refused rather than overwritten unseen; only the operator's
  // choice after the refusal does.
  const [base, setBase] = useState(announcement);
  const [draft, setDraft] = useState<AnnouncementDraft>(() => draftOf(announcement));
  const [errors, setErrors] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<ChangeRefusal | null>(null);
  // The choice just made, said under the notice's place until the form changes or is sent.
  const [chosen, setChosen] = useState<'keptMine' | 'tookTheirs' | null>(null);
  const toGuest = announcement.audience === 'guest';
  const gone = refusal !== null && (refusal.kind === 'gone' || !stillChangeable(announcement, Date.now()));
  // The list read after the refusal may still be the one before the other person's change.
  const reading = refusal?.kind === 'changed' && announcement.revision < refusal.revision;

  // The notice's buttons go with it: the focus goes where the choice leads, Save or the words.
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const form = said.current?.closest('form');
    if (chosen === 'keptMine') form?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    if (chosen === 'tookTheirs') form?.querySelector<HTMLElement>('textarea')?.focus();
  }, [chosen]);

  useEffect(() => {
    if (reading) void client.invalidateQueries({ queryKey: announcementKeys.list(auction.id) });
  }, [reading, client, auction.id]);

  const update = (changed: Partial<AnnouncementDraft>) => {
    setDraft((before) => ({ ...before, ...changed }));
    setErrors([]);
    setChosen(null);
  };

  /** Either choice makes the other person's version the one saved over, and closes the notice. */
  const rebase = (choice: 'keptMine' | 'tookTheirs') => {
    setBase(announcement);
    setRefusal(null);
    setChosen(choice);
  };
  /** What was typed stays in the fields. */
  const keepMine = () => rebase('keptMine');
  /** The fields are filled from their version. */
  const takeTheirs = () => {
    setDraft(draftOf(announcement));
    setErrors([]);
    rebase('tookTheirs');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChosen(null);
    const refused = draftErrors(draft, reach[draft.audience], auction, Date.now());
    setErrors(refused);
    if (refused.length > 0) return;
    // A new revision makes a new request, so a save after the conflict is a new command.
    const request = changeRequest(draft, base);
    try {
      await change.mutateAsync({
        announcementId: announcement.id,
        body: { ...request, commandId: commandIdOf(request) },
      });
    } catch (error) {
      const refusedMeanwhile = changeRefusalOf(error, base.revision);
      setRefusal(refusedMeanwhile);
      setErrors(refusedMeanwhile ? [] : errorKeys(error));
      return;
    }
    showToast('success', 'console.announcements.changed');
    onClose();
  }

  const title = toGuest ? (
    <FormattedMessage id="console.announcements.changeGuestTitle" values={{ name: announcement.guest?.name }} />
  ) : (
    <FormattedMessage id="console.announcements.changeTitle" />
  );

  if (gone) {
    return (
      <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={title} wide>
        <p className="alert alert--warning" role="alert">
          <FormattedMessage
            id="console.announcements.goneMeanwhile"
            values={{ state: announcementState(announcement, Date.now()) }}
          />
        </p>
        <div className="console__dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="action.close" />
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <ConsoleFormDialog
      title={title}
      onClose={onClose}
      onSubmit={submit}
      errors={errors}
      cancel="console.announcements.keepAsIs"
      submit="console.announcements.saveChange"
      pending={change.isPending}
      wide
    >
      {refusal?.kind === 'changed' && (
        <ChangeConflict
          draft={draft}
          current={announcement}
          reading={reading}
          auction={auction}
          onKeepMine={keepMine}
          onUseTheirs={takeTheirs}
        />
      )}
      {/* Only while there is something to say: an empty element would take a row of the form's grid. */}
      {chosen && (
        <p className="field__hint" role="status" ref={said}>
          <FormattedMessage id={`console.announcements.${chosen}`} />
        </p>
      )}
      <AnnouncementFields draft={draft} reach={reach} audiences={!toGuest} onChange={update} />
      <SendTimeChoice
        draft={draft}
        // A message to one guest goes out at a time: an end speaks to every guest.
        {...(toGuest ? {} : { auction })}
        atOnce={false}
        invalid={errors.some(marksSendTime)}
        onChange={update}
      />
    </ConsoleFormDialog>
  );
}

import type { Announcement, AnnouncementList } from '@auction/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleFormDialog } from '../ConsoleFormDialog.tsx';
import { useRequestCommandId } from '../useRequestCommandId.ts';
import { AnnouncementFields } from './AnnouncementFields.tsx';
import { type AnnouncementDraft, changeRequest, draftErrors, draftOf } from './announcementDraft.ts';
import { announcementMutations } from './queries.ts';
import { SendTimeChoice } from './SendTimeChoice.tsx';
import { type AuctionEnd, marksSendTime } from './sendTime.ts';

/**
 * Changes a message set for later before it goes out (docs/console.md "Messages to guests"): the
 * form filled from it, its words, audience, channels and time (later or before an end; not now:
 * it stays set for later), saved over the revision it was filled from. Someone else's change made
 * meanwhile, or its going out, is refused and said here, and the list shows what it is now.
 */
export function ChangeAnnouncement({
  announcement,
  auction,
  reach,
  onClose,
}: {
  announcement: Announcement;
  auction: AuctionEnd & { id: number };
  reach: AnnouncementList['reach'];
  onClose: () => void;
}) {
  const change = useMutation(announcementMutations.change(auction.id));
  const commandIdOf = useRequestCommandId();
  const [draft, setDraft] = useState<AnnouncementDraft>(() => draftOf(announcement));
  const [errors, setErrors] = useState<string[]>([]);
  const toGuest = announcement.audience === 'guest';

  const update = (changed: Partial<AnnouncementDraft>) => {
    setDraft((before) => ({ ...before, ...changed }));
    setErrors([]);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = draftErrors(draft, reach[draft.audience], auction, Date.now());
    setErrors(refused);
    if (refused.length > 0) return;
    const request = changeRequest(draft, announcement);
    try {
      await change.mutateAsync({
        announcementId: announcement.id,
        body: { ...request, commandId: commandIdOf(request) },
      });
    } catch (error) {
      setErrors(errorKeys(error));
      return;
    }
    showToast('success', 'console.announcements.changed');
    onClose();
  }

  return (
    <ConsoleFormDialog
      title={
        toGuest ? (
          <FormattedMessage id="console.announcements.changeGuestTitle" values={{ name: announcement.guest?.name }} />
        ) : (
          <FormattedMessage id="console.announcements.changeTitle" />
        )
      }
      onClose={onClose}
      onSubmit={submit}
      errors={errors}
      cancel="console.announcements.keepAsIs"
      submit="console.announcements.saveChange"
      pending={change.isPending}
      wide
    >
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

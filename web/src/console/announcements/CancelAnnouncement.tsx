import type { Announcement } from '@auction/contract';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { GoingOut } from './AnnouncementItem.tsx';
import { announcementMutations } from './queries.ts';

/**
 * The confirmation that cancels a message set for later. The section holds it, not the message's
 * row: a message that goes out while the operator confirms moves to the earlier ones, and the
 * refusal ("it has already gone out") is read here rather than lost with a dialog that vanished.
 */
export function CancelAnnouncement({
  auctionId,
  announcement,
  onClose,
}: {
  auctionId: number;
  announcement: Announcement;
  onClose: () => void;
}) {
  const cancel = useMutation(announcementMutations.cancel(auctionId));
  return (
    <ConsoleConfirm
      title={<FormattedMessage id="console.announcements.cancelTitle" />}
      consequence={
        <FormattedMessage
          id="console.announcements.cancelConsequence"
          values={{ when: <GoingOut announcement={announcement} /> }}
        />
      }
      action={<FormattedMessage id="console.announcements.cancelConfirm" />}
      cancel="console.announcements.keep"
      busy={cancel.isPending}
      onConfirm={async () => {
        await cancel.mutateAsync(announcement.id);
        showToast('success', 'announcement_cancelled');
      }}
      onDone={onClose}
    />
  );
}

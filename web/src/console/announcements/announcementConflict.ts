import type { Announcement, AnnouncementVersion } from '@auction/contract';
import { ApiError } from '../../api/client.ts';
import { type AnnouncementDraft, changeRequest } from './announcementDraft.ts';
import { announcementState } from './announcementState.ts';
import { type AnnouncementPart, differingParts, versionOf } from './announcementVersion.ts';

/**
 * A change refused because someone else changed the message meanwhile (docs/console.md "Messages
 * to guests"): what the operator typed is kept, and set beside the message as it is now.
 */

/** What the operator typed, as the version it would make of `announcement` (a guest's keeps its guest). */
export function typedVersion(draft: AnnouncementDraft, announcement: Announcement): AnnouncementVersion {
  const request = changeRequest(draft, announcement);
  return {
    message: request.message,
    audience: request.audience ?? announcement.audience,
    channels: [...request.channels],
    sendAt: request.sendAt ?? null,
    minutesBeforeEnd: request.minutesBeforeEnd ?? null,
    closingGroupId: request.closingGroupId ?? null,
  };
}

/**
 * Where the message as it is now (`current`) says something other than what the operator typed:
 * the parts to show with the other person's version, so the operator chooses knowing what either
 * choice throws away.
 */
export function conflictParts(draft: AnnouncementDraft, current: Announcement): AnnouncementPart[] {
  return differingParts(typedVersion(draft, current), versionOf(current));
}

/**
 * Whether a change can still be saved over the message as it is now: only while it waits for its
 * time. Gone out, cancelled, or its time come (the workers are sending it), there is nothing left
 * to change, and the operator can only close the dialog.
 */
export function stillChangeable(current: Announcement, now: number): boolean {
  return announcementState(current, now) === 'scheduled';
}

/**
 * A change the API refused because of what happened to the message meanwhile: someone changed it
 * (with the revision it has now) or it can no longer be changed (gone out, cancelled).
 */
export type ChangeRefusal = { kind: 'changed'; revision: number } | { kind: 'gone' };

/**
 * The refusal among the API's answers to a change, or null for any other (said as its key). An
 * answer without the revision it has now is read as one more than the one sent.
 */
export function changeRefusalOf(error: unknown, sentRevision: number): ChangeRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.message === 'announcement_not_changeable') return { kind: 'gone' };
  if (error.message !== 'announcement_changed') return null;
  const { revision } = error.body;
  return { kind: 'changed', revision: typeof revision === 'number' ? revision : sentRevision + 1 };
}

import type { AnnouncementAudience, AnnouncementChannel } from '@auction/contract';
import type { MessageId } from '../../i18n/messages.ts';

/** Each audience's choice in the form, with how many guests it is. */
export const AUDIENCE_KEYS: Record<AnnouncementAudience, MessageId> = {
  all: 'console.announcements.audience.all',
  arrived: 'console.announcements.audience.arrived',
  notArrived: 'console.announcements.audience.notArrived',
};

/** Each channel with a number of guests: those it reaches (the form) or its recipients (the list). */
export const CHANNEL_KEYS: Record<AnnouncementChannel, MessageId> = {
  email: 'console.announcements.channel.email',
  sms: 'console.announcements.channel.sms',
  push: 'console.announcements.channel.push',
};

/** Each channel of a message to one guest, without a count: the guest's own switches decide. */
export const GUEST_CHANNEL_KEYS: Record<AnnouncementChannel, MessageId> = {
  email: 'console.bidders.messageByEmail',
  sms: 'console.bidders.messageBySms',
  push: 'console.bidders.messageByPush',
};

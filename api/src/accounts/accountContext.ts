import { randomUUID } from 'node:crypto';
import type { AccountLinks } from '@auction/platform';
import { type Db, enqueueMessage, type MessageQueue, type MessageTemplate } from '@auction/platform';

/** What the account routes share: the database, the message queue and the links messages carry. */
export interface AccountContext {
  db: Db;
  messages: MessageQueue;
  links: AccountLinks;
}

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  language: 'en' | 'fr';
  template: MessageTemplate;
  params: Record<string, string>;
  userId?: string;
}

/** Each account message is its own delivery (a new code is a new message), hence a fresh id. */
export function sendAccountMessage(context: AccountContext, message: OutgoingMessage): Promise<void> {
  return enqueueMessage(context.messages, { id: `${message.template}:${randomUUID()}`, ...message });
}

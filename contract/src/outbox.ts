import { z } from 'zod';

/** What the local catchers received (`npm start` without real providers), optionally to one address. */
export const outboxQuery = z.object({
  /** An email address or a phone number in any usual form; empty means every message. */
  to: z.string().trim().max(320).optional(),
});

export const outboxMessage = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  messageId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  html: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  receivedAt: z.date(),
});
export const outboxMessages = z.array(outboxMessage);

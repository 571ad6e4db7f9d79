import en from './en.json';
import fr from './fr.json';
import type { Locale } from './routes.ts';

export type MessageId = keyof typeof en;

// Typing fr against en's keys makes a missing French message a compile error, not a runtime fallback.
export const catalogs: Record<Locale, Record<MessageId, string>> = { en, fr };

/** A key the server answered, as a catalog id when the catalog knows it. */
export function serverMessageId(key: string | undefined): MessageId {
  return key && Object.hasOwn(en, key) ? (key as MessageId) : 'there_was_an_error';
}

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

import en from './en.json';
import fr from './fr.json';
import type { Locale } from './routes.ts';

export type MessageId = keyof typeof en;

// Typing fr against en's keys makes a missing French message a compile error, not a runtime fallback.
export const catalogs: Record<Locale, Record<MessageId, string>> = { en, fr };

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

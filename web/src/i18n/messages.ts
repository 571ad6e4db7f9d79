import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type en from './en.json';
import enText from './en.json?raw';
import type fr from './fr.json';
import frText from './fr.json?raw';
import type { Locale } from './routes.ts';

export type MessageId = keyof typeof en;
/** As written in the source (tests, development), or compiled by the build (scripts/compactCatalogs.ts). */
export type Catalog = Record<MessageId, string> | Record<MessageId, MessageFormatElement[]>;

// Typing fr against en's keys makes a missing French message a compile error, not a runtime fallback.
type Complete<C extends Record<MessageId, string>> = C;
export type FrenchCatalog = Complete<typeof fr>;

/**
 * Both catalogs come with the app as text, and each is parsed the first time its language is
 * shown: a page needs one, and parsing both was a long task of its own on a phone (docs/web.md
 * "Lighthouse"). In a build their messages are already compiled.
 */
const texts: Record<Locale, string> = { en: enText, fr: frText };
const parsed: Partial<Record<Locale, Catalog>> = {};

/** The language's messages, parsed once. */
export function catalogOf(locale: Locale): Catalog {
  parsed[locale] ??= JSON.parse(texts[locale]) as Catalog;
  return parsed[locale];
}

/** A key the server answered, as a catalog id when the catalog knows it. */
export function serverMessageId(key: string | undefined): MessageId {
  // The catalogs have the same keys; the one already parsed (the page's) answers.
  const known = Object.values(parsed)[0] ?? catalogOf('en');
  return key && Object.hasOwn(known, key) ? (key as MessageId) : 'there_was_an_error';
}

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

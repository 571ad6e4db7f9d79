import { operator } from '@auction/contract';
import { ApiError } from '../../api/client.ts';
import { fromLocalInput, toLocalInput } from './zonedTime.ts';

/**
 * The auction set-up form (spec 001 §3) and its mapping to the operator API. Every field is named
 * by its path in the API's body (`translations.fr.titleShort`, `colors.primaryColor`), so a
 * validation error the API answers for a path lands next to the input of that name.
 */

export const COLOR_FIELDS = operator.AUCTION_COLOR_FIELDS;
/** The footer's colours get a colour input, its other fields a text input. */
export const FOOTER_COLOR_FIELDS = operator.AUCTION_FOOTER_FIELDS.filter((name) => name.endsWith('Color'));
export const FOOTER_TEXT_FIELDS = operator.AUCTION_FOOTER_FIELDS.filter((name) => !name.endsWith('Color'));
export const FLAG_FIELDS = [
  'isAvailable',
  'hideCountdown',
  'showAuctionCarousel',
  'allowAnonymousBidding',
  'requireAddressToBid',
  'allowItemsManagementByTeam',
  'allowProxyBidding',
  'clientTimeSynchronization',
] as const;
export const PAYMENT_FLAGS = [
  'requireCCToBid',
  'billCreditCardFeesToClient',
  'billCreditCardFeesProvideReceipt',
  'chargeAutomaticallyAtCompletion',
] as const;
export const DATE_FIELDS = ['datePreOpen', 'dateOpen', 'dateCompleted'] as const;
const LINK_FIELDS = ['linkEnglish', 'linkFrench', 'bannerEnglish', 'bannerFrench', 'donationUrl'] as const;
const LANGUAGES = ['en', 'fr'] as const;
const TRANSLATED = ['titleShort', 'description', 'teamAppellation'] as const;

export type Language = (typeof LANGUAGES)[number];

/** What the inputs hold: text as typed (money in dollars, dates in the browser's zone), booleans as ticked. */
export interface AuctionFormValues {
  text: Record<string, string>;
  flags: Record<string, boolean>;
  /** Spec 001 §3 languages: 1 English, 2 French. */
  languages: number[];
  /** The donation presets' amounts, in dollars as typed. */
  donations: string[];
}

const moneyText = (value: { value: number } | null | undefined) => (value ? String(value.value) : '');
const loose = (auction: operator.OperatorAuction) => auction as unknown as Record<string, unknown>;
const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form as the auction is now. */
export function formFromAuction(auction: operator.OperatorAuction): AuctionFormValues {
  const fields = loose(auction);
  const text: Record<string, string> = {
    urlMagicLink: auction.urlMagicLink,
    type: String(auction.type),
    accessCode: auction.accessCode ?? '',
    paymentType: String(auction.paymentType),
    currency: auction.currency,
    donationType: String(auction.donationType),
    billCreditCardFeesMinimumAmount: moneyText(auction.billCreditCardFeesMinimumAmount),
    donationReceiptMinimumCents: auction.donationReceiptMinimumCents
      ? String(auction.donationReceiptMinimumCents / 100)
      : '',
    bannerEnglish: auction.bannerEnglish?.fullPath ?? '',
    bannerFrench: auction.bannerFrench?.fullPath ?? '',
    linkEnglish: auction.linkEnglish ?? '',
    linkFrench: auction.linkFrench ?? '',
    donationUrl: auction.donationUrl ?? '',
  };
  for (const language of LANGUAGES) {
    const translation = auction.translations.find((t) => t.languageCode === language);
    for (const name of TRANSLATED) text[`translations.${language}.${name}`] = translation?.[name] ?? '';
  }
  for (const name of DATE_FIELDS) text[name] = toLocalInput(auction[name]);
  for (const name of COLOR_FIELDS) text[`colors.${name}`] = stringOf(fields[name]);
  for (const name of [...FOOTER_COLOR_FIELDS, ...FOOTER_TEXT_FIELDS]) text[`footer.${name}`] = stringOf(fields[name]);
  const flags: Record<string, boolean> = {};
  for (const name of [...FLAG_FIELDS, ...PAYMENT_FLAGS, 'donationAllowOtherAmount'])
    flags[name] = fields[name] === true;
  return {
    text,
    flags,
    languages: [...auction.languages],
    donations: auction.donations.filter((d) => !d.isOtherAmount && d.amount).map((d) => moneyText(d.amount)),
  };
}

/** The fields a new auction's form asks for (item 1): the API needs a link and a title. */
export function emptyForm(): AuctionFormValues {
  return { text: { type: '1' }, flags: {}, languages: [1, 2], donations: [] };
}

const MONEY = /^\d{1,9}([.,]\d{1,2})?$/;

/** Dollars as typed ("25", "25,5", "25.50") as a number of dollars; null for empty; NaN when not an amount. */
export function dollars(value: string | undefined): number | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  return MONEY.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

export type FieldErrors = Record<string, string[]>;

/** What the API body would be for these values, every field; refused amounts are reported, not sent. */
function fullBody(values: AuctionFormValues): { body: Record<string, unknown>; errors: FieldErrors } {
  const { text, flags } = values;
  const errors: FieldErrors = {};
  const amount = (name: string) => {
    const value = dollars(text[name]);
    if (Number.isNaN(value)) errors[name] = ['invalid_amount'];
    return Number.isNaN(value) ? null : value;
  };
  const body: Record<string, unknown> = {
    urlMagicLink: (text.urlMagicLink ?? '').trim(),
    type: Number(text.type ?? 1),
    languages: [...values.languages].sort(),
    paymentType: Number(text.paymentType ?? 1),
    currency: text.currency || 'CAD',
    donationType: Number(text.donationType ?? 0),
    billCreditCardFeesMinimumAmount: amount('billCreditCardFeesMinimumAmount'),
    donationReceiptMinimumCents: Math.round((amount('donationReceiptMinimumCents') ?? 0) * 100),
    accessCode: (text.accessCode ?? '').trim(),
  };
  const translations: Record<string, unknown> = {};
  for (const language of LANGUAGES) {
    const part = (name: string) => (text[`translations.${language}.${name}`] ?? '').trim();
    if (!part('titleShort') && !part('description') && !part('teamAppellation')) continue;
    translations[language] = {
      titleShort: part('titleShort'),
      description: part('description'),
      teamAppellation: part('teamAppellation') || null,
    };
  }
  body.translations = translations;
  for (const name of DATE_FIELDS) body[name] = fromLocalInput(text[name] ?? '');
  for (const name of LINK_FIELDS) body[name] = (text[name] ?? '').trim() || null;
  for (const name of [...FLAG_FIELDS, ...PAYMENT_FLAGS, 'donationAllowOtherAmount']) body[name] = flags[name] === true;
  const colors: Record<string, string> = {};
  for (const name of COLOR_FIELDS) colors[name] = (text[`colors.${name}`] ?? '').trim();
  body.colors = colors;
  const footer: Record<string, string> = {};
  for (const name of [...FOOTER_COLOR_FIELDS, ...FOOTER_TEXT_FIELDS])
    footer[name] = (text[`footer.${name}`] ?? '').trim();
  body.footer = footer;
  body.donations = values.donations.map((typed, i) => {
    const value = dollars(typed);
    if (value === null || Number.isNaN(value)) errors[`donations.${i}.amount`] = ['invalid_amount'];
    return { amount: value };
  });
  return { body, errors };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH body: only what differs from the auction as loaded. Colours and footer are merged by
 * the API, so only their changed keys go; a language's texts go whole (the API replaces a language
 * given); a colour left empty is not sent (the API keeps the one it had: an empty colour is no colour).
 */
export function changedFields(
  before: AuctionFormValues,
  after: AuctionFormValues,
): { body: Record<string, unknown>; errors: FieldErrors } {
  const old = fullBody(before).body;
  const { body: next, errors } = fullBody(after);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'colors' || key === 'footer' || key === 'translations') continue;
    if (key === 'accessCode' && value === '') continue;
    if (!same(old[key], value)) body[key] = value;
  }
  for (const group of ['colors', 'footer'] as const) {
    const was = old[group] as Record<string, string>;
    const now = next[group] as Record<string, string>;
    const changed = Object.fromEntries(
      Object.entries(now).filter(([k, v]) => v !== was[k] && (group === 'footer' || v !== '')),
    );
    if (Object.keys(changed).length) body[group] = changed;
  }
  const wasTexts = old.translations as Record<string, unknown>;
  const nowTexts = next.translations as Record<string, unknown>;
  const translations = Object.fromEntries(
    LANGUAGES.filter((l) => nowTexts[l] && !same(wasTexts[l], nowTexts[l])).map((l) => [l, nowTexts[l]]),
  );
  if (Object.keys(translations).length) body.translations = translations;
  return { body, errors };
}

/** The create call's body (item 1): the link, the titles, the dates and the type. */
export function creationBody(organizationId: number, values: AuctionFormValues) {
  const { body } = fullBody(values);
  const dates = Object.fromEntries(DATE_FIELDS.filter((name) => body[name] !== null).map((name) => [name, body[name]]));
  return {
    organizationId,
    urlMagicLink: body.urlMagicLink,
    type: body.type,
    languages: body.languages,
    translations: body.translations,
    ...dates,
  };
}

/**
 * Refusals without a field path, placed by what they are about; everything else shows at the top.
 * A 400's own paths come first.
 */
const FIELD_OF_MESSAGE: Record<string, string> = {
  url_magic_link_taken: 'urlMagicLink',
  invalid_url_magic_link: 'urlMagicLink',
  dates_out_of_order: 'dateCompleted',
  invalid_access_code: 'accessCode',
  translation_required: 'translations.fr.titleShort',
};

/** The API's refusal as messages per field name; the key '' holds those of no field. */
export function errorsByField(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return { '': ['there_was_an_error'] };
  const out: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = out[field] ?? [];
    if (!list.includes(message)) list.push(message);
    out[field] = list;
  };
  const problems = Array.isArray(error.body.errors)
    ? (error.body.errors as { field?: unknown; message?: unknown }[])
    : [];
  for (const problem of problems) {
    const message = String(problem.message ?? 'there_was_an_error');
    const field = String(problem.field ?? '').replace(/^body\.?/, '');
    add(FIELD_OF_MESSAGE[message] ?? field, message);
  }
  if (problems.length === 0) {
    const field = typeof error.body.field === 'string' ? error.body.field : undefined;
    for (const message of error.messages) add(FIELD_OF_MESSAGE[message] ?? field ?? '', message);
  }
  return out;
}

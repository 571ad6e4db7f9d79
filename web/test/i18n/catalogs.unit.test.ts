import { frenchSpacing } from '@auction/contract';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import fr from '../../src/i18n/fr.json';

// Messages that read the same in both languages: words French shares with English. A new entry
// here should be a deliberate choice, not a forgotten translation.
const sameInBothLanguages = new Set<string>([
  // The lot editor's "Lot {lot}", "Type", "Description", "Photos" and "Photo {position}".
  'console.lots.editTitle',
  'console.lots.type',
  'console.lots.group.general',
  'console.lots.photos.title',
  'console.lots.photos.alt',
  // The audit's "Version", and an unknown command shown by its engine name.
  'console.audit.version',
  'console.audit.command.other',
  // "{page} · {product}": the brand's product name is itself translated.
  'app.documentTitle',
  'lots.title',
  // The set-up screen's "Dates", "Type", "Public", "Image" and "Photo {n}" are French words too.
  'console.setup.group.dates',
  'console.setup.field.type',
  'console.setup.type.public',
  'console.setup.photoNumber',
  'console.setup.photoType.image',
  // "Lots" and "Actions" are French words too (the console's menu and its lot table's column).
  'console.nav.lots',
  'console.bulk.export.lots',
  'console.lots.actions',
  // A toolbar button's tooltip, "{format} ({keys})": its name is translated, Ctrl+B is the same.
  'console.richText.withShortcut',
  // "Total" is French too (the console's invoice table).
  'console.invoices.total',
  // "Lot {lotNumber}" reads the same in both (the closing minute and the projector).
  'console.closing.lotNumber',
  'projector.lotNumber',
  'lot.number',
  'lot.description',
  'history.date',
  'register.notifications',
  'recoveryCode.code',
  'field.province',
]);

/** Every message key spec 001 and spec 000 name, and the refusals the API answers with. */
const specKeys = [
  // Spec 001 §2, §5, §8.
  'attained_end',
  'attained_end_category',
  'no_matching_result',
  'no-translations',
  'noFavoritesItems',
  'access_denied',
  'really_big_bid',
  'confirm_already_winning_bid_explained',
  'invalid_donation_quantity',
  'amex_not_accepted',
  'max_bid_beaten',
  'bid_successful',
  'buy_successful',
  'donation_successful',
  'maxBidDeleteSuccess',
  'maxBidEditSuccess',
  'lost_favorite_winning_bid',
  'lost_winning_bid',
  'lost_autobid_winning_bid_from_autobid',
  'lost_winning_bid_from_autobid',
  'bid_has_been_done',
  'item_has_been_bougth',
  'bid_has_been_deleted',
  'auction_time_changed',
  'auction_ended',
  'auction_starting_now',
  'auction_pre_open_now',
  'new_auction_lot_item_added',
  'quantity_updated',
  'item_has_been_closed',
  'auction_lot_item_time_changed',
  'requiresCreateCreditCard',
  'requiresSelectedCreditCard',
  'requiresAddress',
  'item_no_price',
  'item_closed',
  'item_hidden',
  'auctionNotActive',
  'volunteers_cannot_bid',
  'no_roles_cannot_donate',
  'user_must_be_logged_in',
  'auction_closed',
  'leaders_list',
  'winners_list',
  'there_was_an_error',
  // Spec 000 §2, §5, §8.
  'unique_nickname',
  'unique_phone_number',
  'invalid_phone_number',
  'validationFailed',
  'validatedSuccessfully',
  'password_no_match',
  'passwords_must_match',
  'error_during_paiement',
  'invoice_not_found',
  'saved_successfully',
  'unsubscribe_unauthorized',
  'user_has_send_stop_date',
  'redirect_onboard_register',
  'no_account_associated_with_email',
  'password_invalid',
  'user_disabled',
  'email_not_verified',
  'duplicate_user_name',
  'invalid_token',
  'email_not_linked_to_account',
  'phone_not_linked_to_account',
  'invalid_address',
  'sent_validation_code',
  'password_change_successful',
  'username_change_successful',
  // Cards, invoices and payments (spec 000 §8, docs/payments.md "Message keys").
  'amex_not_accepted',
  'card_declined_or_expired',
  'card_does_not_exist',
  'card_in_use_cannot_be_deleted',
  'card_replacement_failed',
  'card_deleted',
  'card_replaced',
  'error_during_paiement',
  'payment_provider_unavailable',
  'payment_succeeded',
  'invoice_email_sent',
  'invoice_not_found',
  'saved_successfully',
  // The API's other refusals (docs/accounts.md, docs/lots.md).
  'bid_too_low',
  'max_bid_too_low',
  'invalid_amount',
  'invalid_quantity',
  'sold_out',
  'proxy_not_allowed',
  'bidder_locked',
  'password_too_short',
  'password_requires_non_alphanumeric',
  'password_requires_upper',
  'password_requires_lower',
  'password_requires_digit',
  'password_requires_unique_chars',
  'at_least_one_notification_method',
  'too_many_requests',
  // The stage's sale and its correction (docs/operator-api.md).
  'lot_not_live',
  'lot_already_sold',
  'lot_not_sold_on_stage',
  'live_sale_unchanged',
  'live_sale_correction_reason_required',
  'lot_invoiced',
  'bidder_not_found',
];

function argumentNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentNames(element.children, names);
      continue;
    }
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentNames(option.value, names);
    }
  }
  return names;
}

const enMessages: Record<string, string> = en;
const frMessages: Record<string, string> = fr;

describe('message catalogs', () => {
  it('have exactly the same keys', () => {
    expect(Object.keys(frMessages).sort()).toEqual(Object.keys(enMessages).sort());
  });

  it('are really translated', () => {
    const untranslated = Object.keys(enMessages).filter(
      (key) => !sameInBothLanguages.has(key) && frMessages[key] === enMessages[key],
    );
    expect(untranslated).toEqual([]);
  });

  it.each(specKeys)('names the spec key %s in both languages', (key) => {
    expect(enMessages[key], key).toBeTruthy();
    expect(frMessages[key], key).toBeTruthy();
  });

  it('never put « de » or « du » before a name (an auction’s, an organisation’s, a person’s), which may need « d’ » or « de l’ »', () => {
    const elided = Object.keys(frMessages).filter((key) =>
      / d[eu] \{(auction|organization|title|name|customer|previous|winner)\}/.test(frMessages[key] ?? ''),
    );
    expect(elided).toEqual([]);
  });

  it('bind French punctuation to its word with no-break spaces, so no line on a phone starts with « : » or « ? »', () => {
    const breakable = Object.keys(frMessages).filter((key) => frenchSpacing(frMessages[key] ?? '') !== frMessages[key]);
    expect(breakable).toEqual([]);
  });

  // The narrow no-break space before « ; », « ! » and « ? » (OQLF, Québec usage), in every string
  // alike: without it the signs stood glued to some words and spaced from others.
  it('space « ; », « ! » and « ? » from the word before them, in every French string', () => {
    const glued = Object.keys(frMessages).filter((key) => /[^\s\u00a0\u202f][;!?]/.test(frMessages[key] ?? ''));
    expect(glued).toEqual([]);
  });

  // Canadian English, one spelling: colour, favourite, cancelled, but organize and organization.
  it('spell English the Canadian way, every string alike', () => {
    const other = Object.keys(enMessages).filter((key) =>
      /\b(colors?|favorites?|canceled|organis(e|ed|er|ers|ing|ation|ations))\b/i.test(enMessages[key] ?? ''),
    );
    expect(other).toEqual([]);
  });

  // One apostrophe per language: English wrote "auction's" in most strings and "auction’s" in seven.
  it('write the English apostrophe one way, the typewriter one', () => {
    const curly = Object.keys(enMessages).filter((key) => /\w’/.test(enMessages[key] ?? ''));
    expect(curly).toEqual([]);
  });

  it('write the French apostrophe (’), never the typewriter one, which ICU would also read as a quote before « { »', () => {
    const straight = Object.keys(frMessages).filter((key) => frMessages[key]?.includes("'"));
    expect(straight).toEqual([]);
  });

  // WCAG 2.5.3, label in name: someone who speaks to their phone says the words they see.
  it.each([
    ['console.setup.remove', 'console.setup.presetRemove'],
    ['console.invoices.record', 'console.invoices.recordLabel'],
    ['console.invoices.refund', 'console.invoices.refundLabel'],
    ['console.invoices.resend', 'console.invoices.resendLabel'],
    ['console.checkin.arrive', 'console.checkin.arriveLabel'],
    ['invoice.send', 'invoice.sendLabel'],
  ])('a button showing %s is named by %s, which starts with the words it shows', (shown, name) => {
    for (const messages of [enMessages, frMessages]) {
      const words = messages[shown]?.toLocaleLowerCase() ?? '';
      expect(words).not.toBe('');
      expect(messages[name]?.toLocaleLowerCase().startsWith(words), `${messages[name]} ⊅ ${words}`).toBe(true);
    }
  });

  it.each(Object.keys(enMessages))('%s takes the same arguments in both languages', (key) => {
    const enArguments = argumentNames(parse(enMessages[key] ?? ''));
    const frArguments = argumentNames(parse(frMessages[key] ?? ''));
    expect([...frArguments].sort()).toEqual([...enArguments].sort());
  });
});

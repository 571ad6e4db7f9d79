import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_accounts.ts';
import * as m0002 from './0002_reference_data.ts';
import * as m0003 from './0003_event_store.ts';
import * as m0004 from './0004_account_access.ts';
import * as m0005 from './0005_messages.ts';
import * as m0006 from './0006_read_models.ts';
import * as m0007 from './0007_operator.ts';
import * as m0008 from './0008_donations_and_invoices.ts';
import * as m0009 from './0009_workers.ts';
import * as m0010 from './0010_private_auction_access.ts';
import * as m0011 from './0011_sanitized_rich_text.ts';
import * as m0012 from './0012_refresh_token_families.ts';
import * as m0013 from './0013_command_keys.ts';
import * as m0014 from './0014_cards_on_file.ts';
import * as m0015 from './0015_invoices.ts';
import * as m0016 from './0016_invoice_documents.ts';
import * as m0017 from './0017_audit_log.ts';
import * as m0018 from './0018_push_subscriptions.ts';
import * as m0021 from './0021_check_in_and_manual_payments.ts';
import * as m0023 from './0023_fundraising_goal.ts';
import * as m0024 from './0024_charity_receipt_identity.ts';
import * as m0025 from './0025_bidder_numbers.ts';
import * as m0026 from './0026_manual_payment_cancellation.ts';
import * as m0027 from './0027_donation_receipt_replacement.ts';
import * as m0028 from './0028_refund_by_hand.ts';
import * as m0029 from './0029_refund_line.ts';
import * as m0030 from './0030_auction_announcements.ts';
import * as m0031 from './0031_announcements_later_or_to_one_guest.ts';
import * as m0032 from './0032_announcements_before_a_closing_group.ts';
import * as m0033 from './0033_announcement_changes.ts';
import * as m0034 from './0034_second_card_charge.ts';
import * as m0035 from './0035_guest_search_key.ts';
import * as m0036 from './0036_tax_names_per_language.ts';
import * as m0037 from './0037_payment_attempts_by_invoice.ts';
import * as m0038 from './0038_refresh_token_repeat.ts';
import * as m0039 from './0039_nick_name_skeleton.ts';
import * as m0040 from './0040_organization_member_roles.ts';
import * as m0041 from './0041_auction_integrations_known_keys.ts';
import * as m0042 from './0042_refund_keys_and_receipt_names.ts';
import * as m0043 from './0043_payment_attempts_swept_at.ts';
import * as m0044 from './0044_auction_bidders_locked_by.ts';
import * as m0045 from './0045_manual_payment_keys_per_user.ts';

/** Migrations are listed here rather than read from disk so they run the same under tsx, vitest and a bundle. */
const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_reference_data': m0002,
  '0003_event_store': m0003,
  '0004_account_access': m0004,
  '0005_messages': m0005,
  '0006_read_models': m0006,
  '0007_operator': m0007,
  '0008_donations_and_invoices': m0008,
  '0009_workers': m0009,
  '0010_private_auction_access': m0010,
  '0011_sanitized_rich_text': m0011,
  '0012_refresh_token_families': m0012,
  '0013_command_keys': m0013,
  '0014_cards_on_file': m0014,
  '0015_invoices': m0015,
  '0016_invoice_documents': m0016,
  '0017_audit_log': m0017,
  '0018_push_subscriptions': m0018,
  '0021_check_in_and_manual_payments': m0021,
  '0023_fundraising_goal': m0023,
  '0024_charity_receipt_identity': m0024,
  '0025_bidder_numbers': m0025,
  '0026_manual_payment_cancellation': m0026,
  '0027_donation_receipt_replacement': m0027,
  '0028_refund_by_hand': m0028,
  '0029_refund_line': m0029,
  '0030_auction_announcements': m0030,
  '0031_announcements_later_or_to_one_guest': m0031,
  '0032_announcements_before_a_closing_group': m0032,
  '0033_announcement_changes': m0033,
  '0034_second_card_charge': m0034,
  '0035_guest_search_key': m0035,
  '0036_tax_names_per_language': m0036,
  '0037_payment_attempts_by_invoice': m0037,
  '0038_refresh_token_repeat': m0038,
  '0039_nick_name_skeleton': m0039,
  '0040_organization_member_roles': m0040,
  '0041_auction_integrations_known_keys': m0041,
  '0042_refund_keys_and_receipt_names': m0042,
  '0043_payment_attempts_swept_at': m0043,
  '0044_auction_bidders_locked_by': m0044,
  '0045_manual_payment_keys_per_user': m0045,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

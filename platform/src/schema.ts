import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Column types of the tables the product queries through kysely. Money columns hold cents. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in by default. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
export type Translations = Partial<Record<'en' | 'fr', string>>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  business: string | null;
  nick_name: string;
  /**
   * What the nickname looks like (`nickNameSkeleton`, migration 0039), written with it by whoever
   * writes the nickname: PostgreSQL cannot compute it. The unique-nickname check looks it up.
   */
  nick_name_skeleton: string;
  /** Names and email folded for the guests' search (migration 0035): written by PostgreSQL. */
  search_key: GeneratedAlways<string>;
  phone_number: string | null;
  phone_number_confirmed: Generated<boolean>;
  email_confirmed: Generated<boolean>;
  disabled: Generated<boolean>;
  has_temporary_password: Generated<boolean>;
  roles: Generated<number[]>;
  preferred_language: Generated<'en' | 'fr'>;
  preferred_currency_code: Generated<'CAD' | 'USD'>;
  address: string | null;
  apartment: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  province_enum: number | null;
  country: string | null;
  sms_general_notifications: Generated<boolean>;
  email_general_notifications: Generated<boolean>;
  sms_outbid_notifications: Generated<boolean>;
  email_outbid_notifications: Generated<boolean>;
  push_outbid_notifications: Generated<boolean>;
  push_general_notifications: Generated<boolean>;
  sent_stop_date: Timestamp | null;
  token_version: Generated<number>;
  identity_code: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  company_id: Generated<number>;
  created_at: GeneratedTimestamp;
  /** The Canada Revenue Agency's registration number (123456789RR0001), printed on receipts. */
  charity_registration_number: string | null;
  /** The address on record with it, lines separated by newlines. */
  receipt_address: string | null;
}

export interface OrganizationTeamsTable {
  id: Generated<number>;
  organization_id: number;
  background_color: Generated<string>;
  text_color: Generated<string>;
  translations: Json<Translations>;
}

export interface AuctionsTable {
  id: Generated<number>;
  organization_id: number;
  url_magic_link: string;
  status: Generated<number>;
  type: Generated<number>;
  languages: Generated<number[]>;
  date_pre_open: Timestamp | null;
  date_open: Timestamp | null;
  date_completed: Timestamp | null;
  completed_date: Timestamp | null;
  is_available: Generated<boolean>;
  hide_countdown: Generated<boolean>;
  show_auction_carousel: Generated<boolean>;
  allow_anonymous_bidding: Generated<boolean>;
  require_cc_to_bid: Generated<boolean>;
  require_address_to_bid: Generated<boolean>;
  allow_items_management_by_team: Generated<boolean>;
  payment_type: Generated<number>;
  allow_proxy_bidding: Generated<boolean>;
  bill_credit_card_fees_to_client: Generated<boolean>;
  donation_receipt_minimum_cents: Generated<number>;
  charge_automatically_at_completion: Generated<boolean>;
  bill_credit_card_fees_provide_receipt: Generated<boolean>;
  bill_credit_card_fees_minimum_amount: number | null;
  currency: Generated<string>;
  donation_type: Generated<number>;
  donation_url: string | null;
  donation_allow_other_amount: Generated<boolean>;
  colors: Json<Record<string, string>>;
  footer: Json<Record<string, string>>;
  link_english: string | null;
  link_french: string | null;
  banner_english: string | null;
  banner_french: string | null;
  /** Analytics and pixel flags and ids (spec 001 §3): only the keys the operator API accepts (migration 0041). */
  integrations: ColumnType<Record<string, string | boolean>, string | undefined, string>;
  client_time_synchronization: Generated<boolean>;
  stripe_information_id: number | null;
  /** The secret that admits a signed-in user to a private auction (docs/security.md). */
  access_code: Generated<string>;
  /** The fundraising goal in cents the projector's thermometer rises towards (migration 0023). */
  fundraising_goal: Generated<number | null>;
  created_at: GeneratedTimestamp;
  /** The last bidder number given in this auction (migration 0025). */
  last_bidder_number: Generated<number>;
}

export interface AuctionTabsTable {
  id: Generated<number>;
  auction_id: number;
  order: Generated<number>;
  translations: Json<Partial<Record<'en' | 'fr', { name: string; url: string; title: string; content: string }>>>;
}

export interface AuctionTranslationsTable {
  auction_id: number;
  language_code: 'en' | 'fr';
  title_short: string;
  description: Generated<string>;
  team_appellation: string | null;
}

export interface AuctionPhotosTable {
  id: Generated<number>;
  auction_id: number;
  order: Generated<number>;
  full_path: string;
  interval: Generated<number>;
  banner_type: Generated<string>;
  video_url: string | null;
  additional_link_url: string | null;
  is_used_in_french: Generated<boolean>;
  is_used_in_english: Generated<boolean>;
  is_used_on_mobile: Generated<boolean>;
  is_used_on_computer: Generated<boolean>;
  is_used_as_background_image: Generated<boolean>;
  is_video_always_on_top: Generated<boolean>;
  is_used_as_banner_in_leaderboard: Generated<boolean>;
}

export interface ItemCategoriesTable {
  id: Generated<number>;
  auction_id: number;
  order: Generated<number>;
  translations: Json<Translations>;
}

export interface ClosingGroupsTable {
  id: Generated<number>;
  auction_id: number;
  ends_at: Timestamp;
  is_hidden_in_menu: Generated<boolean>;
  translations: Json<Translations>;
}

export interface DonationPresetsTable {
  id: Generated<number>;
  auction_id: number;
  order: Generated<number>;
  amount: number | null;
  is_other_amount: Generated<boolean>;
}

export interface LotsTable {
  id: Generated<number>;
  auction_id: number;
  lot_number: Generated<number>;
  type: Generated<number>;
  starting_bid: number | null;
  minimum_increment: Generated<number>;
  valuation: number | null;
  multi_sale_price: number | null;
  multi_sale_quantity: number | null;
  max_per_bidder: number | null;
  is_donation: Generated<boolean>;
  is_hidden: Generated<boolean>;
  offered_by: string | null;
  additional_info_external_url: string | null;
  organization_team_id: number | null;
  closing_group_id: number | null;
  date_completed: Timestamp;
  allows_time_extension: Generated<boolean>;
  extension_duration_in_minutes: Generated<number>;
  extension_duration_maximum_minutes: Generated<number>;
  minutes_left_before_allowing_extension: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface LotTranslationsTable {
  lot_id: number;
  language_code: 'en' | 'fr';
  name: string;
  description: Generated<string>;
  information: Generated<string>;
  shipping_information: Generated<string>;
}

export interface LotPhotosTable {
  id: Generated<number>;
  lot_id: number;
  order: Generated<number>;
  full_path_large: string;
  full_path_medium: string;
  description: string | null;
}

export interface LotCategoriesTable {
  lot_id: number;
  category_id: number;
}

export interface FavoritesTable {
  user_id: string;
  lot_id: number;
  created_at: GeneratedTimestamp;
}

export interface EventsTable {
  global_position: Generated<number>;
  transaction_id: Generated<string>;
  stream_id: string;
  stream_version: number;
  type: string;
  data: Json<unknown>;
  meta: Json<unknown>;
  command_id: string;
  command_seq: number;
  created_at: GeneratedTimestamp;
}

/** One per idempotency key answered by the engine (migration 0013). */
export interface CommandKeysTable {
  command_id: string;
  stream_id: string;
  request: string | null;
  refusal: string | null;
  first_version: number | null;
  event_count: Generated<number>;
  recorded_at: GeneratedTimestamp;
}

export interface SubscriptionCheckpointsTable {
  subscription_id: string;
  transaction_id: string;
  global_position: number;
  updated_at: GeneratedTimestamp;
}

export type AccountCodePurpose = 'emailConfirmation' | 'passwordReset' | 'recoveryCode' | 'phoneValidation';

export interface AccountCodesTable {
  id: Generated<number>;
  user_id: string;
  purpose: AccountCodePurpose;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** A session's refresh tokens (migration 0012): only `current_token_id` may still be used. */
export interface RefreshTokenFamiliesTable {
  id: Generated<string>;
  user_id: string;
  remember: boolean;
  current_token_id: string;
  /** The token spent by the last rotation (migration 0038), repeatable for a short while. */
  previous_token_id: string | null;
  rotations: Generated<number>;
  created_at: GeneratedTimestamp;
  rotated_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: 'logout' | 'reuse' | null;
}

export interface OrganizationUsersTable {
  organization_id: number;
  user_id: string;
  /** The roles held in this organisation: auction manager 2, volunteer 4, auditor 5 (migration 0040). */
  roles: Generated<number[]>;
}

export interface OnboardingInvitationsTable {
  id: Generated<number>;
  unique_code: string;
  phone_number: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  auction_id: number;
  invited_by: string | null;
  registered_user_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface SmsOptOutsTable {
  phone_number: string;
  stopped_at: GeneratedTimestamp;
}

/** Auction bidder status: Invited 1, Visited 2, Locked 3. */
export interface AuctionBiddersTable {
  auction_id: number;
  user_id: string;
  status: number;
  has_accepted_credit_card_fees: boolean | null;
  /** When the user was admitted to the auction (invitation, operator, access code); null: never. */
  admitted_at: Timestamp | null;
  updated_at: GeneratedTimestamp;
  /** When the guest was checked in at the door (migration 0021), and by whom; null: not arrived. */
  arrived_at: Timestamp | null;
  arrived_by: string | null;
  /** The paddle number given at check-in (migration 0025); null until the guest arrives. */
  bidder_number: number | null;
  /** The operator who locked the bidder out (migration 0044); null when not Locked. */
  locked_by: string | null;
}

export interface BidderOrganizationNotificationsTable {
  id: Generated<number>;
  user_id: string;
  organization_id: number;
  sms_notifications: Generated<boolean>;
  email_notifications: Generated<boolean>;
}

export interface MessageDeliveriesTable {
  message_id: string;
  channel: 'email' | 'sms';
  template: string;
  status: 'sending' | 'sent' | 'skipped' | 'failed';
  detail: string | null;
  attempts: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  message_id: string | null;
  from_address: string;
  to_address: string;
  subject: string | null;
  body: string;
  html: string | null;
  received_at: GeneratedTimestamp;
  attachments: ColumnType<OutboxAttachment[], string | undefined, string>;
}

/** What the outbox keeps of an email's attachment (not its bytes). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
}

export interface LotViewsTable {
  lot_id: number;
  auction_id: number;
  stream_version: number;
  status: number;
  is_hidden: Generated<boolean>;
  price: number | null;
  leader_id: string | null;
  winner_id: string | null;
  bid_count: Generated<number>;
  bidder_ids: Generated<string[]>;
  ends_at: Timestamp;
  initial_ends_at: Timestamp;
  sold_quantity: Generated<number>;
  closed_at: Timestamp | null;
  last_event_at: Timestamp;
}

export interface LotBidsTable {
  lot_id: number;
  bid_id: string;
  bidder_id: string;
  amount: number;
  is_auto_bid: boolean;
  is_max_bid: boolean;
  source_command_id: string;
  placed_at: Timestamp;
  stream_version: number;
  removed: Generated<boolean>;
}

export interface LotMaxBidsTable {
  lot_id: number;
  bidder_id: string;
  max_amount: number;
  placed_at: Timestamp;
}

export interface LotPurchasesTable {
  lot_id: number;
  purchase_id: string;
  bidder_id: string;
  quantity: number;
  unit_price: number;
  purchased_at: Timestamp;
}

/** A donation (read model of the donation streams); deleted ones stay, with who deleted them. */
export interface DonationsTable {
  donation_id: string;
  auction_id: number;
  user_id: string | null;
  amount: number;
  donated_at: Timestamp;
  client_date_created: Timestamp | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  stream_version: number;
}

/** One line of a bidder's invoice for an auction: a lot won, a purchase or a donation. */
export interface InvoiceLinesTable {
  line_id: string;
  auction_id: number;
  bidder_id: string;
  kind: 'lot' | 'purchase' | 'donation';
  lot_id: number | null;
  donation_id: string | null;
  quantity: number;
  unit_price: number;
  amount: number;
  occurred_at: Timestamp;
}

/** An organisation's taxes, in order; the rate in millionths (migration 0015), a name per language (0036). */
export interface OrganizationTaxRatesTable {
  organization_id: number;
  position: number;
  names: Json<Translations>;
  rate_ppm: number;
}

/** Each organisation's last invoice number. */
export interface InvoiceCountersTable {
  organization_id: number;
  last_number: number;
}

/** An invoice: a bidder's lots and purchases of an auction, or their donations (is_donation). */
export interface InvoicesTable {
  id: Generated<number>;
  public_id: string;
  organization_id: number;
  auction_id: number;
  bidder_id: string;
  is_donation: boolean;
  number: number;
  status: Generated<number>;
  currency: Generated<string>;
  subtotal: number;
  card_fee: number;
  total: number;
  customer_business: string | null;
  created_at: GeneratedTimestamp;
  paid_at: Timestamp | null;
  automatic_charge: Generated<'pending' | 'attempted' | null>;
}

export interface ReceiptCountersTable {
  organization_id: number;
  last_number: number;
}

export interface DonationReceiptsTable {
  id: Generated<number>;
  invoice_id: number;
  organization_id: number;
  number: number;
  eligible_amount: number;
  fair_market_value: number;
  amount_received: number;
  language: 'en' | 'fr';
  issued_at: GeneratedTimestamp;
  /** The organisation's, copied when the receipt was issued. */
  charity_registration_number: string | null;
  organization_address: string | null;
  /** Whom the receipt names and who gives it, copied when it was issued (migration 0042). */
  organization_name: string;
  donor_name: string;
  /** The donor's address lines, one a line. */
  donor_address: string;
  /** Set when a refund changed the gift: the receipt is no longer in force (migration 0027). */
  voided_at: Date | null;
  /** The number of the voided receipt this one replaces. */
  replaces_number: number | null;
}

export interface InvoiceRefundsTable {
  id: string;
  invoice_id: number;
  command_id: string;
  requested_by: string;
  amount: number;
  reason: string;
  status: Generated<'pending' | 'succeeded' | 'failed' | 'canceled'>;
  stripe_refund_id: string | null;
  /** `card` through Stripe; otherwise handed back by the organisation (migration 0028). */
  method: Generated<'card' | 'cash' | 'cheque' | 'other'>;
  /** The invoice line the refund took back (`invoice_items.line_id`); null for the invoice as a whole (migration 0029). */
  line_id: string | null;
  /** A card's refund: the PaymentIntent it goes back through; null when given back by hand (migration 0034). */
  payment_intent_id: string | null;
  /** The key the refund is sent to Stripe under: `invoice-refund-<row id>` (migration 0042). */
  stripe_idempotency_key: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** An organiser's message to an auction's guests (migration 0030, docs/messages.md). */
export interface AuctionAnnouncementsTable {
  id: Generated<number>;
  auction_id: number;
  /** The sender's key scoped to them: a retry is the same announcement. */
  command_id: string;
  sent_by: string | null;
  message_en: string | null;
  message_fr: string | null;
  audience: 'all' | 'arrived' | 'notArrived' | 'guest';
  /** The one guest of a message from the bidders list (audience `guest`). */
  guest_id: string | null;
  channels: Array<'email' | 'sms' | 'push'>;
  /** What each channel carries, set when the messages are queued. */
  email_recipients: Generated<number>;
  sms_recipients: Generated<number>;
  push_recipients: Generated<number>;
  /** Null until its messages are on the queue. */
  queued_at: Date | null;
  created_at: GeneratedTimestamp;
  /** When the workers send it; null: at once, or by `minutes_before_end`. */
  send_at: Date | null;
  /** Sent this long before the auction's end, wherever the end is moved to (only while Active). */
  minutes_before_end: number | null;
  /** With `minutes_before_end`: before this closing group's end instead (no foreign key: migration 0032). */
  closing_group_id: number | null;
  /** Cancelled before it went out; `cancelled_by` null with a date: the auction was archived first. */
  cancelled_at: Date | null;
  cancelled_by: string | null;
}

/** What an announcement said and when it went out, as one change of it replaced them. */
export interface AnnouncementTerms {
  message_en: string | null;
  message_fr: string | null;
  audience: AuctionAnnouncementsTable['audience'];
  channels: AuctionAnnouncementsTable['channels'];
  /** ISO date. */
  send_at: string | null;
  minutes_before_end: number | null;
  closing_group_id: number | null;
}

/** A change to an announcement while it waited (migration 0033): who, when, what before, what since. */
export interface AnnouncementChangesTable {
  id: Generated<number>;
  announcement_id: number;
  command_id: string;
  changed_by: string | null;
  changed_at: GeneratedTimestamp;
  previous: Json<AnnouncementTerms>;
  applied: Json<AnnouncementTerms>;
}

/** A payment made outside the product (cash, cheque), recorded by staff (migration 0021). */
export interface InvoiceManualPaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  /** The recording user's key: unique per `recorded_by` (migration 0045). */
  command_id: string;
  amount: number;
  method: 'cash' | 'cheque' | 'other';
  note: string | null;
  recorded_by: string | null;
  recorded_at: GeneratedTimestamp;
  /** Set together when the payment is cancelled (migration 0026); a cancelled payment pays nothing. */
  cancelled_at: Date | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  /** The cancelling user's key: unique per `cancelled_by` (migration 0045). */
  cancel_command_id: string | null;
}

export interface InvoiceItemsTable {
  invoice_id: number;
  position: number;
  line_id: string;
  kind: 'lot' | 'purchase' | 'donation';
  lot_id: number | null;
  lot_number: number | null;
  lot_type: number | null;
  description: Json<Translations>;
  quantity: number;
  unit_price: number;
  amount: number;
}

export interface InvoiceTaxesTable {
  invoice_id: number;
  position: number;
  names: Json<Translations>;
  rate_ppm: number;
  amount: number;
}

/** One attempt to charge an invoice; its id is the PaymentIntent's idempotency key. */
export interface PaymentAttemptsTable {
  id: string;
  invoice_id: number;
  user_id: string;
  stripe_payment_method_id: string;
  amount: number;
  currency: string;
  status: Generated<'open' | 'succeeded' | 'failed'>;
  payment_intent_id: string | null;
  error_code: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** When the stale-attempt sweep last left it open (migration 0043); null until then. */
  swept_at: Date | null;
}

/** One-shot hub events the workers published, by what they were about (migration 0009). */
export interface HubAnnouncementsTable {
  key: string;
  created_at: GeneratedTimestamp;
}

/** The auction status and end date the workers last announced to the hub. */
export interface AuctionLifecycleTable {
  auction_id: number;
  announced_status: number;
  announced_date_completed: Timestamp | null;
  updated_at: GeneratedTimestamp;
}

/** A browser a user allowed to show notifications (Web Push), as the Push API describes it. */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: GeneratedTimestamp;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  organization_teams: OrganizationTeamsTable;
  auctions: AuctionsTable;
  auction_translations: AuctionTranslationsTable;
  auction_photos: AuctionPhotosTable;
  auction_tabs: AuctionTabsTable;
  item_categories: ItemCategoriesTable;
  closing_groups: ClosingGroupsTable;
  donation_presets: DonationPresetsTable;
  lots: LotsTable;
  lot_translations: LotTranslationsTable;
  lot_photos: LotPhotosTable;
  lot_categories: LotCategoriesTable;
  favorites: FavoritesTable;
  events: EventsTable;
  command_keys: CommandKeysTable;
  subscription_checkpoints: SubscriptionCheckpointsTable;
  account_codes: AccountCodesTable;
  refresh_token_families: RefreshTokenFamiliesTable;
  organization_users: OrganizationUsersTable;
  onboarding_invitations: OnboardingInvitationsTable;
  sms_opt_outs: SmsOptOutsTable;
  auction_bidders: AuctionBiddersTable;
  bidder_organization_notifications: BidderOrganizationNotificationsTable;
  message_deliveries: MessageDeliveriesTable;
  outbox_messages: OutboxMessagesTable;
  lot_views: LotViewsTable;
  lot_bids: LotBidsTable;
  lot_max_bids: LotMaxBidsTable;
  lot_purchases: LotPurchasesTable;
  donations: DonationsTable;
  invoice_lines: InvoiceLinesTable;
  hub_announcements: HubAnnouncementsTable;
  auction_lifecycle: AuctionLifecycleTable;
  organization_tax_rates: OrganizationTaxRatesTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  receipt_counters: ReceiptCountersTable;
  donation_receipts: DonationReceiptsTable;
  invoice_refunds: InvoiceRefundsTable;
  invoice_manual_payments: InvoiceManualPaymentsTable;
  invoice_items: InvoiceItemsTable;
  invoice_taxes: InvoiceTaxesTable;
  payment_attempts: PaymentAttemptsTable;
  push_subscriptions: PushSubscriptionsTable;
  auction_announcements: AuctionAnnouncementsTable;
  announcement_changes: AnnouncementChangesTable;
}

/**
 * The contract between the API and its clients: the spec's codes and, beside them, the request
 * and answer schemas of each resource. The lowest layer: it imports nothing but zod.
 */
export * from './account.ts';
export * from './address.ts';
export * from './announcements.ts';
export * from './auctionExports.ts';
export * from './auctions.ts';
export * from './audit.ts';
/** The auditor's replay of a lot's stream, as `auditReplay.<name>`. */
export * as auditReplay from './auditReplay.ts';
export * from './bidders.ts';
/** A bid's removal with its preview, as `bidRemoval.<name>`. */
export * as bidRemoval from './bidRemoval.ts';
export * from './brand.ts';
export * from './cards.ts';
/** The closing minute and the projector, as `closingMinute.<name>`. */
export * as closingMinute from './closingMinute.ts';
export * from './codes.ts';
export * from './common.ts';
export * from './documents.ts';
export * from './donations.ts';
export * from './fields.ts';
export * from './health.ts';
export * from './hub.ts';
export * from './invoices.ts';
export * from './leaderboard.ts';
export * from './liveSales.ts';
export * from './lotImport.ts';
/** Lot photo upload and the stored photos' addresses, as `lotPhotos.<name>`. */
export * as lotPhotos from './lotPhotos.ts';
export * from './lots.ts';
export * from './manualPayments.ts';
export * from './myBids.ts';
/** The operator API's schemas, as `operator.<name>` (their short names would clash with the public ones). */
export * as operator from './operator.ts';
export { LOT_SETTINGS_LOCKED_AFTER_OPENING } from './operator.ts';
export * as organizationMembers from './organizationMembers.ts';
export * from './outbox.ts';
export * from './pushSubscriptions.ts';
export {
  isCanada,
  isUnitedStates,
  isValidPostalCode,
  normalizePostalCode,
  OTHER_PROVINCE,
  provinceEnumOf,
  provinceNameOf,
} from './rules/address.ts';
export * from './rules/amount.ts';
export * from './rules/auctionBanner.ts';
export * from './rules/auctionStatusMoves.ts';
export * from './rules/frenchSpacing.ts';
export * from './rules/nickNameSkeleton.ts';
export * from './rules/permissionToBid.ts';
export { tenDigitPhone, toE164 } from './rules/phoneNumber.ts';
export * from './rules/taxRate.ts';
export * from './rules/webAddress.ts';
export * from './sms.ts';

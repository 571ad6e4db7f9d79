import { LOT_SETTINGS_LOCKED_AFTER_OPENING, type operator } from '@auction/contract';
import { fromLocalInput, toLocalInput } from '../setup/zonedTime.ts';

/**
 * The lot editor's values as typed, and the API body they make (docs/operator-api.md "Lots").
 * Amounts are dollars as the operator types them, in either language's way ("25,50" or "25.50");
 * the API turns them into cents.
 */
export interface LotFormValues {
  lotNumber: string;
  type: string;
  frName: string;
  frDescription: string;
  enName: string;
  enDescription: string;
  startingBid: string;
  minimumIncrement: string;
  valuation: string;
  multiSaleQuantity: string;
  maxPerBidder: string;
  dateCompleted: string;
  allowsTimeExtension: boolean;
  extensionDurationInMinutes: string;
  extensionDurationMaximumMinutes: string;
  minutesLeftBeforeAllowingExtension: string;
  /** The lot's categories (a lot may be in several), as category ids. */
  categoryIds: string[];
  closingGroupId: string;
  teamId: string;
  offeredBy: string;
  additionalInfoExternalUrl: string;
}

type Lot = operator.OperatorLot;

/** The fields the engine's RepriceLot changes on an opened lot. */
export const REPRICE_FIELDS = ['startingBid', 'minimumIncrement', 'multiSaleQuantity', 'maxPerBidder'] as const;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function emptyLotForm(defaultEnd: string | null, nextNumber = 1): LotFormValues {
  return {
    lotNumber: String(nextNumber),
    type: '1',
    frName: '',
    frDescription: '',
    enName: '',
    enDescription: '',
    startingBid: '',
    minimumIncrement: '',
    valuation: '',
    multiSaleQuantity: '',
    maxPerBidder: '',
    dateCompleted: toLocalInput(defaultEnd),
    allowsTimeExtension: true,
    extensionDurationInMinutes: '2',
    extensionDurationMaximumMinutes: '30',
    minutesLeftBeforeAllowingExtension: '2',
    categoryIds: [],
    closingGroupId: '',
    teamId: '',
    offeredBy: '',
    additionalInfoExternalUrl: '',
  };
}

export function lotFormOf(lot: Lot): LotFormValues {
  const translation = (code: string) => lot.translations.find((t) => t.languageCode === code);
  return {
    lotNumber: String(lot.lotNumber),
    type: String(lot.type),
    frName: translation('fr')?.name ?? '',
    frDescription: translation('fr')?.description ?? '',
    enName: translation('en')?.name ?? '',
    enDescription: translation('en')?.description ?? '',
    startingBid: text(lot.startingBid?.value),
    minimumIncrement: text(lot.minimumIncrement?.value),
    valuation: text(lot.valuation?.value),
    multiSaleQuantity: text(lot.multiSaleQuantity),
    maxPerBidder: text(lot.maxPerBidder),
    dateCompleted: toLocalInput(lot.dateCompletedUtc),
    allowsTimeExtension: lot.allowsTimeExtension,
    extensionDurationInMinutes: text(lot.extensionDurationInMinutes),
    extensionDurationMaximumMinutes: text(lot.extensionDurationMaximumMinutes),
    minutesLeftBeforeAllowingExtension: text(lot.minutesLeftBeforeAllowingExtension),
    categoryIds: lot.itemCategories.map((category) => String(category.id)),
    closingGroupId: text(lot.auctionClosingGroupId),
    teamId: text(lot.organizationTeamId),
    offeredBy: lot.offeredBy ?? '',
    additionalInfoExternalUrl: lot.additionalInfoExternalUrl ?? '',
  };
}

/** "25,50" (French) and "1 250,00" mean what the API reads as "25.50" and "1250.00". */
export function normalizeAmount(typed: string): string {
  const compact = typed.replace(/[\s\u00a0\u202f$]/g, '');
  return /^\d+,\d{1,2}$/.test(compact) ? compact.replace(',', '.') : compact;
}

const amount = (typed: string) => (typed.trim() === '' ? null : normalizeAmount(typed));
const whole = (typed: string) => (typed.trim() === '' ? null : Number(typed));
const id = (typed: string) => (typed === '' ? null : Number(typed));
const orNull = (typed: string) => (typed.trim() === '' ? null : typed.trim());

/** Every field's API value (the body of a creation). */
export function lotBody(values: LotFormValues): Record<string, unknown> {
  const translation = (name: string, description: string) =>
    name.trim() ? { name: name.trim(), ...(description.trim() ? { description } : {}) } : undefined;
  const fr = translation(values.frName, values.frDescription);
  const en = translation(values.enName, values.enDescription);
  const minutes = (typed: string) => Number(typed || '0');
  return {
    ...(values.lotNumber.trim() ? { lotNumber: Number(values.lotNumber) } : {}),
    type: Number(values.type),
    translations: { ...(fr ? { fr } : {}), ...(en ? { en } : {}) },
    startingBid: amount(values.startingBid),
    ...(values.minimumIncrement.trim() ? { minimumIncrement: normalizeAmount(values.minimumIncrement) } : {}),
    valuation: amount(values.valuation),
    multiSaleQuantity: whole(values.multiSaleQuantity),
    maxPerBidder: whole(values.maxPerBidder),
    ...(fromLocalInput(values.dateCompleted) ? { dateCompleted: fromLocalInput(values.dateCompleted) } : {}),
    allowsTimeExtension: values.allowsTimeExtension,
    extensionDurationInMinutes: minutes(values.extensionDurationInMinutes),
    extensionDurationMaximumMinutes: minutes(values.extensionDurationMaximumMinutes),
    minutesLeftBeforeAllowingExtension: minutes(values.minutesLeftBeforeAllowingExtension),
    itemCategoryIds: values.categoryIds.map(Number),
    auctionClosingGroupId: id(values.closingGroupId),
    organizationTeamId: id(values.teamId),
    offeredBy: orNull(values.offeredBy),
    additionalInfoExternalUrl: orNull(values.additionalInfoExternalUrl),
  };
}

/** What an edit sends: the fields whose value changed, the locked ones never. */
export function lotChanges(before: LotFormValues, after: LotFormValues): Record<string, unknown> {
  const old = lotBody(before);
  const next = lotBody(after);
  const locked: readonly string[] = LOT_SETTINGS_LOCKED_AFTER_OPENING;
  return Object.fromEntries(
    Object.entries(next).filter(
      ([field, value]) => !locked.includes(field) && JSON.stringify(value) !== JSON.stringify(old[field]),
    ),
  );
}

/** The engine commands an edit of an opened lot runs, which the editor confirms first. */
export function engineChanges(changes: Record<string, unknown>): { reprice: boolean; reschedule: boolean } {
  return {
    reprice: REPRICE_FIELDS.some((field) => field in changes),
    reschedule: 'dateCompleted' in changes,
  };
}

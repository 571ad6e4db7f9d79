import type { Lot } from '../src/lots/types.ts';

const money = (value: number) => ({ value, currencyCode: 'CAD' });

export function lotFixture(overrides: Partial<Lot> = {}): Lot {
  return {
    id: 7,
    auctionId: 1,
    lotNumber: 7,
    type: 1,
    status: 2,
    name: 'Vélo',
    translations: [
      { languageCode: 'fr', name: 'Vélo de ville', description: '', information: '', shippingInformation: '' },
      { languageCode: 'en', name: 'City bike', description: '', information: '', shippingInformation: '' },
    ],
    photos: [],
    mainPhotoFullPath_Medium: null,
    itemCategories: [],
    auctionClosingGroupId: null,
    startingBid: money(100),
    lastBid: null,
    minimumIncrement: money(10),
    valuation: null,
    multiSalePrice: null,
    multiSaleQuantity: null,
    soldQuantity: 0,
    remainingQuantity: null,
    maxPerBidder: null,
    isDonation: false,
    isHidden: false,
    isFavorite: false,
    winnerUserId: null,
    winningUserId: null,
    auctionWinner: null,
    winnerName: null,
    lastBidder: null,
    bidders: [],
    bidCount: 0,
    isWinning: false,
    offeredBy: null,
    additionalInfoExternalUrl: null,
    organizationTeamId: null,
    dateCompletedUtc: '2026-03-07T20:00:00Z',
    initialDateCompleted: '2026-03-07T20:00:00Z',
    dateTurningRed: '2026-03-07T19:58:00Z',
    allowsTimeExtension: true,
    extensionDurationInMinutes: 2,
    extensionDurationMaximumMinutes: 10,
    minutesLeftBeforeAllowingExtension: 2,
    userMaxBid: null,
    ...overrides,
  };
}

export { money };

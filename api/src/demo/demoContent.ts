import { LotType, Role } from '@auction/contract';
/**
 * What the demo shows: one organisation, an Active gala closing in staggered groups over the next
 * hour, a PreOpen spring auction and a Completed autumn one. Offsets are minutes from the load.
 */
export const DEMO_ORGANIZATION = 'Fondation Petits Bonheurs';
/** What its donation receipts print: a number of the Canada Revenue Agency's form, made up for the demo. */
export const DEMO_RECEIPT_IDENTITY = {
  charity_registration_number: '123456789RR0001',
  receipt_address: '1234, rue Sainte-Catherine Ouest\nMontréal (Québec)  H3G 1P1',
};

export const DEMO_ACCOUNTS = [
  {
    role: 'administrator',
    username: 'admin@demo.local',
    password: 'Demo-Admin-2026!',
    nickName: 'Admin',
    firstName: 'Alex',
    lastName: 'Martin',
    roles: [Role.Administrator],
    phoneNumber: '5145550101',
  },
  {
    role: 'auction manager',
    username: 'manager@demo.local',
    password: 'Demo-Manager-2026!',
    nickName: 'Gestion',
    firstName: 'Camille',
    lastName: 'Roy',
    roles: [Role.AuctionManager],
    phoneNumber: '5145550102',
  },
  {
    role: 'volunteer',
    username: 'volunteer@demo.local',
    password: 'Demo-Volunteer-2026!',
    nickName: 'Bénévole',
    firstName: 'Sam',
    lastName: 'Gagnon',
    roles: [Role.Volunteer],
    phoneNumber: '5145550103',
  },
  {
    role: 'bidder',
    username: 'bidder@demo.local',
    password: 'Demo-Bidder-2026!',
    nickName: 'Marie_L',
    firstName: 'Marie',
    lastName: 'Lefebvre',
    roles: [Role.Patron],
    phoneNumber: '5145550104',
  },
  {
    role: 'bidder',
    username: 'bidder2@demo.local',
    password: 'Demo-Bidder-2026!',
    nickName: 'JeanPhi',
    firstName: 'Jean-Philippe',
    lastName: 'Tremblay',
    roles: [Role.Patron],
    phoneNumber: '5145550105',
  },
] as const;

export interface DemoLot {
  number: number;
  photo: string;
  en: string;
  fr: string;
  /** 1 silent (timed bid), 3 fixed price multi-sale. */
  type: typeof LotType.Silent | typeof LotType.FixedPrice;
  startingBid?: number;
  increment?: number;
  valuation?: number;
  multiSalePrice?: number;
  multiSaleQuantity?: number;
  maxPerBidder?: number;
  isDonation?: boolean;
  category: number;
  team?: number;
  closingGroup: number;
}

export const CATEGORIES = [
  { en: 'Experiences', fr: 'Expériences' },
  { en: 'Art', fr: 'Art' },
  { en: 'Food and wine', fr: 'Gastronomie et vins' },
  { en: 'Sports and outdoors', fr: 'Sports et plein air' },
];

export const TEAMS = [
  { en: 'Blue team', fr: 'Équipe bleue', backgroundColor: '#1d4ed8', textColor: '#ffffff' },
  { en: 'Green team', fr: 'Équipe verte', backgroundColor: '#15803d', textColor: '#ffffff' },
];

/** Gala closing groups, minutes after the load. */
export const CLOSING_GROUPS = [
  { en: 'First wave', fr: 'Première vague', closesInMinutes: 20 },
  { en: 'Second wave', fr: 'Deuxième vague', closesInMinutes: 40 },
  { en: 'Grand finale', fr: 'Grande finale', closesInMinutes: 60 },
];

export const GALA_LOTS: DemoLot[] = [
  {
    number: 1,
    photo: 'lot-cabin',
    en: 'Weekend in a lakeside cabin',
    fr: 'Week-end en chalet au bord du lac',
    type: LotType.Silent,
    startingBid: 20000,
    increment: 1000,
    valuation: 60000,
    category: 0,
    team: 0,
    closingGroup: 2,
  },
  {
    number: 2,
    photo: 'lot-painting',
    en: 'Original painting by a local artist',
    fr: 'Toile originale d’une artiste locale',
    type: LotType.Silent,
    startingBid: 15000,
    increment: 500,
    valuation: 45000,
    category: 1,
    team: 1,
    closingGroup: 1,
  },
  {
    number: 3,
    photo: 'lot-wine',
    en: 'Case of Quebec ice wine',
    fr: 'Caisse de vin de glace du Québec',
    type: LotType.Silent,
    startingBid: 8000,
    increment: 500,
    valuation: 20000,
    category: 2,
    team: 0,
    closingGroup: 0,
  },
  {
    number: 4,
    photo: 'lot-hockey',
    en: 'Signed hockey jersey',
    fr: 'Chandail de hockey autographié',
    type: LotType.Silent,
    startingBid: 10000,
    increment: 1000,
    valuation: 35000,
    category: 3,
    team: 1,
    closingGroup: 0,
  },
  {
    number: 5,
    photo: 'lot-spa',
    en: 'Day at the Nordic spa for two',
    fr: 'Journée au spa nordique pour deux',
    type: LotType.Silent,
    startingBid: 9000,
    increment: 500,
    valuation: 24000,
    category: 0,
    team: 0,
    closingGroup: 1,
  },
  {
    number: 6,
    photo: 'lot-dinner',
    en: 'Chef’s table dinner for six',
    fr: 'Souper à la table du chef pour six',
    type: LotType.Silent,
    startingBid: 25000,
    increment: 2500,
    valuation: 90000,
    category: 2,
    team: 1,
    closingGroup: 2,
  },
  {
    number: 7,
    photo: 'lot-bike',
    en: 'City bike, tuned and ready',
    fr: 'Vélo de ville, mis au point',
    type: LotType.Silent,
    startingBid: 12000,
    increment: 1000,
    valuation: 40000,
    category: 3,
    team: 0,
    closingGroup: 1,
  },
  {
    number: 8,
    photo: 'lot-concert',
    en: 'Two box seats at the symphony',
    fr: 'Deux places en loge à l’orchestre symphonique',
    type: LotType.Silent,
    startingBid: 7500,
    increment: 500,
    valuation: 30000,
    category: 0,
    team: 1,
    closingGroup: 0,
  },
  {
    number: 9,
    photo: 'lot-kayak',
    en: 'Guided kayak outing',
    fr: 'Sortie guidée en kayak',
    type: LotType.Silent,
    startingBid: 6000,
    increment: 500,
    valuation: 18000,
    category: 3,
    team: 0,
    closingGroup: 2,
  },
  {
    number: 10,
    photo: 'lot-cookbook',
    en: 'Signed community cookbook',
    fr: 'Livre de recettes communautaire autographié',
    type: LotType.FixedPrice,
    multiSalePrice: 3500,
    multiSaleQuantity: 40,
    maxPerBidder: 3,
    category: 2,
    team: 1,
    closingGroup: 2,
  },
  {
    number: 11,
    photo: 'lot-tshirt',
    en: 'Gala T-shirt',
    fr: 'T-shirt du gala',
    type: LotType.FixedPrice,
    multiSalePrice: 2500,
    multiSaleQuantity: 100,
    maxPerBidder: 5,
    category: 0,
    team: 0,
    closingGroup: 2,
  },
  {
    number: 12,
    photo: 'lot-mug',
    en: 'Give a school breakfast (donation)',
    fr: 'Offrir un petit-déjeuner à l’école (don)',
    type: LotType.FixedPrice,
    multiSalePrice: 1000,
    multiSaleQuantity: 500,
    maxPerBidder: 20,
    isDonation: true,
    category: 0,
    closingGroup: 2,
  },
];

export const SPRING_LOTS: DemoLot[] = [
  {
    number: 1,
    photo: 'lot-kayak',
    en: 'Canoe trip for the family',
    fr: 'Excursion en canot pour la famille',
    type: LotType.Silent,
    startingBid: 10000,
    increment: 1000,
    category: 3,
    closingGroup: 0,
  },
  {
    number: 2,
    photo: 'lot-painting',
    en: 'Spring watercolour',
    fr: 'Aquarelle printanière',
    type: LotType.Silent,
    startingBid: 8000,
    increment: 500,
    category: 1,
    closingGroup: 0,
  },
];

export const AUTUMN_LOTS: DemoLot[] = [
  {
    number: 1,
    photo: 'lot-wine',
    en: 'Harvest wine tasting',
    fr: 'Dégustation de vins des vendanges',
    type: LotType.Silent,
    startingBid: 5000,
    increment: 500,
    category: 2,
    closingGroup: 0,
  },
  {
    number: 2,
    photo: 'lot-bike',
    en: 'Mountain bike tune-up',
    fr: 'Mise au point de vélo de montagne',
    type: LotType.Silent,
    startingBid: 4000,
    increment: 500,
    category: 3,
    closingGroup: 0,
  },
  {
    number: 3,
    photo: 'lot-concert',
    en: 'Jazz evening for two',
    fr: 'Soirée jazz pour deux',
    type: LotType.Silent,
    startingBid: 6000,
    increment: 500,
    category: 0,
    closingGroup: 0,
  },
];

export const DONATION_PRESETS = [2500, 5000, 10000];

import { AuctionStatus, BidderStatus, DonationType, nickNameSkeleton } from '@auction/contract';
import { type Db, sanitizeRichText } from '@auction/platform';
import { sql } from 'kysely';
import { hashPassword } from '../accounts/passwordHashing.ts';
import {
  AUTUMN_LOTS,
  CATEGORIES,
  CLOSING_GROUPS,
  DEMO_ACCOUNTS,
  DEMO_ORGANIZATION,
  DEMO_RECEIPT_IDENTITY,
  type DemoLot,
  DONATION_PRESETS,
  GALA_LOTS,
  SPRING_LOTS,
  TEAMS,
} from './demoContent.ts';

export { DEMO_ACCOUNTS };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const DEMO_URLS = ['demo-gala', 'demo-printemps', 'demo-automne'] as const;

/** The lots' bidding goes through the engine; the demo only says what happened. */
export interface DemoBidding {
  openLot(lotId: number, at: Date): Promise<void>;
  bid(lotId: number, userId: string, cents: number, at: Date, max?: boolean): Promise<void>;
  close(lotId: number, at: Date): Promise<void>;
}

export interface DemoResult {
  loaded: boolean;
  archived: number;
}

/**
 * Loads the demo once. A second load changes nothing while the gala is still running; when the
 * gala has ended (the demo was loaded days ago), the old demo auctions are archived under a new
 * link and a fresh set is loaded relative to now, so the demo is alive whenever the product starts.
 */
export async function loadDemo(
  db: Db,
  makeBidding: ((adminId: string) => DemoBidding) | null,
  now = new Date(),
): Promise<DemoResult> {
  const existing = await db
    .selectFrom('auctions')
    .select(['id', 'date_completed'])
    .where('url_magic_link', '=', 'demo-gala')
    .executeTakeFirst();
  if (existing?.date_completed && existing.date_completed > now) return { loaded: false, archived: 0 };

  const users = await ensureAccounts(db);
  const result = await db.transaction().execute(async (trx) => {
    const archived = await trx
      .updateTable('auctions')
      .set({ status: AuctionStatus.Archived, url_magic_link: sql`url_magic_link || '-' || id` })
      .where('url_magic_link', 'in', [...DEMO_URLS])
      .executeTakeFirst();
    const organizationId = await ensureOrganization(trx);
    // The demo's auction manager manages the demo organisation (its auctions are their trusted links);
    // its volunteer belongs to it too, so they may invite to its auctions. Each holds their role
    // in the organisation, on the membership (docs/security.md, "Roles per organisation").
    await trx
      .insertInto('organization_users')
      .values(
        DEMO_ACCOUNTS.filter(
          (account) => account.username === 'manager@demo.local' || account.username === 'volunteer@demo.local',
        ).map((account) => ({
          organization_id: organizationId,
          user_id: users.get(account.username) as string,
          roles: [...account.roles],
        })),
      )
      .onConflict((oc) =>
        oc.columns(['organization_id', 'user_id']).doUpdateSet((eb) => ({ roles: eb.ref('excluded.roles') })),
      )
      .execute();
    // The demo organisation charges Quebec's taxes on its invoices: GST 5 %, QST 9.975 %, each named
    // in the invoice's language (docs/payments.md).
    await trx
      .insertInto('organization_tax_rates')
      .values([
        {
          organization_id: organizationId,
          position: 0,
          names: JSON.stringify({ fr: 'TPS', en: 'GST' }),
          rate_ppm: 50_000,
        },
        {
          organization_id: organizationId,
          position: 1,
          names: JSON.stringify({ fr: 'TVQ', en: 'QST' }),
          rate_ppm: 99_750,
        },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    const gala = await createAuction(trx as unknown as Db, organizationId, now, 'gala');
    const spring = await createAuction(trx as unknown as Db, organizationId, now, 'spring');
    const autumn = await createAuction(trx as unknown as Db, organizationId, now, 'autumn');
    // The demo's bidders have visited the gala and the autumn auction, where they won the lots
    // they are invoiced for (as the app marks a signed-in visit): they are those auctions' guests in
    // the console's bidders list, at the door and for the organisers' messages.
    await trx
      .insertInto('auction_bidders')
      .values(
        [gala, autumn].flatMap((auction) =>
          ['bidder@demo.local', 'bidder2@demo.local'].map((username) => ({
            auction_id: auction.id,
            user_id: users.get(username) as string,
            status: BidderStatus.Visited,
          })),
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    // The organisers' reminders, set once for ten minutes before the gala's end and before its
    // first closing group ("first wave") closes: the console lists them as going out later, and
    // the workers send them to the guests at their time.
    const firstWave = await trx
      .selectFrom('closing_groups')
      .select('id')
      .where('auction_id', '=', gala.id)
      .orderBy('ends_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    const reminder = (key: string, words: { en: string; fr: string }, closingGroupId: number | null) => ({
      auction_id: gala.id,
      command_id: `demo:${key}:${gala.id}`,
      sent_by: users.get('manager@demo.local') as string,
      message_en: words.en,
      message_fr: words.fr,
      audience: 'all' as const,
      channels: ['email' as const, 'sms' as const, 'push' as const],
      minutes_before_end: 10,
      closing_group_id: closingGroupId,
    });
    await trx
      .insertInto('auction_announcements')
      .values([
        reminder(
          'closing-reminder',
          {
            en: 'Bidding closes in 10 minutes! Last chance for your favourite lots.',
            fr: 'Les mises ferment dans 10 minutes ! Dernière chance pour vos lots préférés.',
          },
          null,
        ),
        reminder(
          'first-wave-reminder',
          {
            en: 'The first wave of the silent auction closes in 10 minutes.',
            fr: 'La première vague de l’encan silencieux ferme dans 10 minutes.',
          },
          firstWave.id,
        ),
      ])
      .execute();
    return { archived: Number(archived.numUpdatedRows), gala, spring, autumn };
  });

  const adminId = users.get('admin@demo.local') as string;
  if (makeBidding) await playBidding(makeBidding(adminId), users, now, result.gala, result.autumn, result.spring);
  return { loaded: true, archived: result.archived };
}

async function ensureAccounts(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const found = await db
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`lower(username) = ${account.username}`)
      .executeTakeFirst();
    if (found) {
      ids.set(account.username, found.id);
      continue;
    }
    const row = await db
      .insertInto('users')
      .values({
        username: account.username,
        password_hash: await hashPassword(account.password),
        phone_number: account.phoneNumber,
        first_name: account.firstName,
        last_name: account.lastName,
        nick_name: account.nickName,
        nick_name_skeleton: nickNameSkeleton(account.nickName),
        email_confirmed: true,
        roles: [...account.roles],
        preferred_language: 'fr',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(account.username, row.id);
  }
  return ids;
}

async function ensureOrganization(db: Db): Promise<number> {
  const found = await db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', DEMO_ORGANIZATION)
    .executeTakeFirst();
  if (found) {
    // A demo database from before receipts printed the charity's identity gets it too.
    await db
      .updateTable('organizations')
      .set(DEMO_RECEIPT_IDENTITY)
      .where('id', '=', found.id)
      .where('charity_registration_number', 'is', null)
      .execute();
    return found.id;
  }
  const row = await db
    .insertInto('organizations')
    .values({ name: DEMO_ORGANIZATION, ...DEMO_RECEIPT_IDENTITY })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface CreatedAuction {
  id: number;
  lots: Array<{ id: number; lot: DemoLot; endsAt: Date }>;
}

const AUCTIONS = {
  gala: {
    url: 'demo-gala',
    en: 'Winter Gala 2026',
    fr: 'Gala d’hiver 2026',
    banner: 'banner-gala',
    status: AuctionStatus.Active,
    datePreOpen: -3 * DAY,
    dateOpen: -1 * DAY,
    dateCompleted: 65 * MINUTE,
    lots: GALA_LOTS,
  },
  spring: {
    url: 'demo-printemps',
    en: 'Spring Auction',
    fr: 'Encan du printemps',
    banner: 'banner-spring',
    status: AuctionStatus.PreOpen,
    datePreOpen: -1 * DAY,
    dateOpen: 7 * DAY,
    dateCompleted: 14 * DAY,
    lots: SPRING_LOTS,
  },
  autumn: {
    url: 'demo-automne',
    en: 'Autumn Auction',
    fr: 'Encan d’automne',
    banner: 'banner-autumn',
    status: AuctionStatus.Completed,
    datePreOpen: -30 * DAY,
    dateOpen: -20 * DAY,
    dateCompleted: -10 * DAY,
    lots: AUTUMN_LOTS,
  },
} as const;

/**
 * The organisation's teams, made by its first auction and shared by the others: teams belong to
 * the organisation (spec 000 §1), and one set per auction listed each team once per auction in the
 * team filter, the extra entries matching no lot of the auction shown.
 */
async function organizationTeams(db: Db, organizationId: number): Promise<{ id: number }[]> {
  const existing = await db
    .selectFrom('organization_teams')
    .select('id')
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  if (existing.length > 0) return existing;
  return db
    .insertInto('organization_teams')
    .values(
      TEAMS.map((t) => ({
        organization_id: organizationId,
        background_color: t.backgroundColor,
        text_color: t.textColor,
        translations: JSON.stringify({ en: t.en, fr: t.fr }),
      })),
    )
    .returning('id')
    .execute();
}

async function createAuction(
  db: Db,
  organizationId: number,
  now: Date,
  which: keyof typeof AUCTIONS,
): Promise<CreatedAuction> {
  const spec = AUCTIONS[which];
  const at = (offset: number) => new Date(now.getTime() + offset);
  const auction = await db
    .insertInto('auctions')
    .values({
      organization_id: organizationId,
      url_magic_link: spec.url,
      status: spec.status,
      date_pre_open: at(spec.datePreOpen),
      date_open: at(spec.dateOpen),
      date_completed: at(spec.dateCompleted),
      completed_date: spec.status === AuctionStatus.Completed ? at(spec.dateCompleted) : null,
      is_available: spec.status !== AuctionStatus.Completed,
      allow_items_management_by_team: true,
      donation_type: DonationType.Internal,
      donation_allow_other_amount: true,
      banner_english: `/demo/${spec.banner}.jpg`,
      banner_french: `/demo/${spec.banner}.jpg`,
      colors: JSON.stringify({ primaryColor: '#1d3557', primaryTextColor: '#ffffff', secondaryColor: '#e63946' }),
      footer: JSON.stringify({ footerEmail: 'info@petitsbonheurs.example', footerPhoneNumber: '(514) 555-0100' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('auction_translations')
    .values([
      {
        auction_id: auction.id,
        language_code: 'en',
        title_short: spec.en,
        description: `${spec.en} in support of children’s programs.`,
      },
      {
        auction_id: auction.id,
        language_code: 'fr',
        title_short: spec.fr,
        description: `${spec.fr} au profit des programmes pour enfants.`,
      },
    ])
    .execute();
  // A banner for each screen size, as an organisation would upload them (spec 001 §2): the computer's
  // 1500 px JPEG, and for phones a 780 px WebP of a tenth of its weight, the first thing they paint.
  await db
    .insertInto('auction_photos')
    .values([
      { auction_id: auction.id, full_path: `/demo/${spec.banner}-phone.webp`, order: 0, is_used_on_computer: false },
      { auction_id: auction.id, full_path: `/demo/${spec.banner}.jpg`, order: 1, is_used_on_mobile: false },
    ])
    .execute();
  const categories = await db
    .insertInto('item_categories')
    .values(CATEGORIES.map((c, order) => ({ auction_id: auction.id, order, translations: JSON.stringify(c) })))
    .returning('id')
    .execute();
  const teams = await organizationTeams(db, organizationId);
  const groupEnds = CLOSING_GROUPS.map((g) =>
    which === 'gala' ? at(g.closesInMinutes * MINUTE) : at(spec.dateCompleted),
  );
  const groups = await db
    .insertInto('closing_groups')
    .values(
      CLOSING_GROUPS.map((g, i) => ({
        auction_id: auction.id,
        ends_at: groupEnds[i] as Date,
        translations: JSON.stringify({ en: g.en, fr: g.fr }),
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('donation_presets')
    .values([
      ...DONATION_PRESETS.map((amount, order) => ({ auction_id: auction.id, order, amount })),
      { auction_id: auction.id, order: DONATION_PRESETS.length, amount: null, is_other_amount: true },
    ])
    .execute();

  const lots: CreatedAuction['lots'] = [];
  for (const lot of spec.lots) {
    const endsAt = groupEnds[lot.closingGroup] as Date;
    const row = await db
      .insertInto('lots')
      .values({
        auction_id: auction.id,
        lot_number: lot.number,
        type: lot.type,
        starting_bid: lot.startingBid ?? null,
        minimum_increment: lot.increment ?? 100,
        valuation: lot.valuation ?? null,
        multi_sale_price: lot.multiSalePrice ?? null,
        multi_sale_quantity: lot.multiSaleQuantity ?? null,
        max_per_bidder: lot.maxPerBidder ?? null,
        is_donation: lot.isDonation ?? false,
        organization_team_id: lot.team === undefined ? null : (teams[lot.team]?.id ?? null),
        closing_group_id: groups[lot.closingGroup]?.id ?? null,
        date_completed: endsAt,
        offered_by: DEMO_ORGANIZATION,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lot_translations')
      .values([
        {
          lot_id: row.id,
          language_code: 'en',
          name: lot.en,
          // Through the operator API's sanitiser, as any lot text is stored.
          description: sanitizeRichText(`<p>${lot.en}. Generously offered to the foundation.</p>`),
        },
        {
          lot_id: row.id,
          language_code: 'fr',
          name: lot.fr,
          description: sanitizeRichText(`<p>${lot.fr}. Gracieusement offert à la fondation.</p>`),
        },
      ])
      .execute();
    await db
      .insertInto('lot_photos')
      .values({
        lot_id: row.id,
        full_path_large: `/demo/${lot.photo}.webp`,
        full_path_medium: `/demo/${lot.photo}-medium.webp`,
      })
      .execute();
    const category = categories[lot.category];
    if (category) await db.insertInto('lot_categories').values({ lot_id: row.id, category_id: category.id }).execute();
    lots.push({ id: row.id, lot, endsAt });
  }
  return { id: auction.id, lots };
}

/** A few bids so the gala has leaders and maxima, and the autumn auction has winners. */
async function playBidding(
  bidding: DemoBidding,
  users: Map<string, string>,
  now: Date,
  gala: CreatedAuction,
  autumn: CreatedAuction,
  spring: CreatedAuction,
): Promise<void> {
  const marie = users.get('bidder@demo.local') as string;
  const jean = users.get('bidder2@demo.local') as string;
  const past = (minutes: number, base = now) => new Date(base.getTime() - minutes * MINUTE);

  for (const { id, endsAt } of autumn.lots) {
    const openedAt = new Date(endsAt.getTime() - 10 * DAY);
    await bidding.openLot(id, openedAt);
  }
  const [a1, a2] = autumn.lots;
  if (a1 && a2) {
    const base = a1.endsAt;
    await bidding.bid(a1.id, marie, 5000, past(600, base));
    await bidding.bid(a1.id, jean, 6000, past(500, base));
    await bidding.bid(a1.id, marie, 15000, past(400, base), true);
    await bidding.bid(a2.id, jean, 4000, past(300, base));
  }
  for (const { id, endsAt } of autumn.lots) await bidding.close(id, endsAt);

  for (const { id } of [...gala.lots, ...spring.lots]) await bidding.openLot(id, past(60));
  const [g1, g2, g3] = gala.lots;
  if (g1 && g2 && g3) {
    await bidding.bid(g1.id, marie, 20000, past(50));
    await bidding.bid(g1.id, jean, 40000, past(45), true);
    await bidding.bid(g2.id, jean, 15000, past(40));
    await bidding.bid(g3.id, marie, 12000, past(30), true);
  }
}

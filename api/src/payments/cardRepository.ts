import { AuctionStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { CardSummary, StoredCardState } from './cardRules.ts';
import { auctionStripeInformationSql, cardSummarySql } from './cardSql.ts';

/**
 * Cards on file in PostgreSQL (migration 0014): the Stripe customer of each user and payment
 * configuration, the cards as Stripe last described them, the card selected per auction, and the
 * webhook events already applied.
 */

export interface StripeInformationRow {
  id: number;
  company_id: number;
  name: string;
  translations: Partial<Record<'en' | 'fr', string>>;
}

export interface PaymentInformationRow {
  id: number;
  user_id: string;
  stripe_information_id: number;
  stripe_information_name: string;
  stripe_customer_id: string;
}

export interface PaymentMethodRow {
  id: number;
  payment_information_id: number;
  stripe_information_id: number;
  stripe_customer_id: string;
  stripe_payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  card_holder_name: string | null;
  state: StoredCardState;
}

export interface AuctionPaymentMethodRow {
  id: number;
  auction_id: number;
  payment_method_id: number;
  payment_information_id: number;
}

/** A card as Stripe describes it now (payment_method object), for `applyCardState`. */
export interface StripeCardState {
  stripePaymentMethodId: string;
  /** Null once Stripe has detached it. */
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string | null;
  refused: boolean;
}

type Executor = Kysely<unknown> | Transaction<unknown> | Db;

/** A user's customer under a configuration (PaymentInformationRow): its columns and tables. */
const PAYMENT_INFORMATION_FROM = sql`pi.id, pi.user_id, pi.stripe_information_id, si.name AS stripe_information_name,
  pi.stripe_customer_id
  FROM payment_informations pi JOIN stripe_informations si ON si.id = pi.stripe_information_id`;

const CARD_COLUMNS = sql`pm.id, pm.payment_information_id, pi.stripe_information_id, pi.stripe_customer_id,
  pm.stripe_payment_method_id, pm.brand, pm.last4, pm.exp_month, pm.exp_year, pm.card_holder_name, pm.state`;

/** The configuration auction `a` charges through (cardSql.ts, written once for every statement). */
const AUCTION_STRIPE_INFORMATION = sql.raw(auctionStripeInformationSql('a'));

/** Auctions where a card still has a use: not yet invoiced (invoices carry their own card). */
const OPEN_STATUSES = [AuctionStatus.PreOpen, AuctionStatus.Active, AuctionStatus.Completed];

export function cardRepository(db: Db) {
  const run = <T>(executor: Executor, query: ReturnType<typeof sql<T>>) => query.execute(executor as Db);

  return {
    async stripeInformation(id: number): Promise<StripeInformationRow | undefined> {
      const { rows } = await run(db, sql<StripeInformationRow>`SELECT * FROM stripe_informations WHERE id = ${id}`);
      return rows[0];
    },

    async stripeInformationsOfCompany(companyId: number): Promise<StripeInformationRow[]> {
      const { rows } = await run(
        db,
        sql<StripeInformationRow>`SELECT * FROM stripe_informations WHERE company_id = ${companyId} ORDER BY id`,
      );
      return rows;
    },

    /** The user's cards for the auction, as permission to bid reads them (cardRules.ts `cardPermission`). */
    async cardSummary(userId: string, auctionId: number): Promise<CardSummary | null> {
      const { rows } = await run(
        db,
        sql<{ cards: CardSummary }>`SELECT ${sql.raw(cardSummarySql('a', 'u.id'))} AS cards
          FROM auctions a, users u WHERE a.id = ${auctionId} AND u.id = ${userId}`,
      );
      return rows[0]?.cards ?? null;
    },

    /** The auction's payment configuration id, or undefined for an unknown auction. */
    async auctionStripeInformationId(auctionId: number): Promise<number | null | undefined> {
      const { rows } = await run(
        db,
        sql<{ id: number | null }>`SELECT ${AUCTION_STRIPE_INFORMATION} AS id
          FROM auctions a JOIN organizations o ON o.id = a.organization_id WHERE a.id = ${auctionId}`,
      );
      return rows[0] ? rows[0].id : undefined;
    },

    /** An auction as the card calls need it: who may see it, and its payment configuration. */
    async auctionOf(
      auctionId: number,
    ): Promise<
      | { id: number; type: number; organization_id: number; status: number; stripe_information_id: number | null }
      | undefined
    > {
      const { rows } = await run(
        db,
        sql<{
          id: number;
          type: number;
          organization_id: number;
          status: number;
          stripe_information_id: number | null;
        }>`
          SELECT a.id, a.type, a.organization_id, a.status, ${AUCTION_STRIPE_INFORMATION} AS stripe_information_id
          FROM auctions a JOIN organizations o ON o.id = a.organization_id WHERE a.id = ${auctionId}`,
      );
      return rows[0];
    },

    async paymentInformationsOf(userId: string): Promise<PaymentInformationRow[]> {
      const { rows } = await run(
        db,
        sql<PaymentInformationRow>`SELECT ${PAYMENT_INFORMATION_FROM}
          WHERE pi.user_id = ${userId} ORDER BY pi.id`,
      );
      return rows;
    },

    /**
     * The user's customer for a configuration; `create` makes the Stripe customer when there is
     * none yet (two requests at once: the unique key keeps one row, the loser reads it).
     */
    async paymentInformationFor(
      userId: string,
      stripeInformationId: number,
      create: () => Promise<string>,
    ): Promise<PaymentInformationRow> {
      const find = async () =>
        (
          await run(
            db,
            sql<PaymentInformationRow>`SELECT ${PAYMENT_INFORMATION_FROM}
              WHERE pi.user_id = ${userId} AND pi.stripe_information_id = ${stripeInformationId}`,
          )
        ).rows[0];
      const existing = await find();
      if (existing) return existing;
      const customerId = await create();
      await run(
        db,
        sql`INSERT INTO payment_informations (user_id, stripe_information_id, stripe_customer_id)
          VALUES (${userId}, ${stripeInformationId}, ${customerId}) ON CONFLICT DO NOTHING`,
      );
      const created = await find();
      if (!created) throw new Error('payment information vanished');
      return created;
    },

    /**
     * Replaces a customer Stripe no longer has (docs/payments.md, "A customer Stripe no longer
     * has"): `create` makes the new one, stored only if the row still holds the missing one, so
     * two requests replacing it at once keep one customer and the loser reads the winner's. In the
     * same transaction the row's cards are detached and their auction selections dropped: they
     * belonged to the missing customer, so Stripe can never charge them again, and a card that can
     * never be charged must not count for permission to bid. A refused card stays refused, as when
     * Stripe detaches one. No card of the new customer exists yet: its cards come after this.
     */
    async replaceCustomer(
      paymentInformationId: number,
      missingCustomerId: string,
      create: () => Promise<string>,
    ): Promise<PaymentInformationRow> {
      const find = async () => {
        const { rows } = await run(
          db,
          sql<PaymentInformationRow>`SELECT ${PAYMENT_INFORMATION_FROM}
            WHERE pi.id = ${paymentInformationId}`,
        );
        const row = rows[0];
        if (!row) throw new Error('payment information vanished');
        return row;
      };
      let customerId: string;
      try {
        customerId = await create();
      } catch (error) {
        // Another request replacing the same customer under the same key at this moment (Stripe's
        // 409 for a key in flight), now done: its customer is the one.
        const current = await find();
        if (current.stripe_customer_id !== missingCustomerId) return current;
        throw error;
      }
      await db.transaction().execute(async (trx) => {
        const { rows } = await run(
          trx,
          sql`UPDATE payment_informations SET stripe_customer_id = ${customerId}
            WHERE id = ${paymentInformationId} AND stripe_customer_id = ${missingCustomerId} RETURNING id`,
        );
        if (rows.length === 0) return;
        await run(
          trx,
          sql`DELETE FROM auction_payment_methods WHERE payment_method_id IN
            (SELECT id FROM payment_methods WHERE payment_information_id = ${paymentInformationId})`,
        );
        await run(
          trx,
          sql`UPDATE payment_methods SET state = 'detached', updated_at = now()
            WHERE payment_information_id = ${paymentInformationId} AND state NOT IN ('detached', 'refused')`,
        );
      });
      return find();
    },

    /** The user's cards (detached ones gone), oldest first. */
    async cardsOf(userId: string): Promise<PaymentMethodRow[]> {
      const { rows } = await run(
        db,
        sql<PaymentMethodRow>`SELECT ${CARD_COLUMNS}
          FROM payment_methods pm JOIN payment_informations pi ON pi.id = pm.payment_information_id
          WHERE pi.user_id = ${userId} AND pm.state <> 'detached' ORDER BY pm.id`,
      );
      return rows;
    },

    async cardOf(userId: string, paymentMethodId: number): Promise<PaymentMethodRow | undefined> {
      const { rows } = await run(
        db,
        sql<PaymentMethodRow>`SELECT ${CARD_COLUMNS}
          FROM payment_methods pm JOIN payment_informations pi ON pi.id = pm.payment_information_id
          WHERE pi.user_id = ${userId} AND pm.id = ${paymentMethodId} AND pm.state <> 'detached'`,
      );
      return rows[0];
    },

    async selectionsOf(userId: string): Promise<AuctionPaymentMethodRow[]> {
      const { rows } = await run(
        db,
        sql<AuctionPaymentMethodRow>`SELECT apm.id, apm.auction_id, apm.payment_method_id, apm.payment_information_id
          FROM auction_payment_methods apm WHERE apm.user_id = ${userId} ORDER BY apm.auction_id`,
      );
      return rows;
    },

    async selectionFor(userId: string, auctionId: number): Promise<AuctionPaymentMethodRow | undefined> {
      const { rows } = await run(
        db,
        sql<AuctionPaymentMethodRow>`SELECT id, auction_id, payment_method_id, payment_information_id
          FROM auction_payment_methods WHERE user_id = ${userId} AND auction_id = ${auctionId}`,
      );
      return rows[0];
    },

    /** One selection per user and auction: a second POST changes it (as a PUT does). */
    async select(
      userId: string,
      auctionId: number,
      card: { id: number; payment_information_id: number },
      onlyIfNone = false,
    ): Promise<AuctionPaymentMethodRow | undefined> {
      const { rows } = await run(
        db,
        onlyIfNone
          ? sql<AuctionPaymentMethodRow>`INSERT INTO auction_payment_methods
                (user_id, auction_id, payment_method_id, payment_information_id)
              VALUES (${userId}, ${auctionId}, ${card.id}, ${card.payment_information_id})
              ON CONFLICT (user_id, auction_id) DO NOTHING
              RETURNING id, auction_id, payment_method_id, payment_information_id`
          : sql<AuctionPaymentMethodRow>`INSERT INTO auction_payment_methods
                (user_id, auction_id, payment_method_id, payment_information_id)
              VALUES (${userId}, ${auctionId}, ${card.id}, ${card.payment_information_id})
              ON CONFLICT (user_id, auction_id) DO UPDATE SET payment_method_id = EXCLUDED.payment_method_id,
                payment_information_id = EXCLUDED.payment_information_id, updated_at = now()
              RETURNING id, auction_id, payment_method_id, payment_information_id`,
      );
      return rows[0];
    },

    /**
     * Auctions (not yet invoiced) where the card is selected and the user has a leading bid, a
     * purchase or a donation: what the card will be charged for (spec 000 §5).
     */
    async auctionsWhereCardInUse(userId: string, paymentMethodId: number): Promise<number[]> {
      const { rows } = await run(
        db,
        sql<{ auction_id: number }>`SELECT apm.auction_id FROM auction_payment_methods apm
          JOIN auctions a ON a.id = apm.auction_id
          WHERE apm.user_id = ${userId} AND apm.payment_method_id = ${paymentMethodId}
            AND a.status IN (${sql.join(OPEN_STATUSES)})
            AND (EXISTS (SELECT 1 FROM lot_views lv WHERE lv.auction_id = a.id
                   AND (lv.leader_id = ${userId} OR lv.winner_id = ${userId}))
              OR EXISTS (SELECT 1 FROM lot_purchases lp JOIN lots l ON l.id = lp.lot_id
                   WHERE l.auction_id = a.id AND lp.bidder_id = ${userId})
              OR EXISTS (SELECT 1 FROM donations d WHERE d.auction_id = a.id AND d.user_id = ${userId}
                   AND d.deleted_at IS NULL))
          ORDER BY apm.auction_id`,
      );
      return rows.map((row) => row.auction_id);
    },

    /** The auctions (not yet invoiced) the card is selected for, with their titles. */
    async activeAuctionsOfCard(
      userId: string,
      paymentMethodId: number,
    ): Promise<{ id: number; url_magic_link: string; title_en: string | null; title_fr: string | null }[]> {
      const { rows } = await run(
        db,
        sql<{ id: number; url_magic_link: string; title_en: string | null; title_fr: string | null }>`
          SELECT a.id, a.url_magic_link,
            (SELECT t.title_short FROM auction_translations t WHERE t.auction_id = a.id AND t.language_code = 'en') AS title_en,
            (SELECT t.title_short FROM auction_translations t WHERE t.auction_id = a.id AND t.language_code = 'fr') AS title_fr
          FROM auction_payment_methods apm JOIN auctions a ON a.id = apm.auction_id
          WHERE apm.user_id = ${userId} AND apm.payment_method_id = ${paymentMethodId}
            AND a.status IN (${sql.join(OPEN_STATUSES)})
          ORDER BY a.id`,
      );
      return rows;
    },

    /** Every selection of `source` moves to `replacing` (spec 000 §2 "replace card"). */
    async replaceSelections(userId: string, source: number, replacing: { id: number; payment_information_id: number }) {
      const { rows } = await run(
        db,
        sql<{ auction_id: number }>`UPDATE auction_payment_methods
          SET payment_method_id = ${replacing.id}, payment_information_id = ${replacing.payment_information_id},
            updated_at = now()
          WHERE user_id = ${userId} AND payment_method_id = ${source} RETURNING auction_id`,
      );
      return rows.map((row) => row.auction_id);
    },

    /** The card is gone for the user: its selections with it. */
    async removeCard(paymentMethodId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await run(trx, sql`DELETE FROM auction_payment_methods WHERE payment_method_id = ${paymentMethodId}`);
        await run(
          trx,
          sql`UPDATE payment_methods SET state = 'detached', updated_at = now() WHERE id = ${paymentMethodId}`,
        );
      });
    },

    /** Whether the event was applied already (a cheap look before asking Stripe anything). */
    async eventProcessed(eventId: string): Promise<boolean> {
      const { rows } = await run(db, sql`SELECT 1 FROM processed_webhook_events WHERE event_id = ${eventId}`);
      return rows.length > 0;
    },

    /**
     * Applies an event once: claims its id and runs `effect` in the same transaction, so a
     * redelivery (or two deliveries at once) has one effect. False when it was applied already.
     */
    async applyEventOnce(
      event: { id: string; type: string },
      effect: (trx: Transaction<unknown>) => Promise<void>,
    ): Promise<boolean> {
      return (db as unknown as Kysely<unknown>).transaction().execute(async (trx) => {
        const { rows } = await run(
          trx,
          sql`INSERT INTO processed_webhook_events (event_id, type) VALUES (${event.id}, ${event.type})
            ON CONFLICT DO NOTHING RETURNING event_id`,
        );
        if (rows.length === 0) return false;
        await effect(trx);
        return true;
      });
    },

    /**
     * The card as Stripe describes it now. Stripe's current object decides, whatever order the
     * events came in: detached there is detached here; a card the product refused or Stripe
     * declined stays so while Stripe still holds it. A card of an unknown customer is ignored.
     */
    async applyCardState(trx: Transaction<unknown>, card: StripeCardState): Promise<void> {
      const state: StoredCardState = card.customerId === null ? 'detached' : card.refused ? 'refused' : 'active';
      await run(
        trx,
        sql`INSERT INTO payment_methods AS pm (payment_information_id, stripe_payment_method_id, brand, last4,
              exp_month, exp_year, card_holder_name, state)
            SELECT pi.id, ${card.stripePaymentMethodId}, ${card.brand}, ${card.last4}, ${card.expMonth},
              ${card.expYear}, ${card.holderName}, ${state}
            FROM payment_informations pi WHERE pi.stripe_customer_id = ${card.customerId}
          ON CONFLICT (stripe_payment_method_id) DO UPDATE SET
            brand = EXCLUDED.brand, last4 = EXCLUDED.last4, exp_month = EXCLUDED.exp_month,
            exp_year = EXCLUDED.exp_year, card_holder_name = EXCLUDED.card_holder_name, updated_at = now(),
            state = CASE WHEN pm.state = 'detached' THEN 'detached'
                         WHEN pm.state IN ('refused', 'declined') THEN pm.state
                         ELSE EXCLUDED.state END`,
      );
      if (card.customerId === null) {
        // Detached at Stripe (by the product or in Stripe's dashboard): not a card of anyone here.
        await run(
          trx,
          sql`UPDATE payment_methods SET state = 'detached', updated_at = now()
            WHERE stripe_payment_method_id = ${card.stripePaymentMethodId} AND state <> 'refused'`,
        );
        await run(
          trx,
          sql`DELETE FROM auction_payment_methods WHERE payment_method_id IN
            (SELECT id FROM payment_methods WHERE stripe_payment_method_id = ${card.stripePaymentMethodId})`,
        );
      }
    },

    /** A charge on the card was declined by the bank (spec 000 §4: declined, not selectable). */
    async markDeclined(trx: Transaction<unknown>, stripePaymentMethodId: string): Promise<void> {
      await run(
        trx,
        sql`UPDATE payment_methods SET state = 'declined', updated_at = now()
          WHERE stripe_payment_method_id = ${stripePaymentMethodId} AND state = 'active'`,
      );
    },

    async userEmailAndName(
      userId: string,
    ): Promise<{ username: string; first_name: string; last_name: string } | undefined> {
      const { rows } = await run(
        db,
        sql<{ username: string; first_name: string; last_name: string }>`SELECT username, first_name, last_name
          FROM users WHERE id = ${userId}`,
      );
      return rows[0];
    },
  };
}

export type CardRepository = ReturnType<typeof cardRepository>;

import { type AuctionBidder, AuctionStatus, type LiveLot, LotStatus, LotType } from '@auction/contract';
import {
  type CommandEnvelope,
  type CorrectLiveSale,
  type LotCommandHandler,
  type LotState,
  lotStreamId,
  type RecordLiveSale,
  standingSummary,
} from '@auction/engine';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import type { GuestRepository } from '../checkIn/guestRepository.ts';
import { HttpError } from '../errors.ts';
import type { InvoiceRepository } from '../invoices/invoiceRepository.ts';
import { lotStreamHas } from '../lots/lotStreamHas.ts';
import { refusalError } from '../lots/refusalStatus.ts';
import { toMoney } from '../money.ts';
import type { ManagedAuction } from './operatorScope.ts';

/**
 * Live lots sold on stage (docs/console.md "Stage"). The operator records the hammer price and
 * the winner; the engine closes the lot won (RecordLiveSale), and the projections carry the sale
 * to the lot, the leaderboard, the winners and the invoice lines like any won lot. A misread
 * paddle or a mistyped price is corrected (CorrectLiveSale) until the invoices exist.
 */
export interface LiveSales {
  /** The auction's live lots, by lot number, as the read model has them. */
  lots(auctionId: number): Promise<LiveLot[]>;
  /** Records a sale; refusals are HTTP errors with the spec-style key. */
  record(
    lotId: number,
    auction: ManagedAuction,
    sale: { bidderId: string; amount: number; commandId: string },
  ): Promise<{ duplicate: boolean; lot: LiveLot }>;
  /** Corrects a recorded stage sale to another winner or hammer price, until the invoices exist. */
  correct(
    lotId: number,
    auction: ManagedAuction,
    correction: { bidderId: string; amount: number; reason: string; commandId: string },
  ): Promise<{ duplicate: boolean; lot: LiveLot }>;
}

interface LiveLotRow {
  id: number;
  lot_number: number;
  translations: Record<string, string> | null;
  is_hidden: boolean;
  starting_bid: string | null;
  valuation: string | null;
  status: number | null;
  price: string | null;
  winner_id: string | null;
  winner_name: string | null;
  sold_on_stage: boolean;
  corrected: boolean;
}

const cents = (value: string | number | null) => (value === null ? null : Number(value));

function toLiveLot(row: LiveLotRow): LiveLot {
  return {
    auctionLotItemId: row.id,
    lotNumber: row.lot_number,
    translations: row.translations ?? {},
    status: row.status ?? LotStatus.NotStarted,
    isHidden: row.is_hidden,
    startingBid: toMoney(cents(row.starting_bid)),
    valuation: toMoney(cents(row.valuation)),
    price: toMoney(cents(row.price)),
    soldOnStage: row.sold_on_stage,
    corrected: row.corrected,
    winner: row.winner_id === null ? null : { userId: row.winner_id, name: row.winner_name ?? '' },
  };
}

/** What the operator decides of a stage command; the envelope is the caller's. */
type StageCommand =
  | Omit<RecordLiveSale, keyof Omit<CommandEnvelope, 'commandId'>>
  | Omit<CorrectLiveSale, keyof Omit<CommandEnvelope, 'commandId'>>;

/** A stage sale is recorded once the evening has begun: not while the auction is being prepared. */
const NOT_STARTED: readonly number[] = [AuctionStatus.Planning, AuctionStatus.PreOpen];

export function liveSales(deps: {
  db: Db;
  lotCommands: LotCommandHandler;
  guests: GuestRepository;
  invoices: InvoiceRepository;
}): LiveSales {
  const { db } = deps;

  const select = (where: ReturnType<typeof sql>) =>
    sql<LiveLotRow>`
      SELECT l.id, l.lot_number, l.is_hidden, l.starting_bid, l.valuation,
        (SELECT jsonb_object_agg(t.language_code, t.name) FROM lot_translations t WHERE t.lot_id = l.id) AS translations,
        v.status, v.price, v.winner_id,
        nullif(trim(w.first_name || ' ' || w.last_name), '') AS winner_name,
        ${lotStreamHas('LiveSaleRecorded')} AS sold_on_stage, ${lotStreamHas('LiveSaleCorrected')} AS corrected
      FROM lots l
      LEFT JOIN lot_views v ON v.lot_id = l.id
      LEFT JOIN users w ON w.id = v.winner_id
      WHERE l.type = ${LotType.Live} AND ${where}
      ORDER BY l.lot_number, l.id`
      .execute(db)
      .then((r) => r.rows.map(toLiveLot));

  return {
    lots: (auctionId) => select(sql`l.auction_id = ${auctionId}`),

    async record(lotId, auction, sale) {
      if (NOT_STARTED.includes(auction.auctionStatus)) throw new HttpError(409, 'auctionNotActive');
      const lot = await db.selectFrom('lots').select('type').where('id', '=', lotId).executeTakeFirstOrThrow();
      return stageCommand(lotId, auction, {
        type: 'RecordLiveSale',
        bidderId: sale.bidderId,
        amount: sale.amount,
        live: lot.type === LotType.Live,
        commandId: sale.commandId,
      });
    },

    correct: (lotId, auction, correction) => stageCommand(lotId, auction, { type: 'CorrectLiveSale', ...correction }),
  };

  /**
   * A sale or its correction, for a bidder of the auction, held against invoice generation: a sale
   * or a correction after the invoices exist would never be billed as it stands.
   */
  async function stageCommand(
    lotId: number,
    auction: ManagedAuction,
    command: StageCommand,
  ): Promise<{ duplicate: boolean; lot: LiveLot }> {
    const bidder = await deps.guests.one(auction.auctionId, command.bidderId);
    if (bidder === undefined) throw new HttpError(404, 'bidder_not_found');
    const outcome = await deps.invoices.unlessInvoiced(auction.auctionId, () =>
      deps.lotCommands.handle(lotStreamId(lotId), {
        ...command,
        userId: auction.userId,
        at: Date.now(),
        auctionActive: auction.auctionActive,
      }),
    );
    if (outcome === 'lot_invoiced') throw new HttpError(409, 'lot_invoiced');
    if (!outcome.ok) throw refusalError(outcome.reason);
    const [row] = await select(sql`l.id = ${lotId}`);
    if (row === undefined) throw new HttpError(404, 'lot_not_found');
    return { duplicate: outcome.duplicate, lot: withCommitted(row, outcome.state as LotState, bidder) };
  }
}

/** The read model may lag the append by a moment: the answer shows the committed sale. */
function withCommitted(row: LiveLot, state: LotState, bidder: AuctionBidder): LiveLot {
  const standing = standingSummary(state);
  const sale = state.liveSale;
  if (sale === null) return row;
  return {
    ...row,
    status: standing.lotStatus,
    price: toMoney(sale.price),
    soldOnStage: true,
    winner: {
      userId: sale.bidderId,
      name:
        sale.bidderId === bidder.userId ? `${bidder.firstName} ${bidder.lastName}`.trim() : (row.winner?.name ?? ''),
    },
  };
}

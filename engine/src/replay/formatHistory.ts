import { formatMoney } from '../money.ts';
import type { LotHistory } from './lotHistory.ts';

const STATUS = {
  1: 'not started',
  2: 'in progress',
  3: 'closed before auction',
  4: 'closed, no bid',
  5: 'closed and won',
} as const;

/** The auditor's text view: one line per event, then the standing. */
export function formatHistory(history: LotHistory): string {
  const lines = [`Lot stream ${history.streamId}`, ''];
  for (const e of history.entries) {
    const parts = [
      new Date(e.at).toISOString(),
      `v${e.version}`.padEnd(5),
      e.event.padEnd(14),
      e.bidder ? `bidder ${e.bidder}` : '',
      e.amount !== undefined ? formatMoney(e.amount) : '',
      e.isAutoBid ? '(automatic)' : '',
      e.outcome ?? '',
      e.detail ?? '',
      e.actor && e.actor !== e.bidder ? `by ${e.actor}` : '',
    ];
    lines.push(parts.filter(Boolean).join('  '));
  }
  const s = history.standing;
  lines.push(
    '',
    `Standing: ${STATUS[s.lotStatus]}; price ${s.price === null ? '-' : formatMoney(s.price)}; leader ${s.leaderId ?? '-'}; winner ${s.winnerId ?? '-'}`,
    `Ends ${new Date(s.endsAt).toISOString()} (initially ${new Date(s.initialEndsAt).toISOString()}); ${s.bids.length} standing bids; sold ${s.sold}`,
  );
  return lines.join('\n');
}

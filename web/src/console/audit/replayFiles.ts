import type { auditReplay } from '@auction/contract';

type LotReplay = auditReplay.LotReplay;

/** Saves text as a file under its name (the browser's own download, from memory). */
export function saveText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const replayFileName = (replay: LotReplay, extension: 'json' | 'csv') =>
  `lot-${replay.lotId}-replay.${extension}`;
export const auctionExportFileName = (auctionId: number) => `auction-${auctionId}-audit.json`;

/** RFC 4180: quoted when it holds a comma, a quote or a line break; a leading formula sign is neutralised for spreadsheets. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const REPLAY_CSV_COLUMNS = [
  'step',
  'command',
  'commandId',
  'serverTime',
  'actor',
  'streamVersion',
  'event',
  'bidder',
  'amount',
  'isAutoBid',
  'recordedAt',
  'hash',
  'priceAfter',
  'leaderAfter',
  'winnerAfter',
  'maxBidsAfter',
  'endsAfter',
  'removalReason',
  'removedBy',
  'correctionReason',
  'correctedFrom',
] as const;

/**
 * The replay as a spreadsheet: one row per event (a step's standing, removal and sale correction
 * repeated on each of its events; a correction names the sale it replaced as "winner: price"), amounts in decimal dollars as the API gives them, times in ISO 8601 (UTC).
 */
export function replayCsv(replay: LotReplay): string {
  const rows = replay.steps.flatMap((step) =>
    step.events.map((event) => [
      step.index + 1,
      step.command,
      step.commandId,
      step.at,
      step.actor?.name,
      event.version,
      event.type,
      event.bidder?.name,
      event.amount?.value,
      event.isAutoBid,
      event.recordedAt,
      event.hash,
      step.standing.price?.value,
      step.standing.leader?.name,
      step.standing.winner?.name,
      step.standing.maxBids.map((max) => `${max.bidder.name}: ${max.amount.value}`).join('; '),
      step.standing.dateCompleted,
      step.removal?.reason,
      step.removal?.removedBy?.name,
      step.correction?.reason,
      step.correction && `${step.correction.previousWinner.name}: ${step.correction.previousPrice.value}`,
    ]),
  );
  return [REPLAY_CSV_COLUMNS, ...rows]
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/** The replay as the API answered it, with the verdict: for a script, or a second look later. */
export const replayJson = (replay: LotReplay) => `${JSON.stringify(replay, null, 2)}\n`;

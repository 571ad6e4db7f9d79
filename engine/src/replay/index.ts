export { formatHistory } from './formatHistory.ts';
export { type HistoryEntry, type LotHistory, replayLot, verifyStream } from './lotHistory.ts';

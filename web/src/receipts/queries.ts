import type { BidReceipt, ReceiptVerdict } from '@auction/contract';
import { mutationOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';

export const receiptKeys = {
  all: ['receipts'] as const,
};

export const receiptMutations = {
  /** A receipt checked against the log: a lookup answering the check button, never cached. */
  verify: () =>
    mutationOptions({
      mutationKey: [...receiptKeys.all, 'verify'],
      mutationFn: (receipt: BidReceipt) =>
        api<ReceiptVerdict>('/api/audit/receipts/verify', { method: 'POST', body: receipt }),
    }),
};

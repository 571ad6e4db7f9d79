import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorKeys } from '../../lib/errors.ts';
import { consoleInvoiceKeys } from './queries.ts';

/**
 * A command on an invoice sent from a console dialog (record or cancel a payment): once answered,
 * the auction's invoices are read again, `done` tells the operator and the dialog closes; a
 * refusal stays inside the dialog, in the page's language. A refusal reads the invoices again as
 * well: it often means another operator (or the bidder's card) changed the invoice since the
 * dialog opened, and the list should show what it is now. `refused` lets the dialog catch up too.
 */
export function useInvoiceCommand(auctionId: number, onClose: () => void) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  async function send<T>(
    command: () => Promise<T>,
    done: (answer: T) => void,
    refused?: (error: unknown) => void,
  ): Promise<void> {
    setErrors([]);
    try {
      const answer = await command();
      await queryClient.invalidateQueries({ queryKey: consoleInvoiceKeys.auction(auctionId) });
      done(answer);
      onClose();
    } catch (error) {
      setErrors(errorKeys(error));
      refused?.(error);
      void queryClient.invalidateQueries({ queryKey: consoleInvoiceKeys.auction(auctionId) });
    }
  }
  return { errors, setErrors, send };
}

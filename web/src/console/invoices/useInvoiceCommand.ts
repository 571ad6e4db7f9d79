import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorKeys } from '../../lib/errors.ts';
import { consoleInvoiceKeys } from './queries.ts';

/**
 * A command on an invoice sent from a console dialog (record or cancel a payment): once answered,
 * the auction's invoices are read again, `done` tells the operator and the dialog closes; a
 * refusal stays inside the dialog, in the page's language.
 */
export function useInvoiceCommand(auctionId: number, onClose: () => void) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  async function send<T>(command: () => Promise<T>, done: (answer: T) => void): Promise<void> {
    setErrors([]);
    try {
      const answer = await command();
      await queryClient.invalidateQueries({ queryKey: consoleInvoiceKeys.auction(auctionId) });
      done(answer);
      onClose();
    } catch (error) {
      setErrors(errorKeys(error));
    }
  }
  return { errors, setErrors, send };
}

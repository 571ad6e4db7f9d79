import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showError } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { MoveButtons } from '../MoveButtons.tsx';
import { movedItems } from '../movedItems.ts';
import { consoleKeys } from '../queries.ts';
import { type OrderedPartKind, setupKeys, setupMutations } from './queries.ts';

/**
 * Move up and move down for one category, tab or banner photo. Each click sends the kind's whole
 * list in its new order (one call, never half applied), then reloads the auction. When the list
 * changed meanwhile (another operator added or removed an entry) the refusal is shown and the
 * reload brings the list as it now is.
 */
export function OrderButtons({
  auctionId,
  organizationId,
  kind,
  ids,
  index,
  name,
}: {
  auctionId: number;
  organizationId: number;
  kind: OrderedPartKind;
  ids: readonly number[];
  index: number;
  /** The entry as the operator knows it, so a screen reader says which one moves. */
  name: string;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation(setupMutations.order(auctionId, kind));
  const move = async (step: -1 | 1) => {
    const next = movedItems(ids, index, step);
    if (!next) return;
    try {
      await mutation.mutateAsync(next);
      showToast('success', 'console.setup.orderSaved');
    } catch (error) {
      showError(error);
    }
    await queryClient.invalidateQueries({ queryKey: setupKeys.auction(auctionId) });
    await queryClient.invalidateQueries({ queryKey: consoleKeys.auctions(organizationId) });
  };
  return (
    <MoveButtons
      index={index}
      count={ids.length}
      name={name}
      busy={mutation.isPending}
      onMove={(step) => void move(step)}
    />
  );
}

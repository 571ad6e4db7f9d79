import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { showError } from '../lib/errors.ts';
import { lotMutations } from './queries.ts';
import type { Lot } from './types.ts';

/** Logged-in users only (the caller checks); a toggle button announces its state. */
export function FavoriteButton({ lot, urlMagicLink }: { lot: Pick<Lot, 'id' | 'isFavorite'>; urlMagicLink: string }) {
  const intl = useIntl();
  const toggle = useMutation({ ...lotMutations.favorite(urlMagicLink), onError: showError });
  const favorite = toggle.isPending ? Boolean(toggle.variables?.favorite) : lot.isFavorite;
  return (
    <button
      type="button"
      className={favorite ? 'favorite-button favorite-button--on' : 'favorite-button'}
      aria-pressed={favorite}
      aria-label={intl.formatMessage({ id: 'lot.favorite' })}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ lotId: lot.id, favorite: !lot.isFavorite })}
    >
      <span aria-hidden="true">{favorite ? '★' : '☆'}</span>
    </button>
  );
}

import type { operator } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { SearchField } from '../../account/Field.tsx';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { consoleQueries } from '../queries.ts';

type Lot = operator.OperatorLot;

/** The lot's name in the reader's language, else its first one. */
export function lotName(lot: Lot, locale: string): string {
  return (lot.translations.find((t) => t.languageCode === locale) ?? lot.translations[0])?.name ?? '';
}

/** Lots whose number or name holds the text; lots with bids first, as those are the ones a removal concerns. */
export function matchingLots(lots: readonly Lot[], text: string, locale: string): Lot[] {
  const wanted = text.trim().toLocaleLowerCase(locale);
  return lots
    .filter((lot) => `${lot.lotNumber} ${lotName(lot, locale)}`.toLocaleLowerCase(locale).includes(wanted))
    .sort((a, b) => Number(b.bidCount > 0) - Number(a.bidCount > 0) || a.lotNumber - b.lotNumber);
}

export const SHOWN = 8;

/** A search over the auction's lots by number or name; picking one shows its bids. */
export function LotPicker({ auctionId, onPick }: { auctionId: number; onPick: (lot: Lot) => void }) {
  const locale = useLocale();
  const lots = useQuery(consoleQueries.lots(auctionId));
  const [text, setText] = useState('');
  if (lots.isPending) return <Loading />;
  if (lots.isError) return <LoadError onRetry={() => lots.refetch()} />;
  const found = matchingLots(lots.data, text, locale);
  return (
    <div className="console__search">
      <SearchField label="console.removal.searchLot" placeholder="console.lots.search" value={text} onText={setText} />
      <ul className="console__results" aria-live="polite">
        {found.length === 0 && (
          <li>
            <FormattedMessage id={lots.data.length === 0 ? 'console.lots.empty' : 'no_matching_result'} />
          </li>
        )}
        {found.slice(0, SHOWN).map((lot) => (
          <li key={lot.id}>
            <button type="button" className="console__result" onClick={() => onPick(lot)}>
              <strong>
                {lot.lotNumber} · {lotName(lot, locale)}
              </strong>{' '}
              <span className="console__muted console__result-detail">
                <FormattedMessage id="console.lots.bidCount" values={{ count: lot.bidCount }} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {/* Said, not silently cut: the lot wanted may be past the first ones. */}
      {found.length > SHOWN && (
        <p className="field__hint">
          <FormattedMessage id="console.removal.more" values={{ shown: SHOWN, count: found.length }} />
        </p>
      )}
    </div>
  );
}

import { useLocale } from '../i18n/LocaleProvider.tsx';

/** An auction as the staff consoles (check-in, audit) list it: its titles and its organisation. */
export interface StaffAuction {
  id: number;
  organizationName: string;
  /** The short title per language code. */
  titles: Record<string, string>;
}

const titleOf = (auction: StaffAuction, locale: string) =>
  auction.titles[locale] ?? Object.values(auction.titles)[0] ?? String(auction.id);

/** The auction the address names, else the only one there is. */
export function chosenAuction<A extends StaffAuction>(auctions: readonly A[], chosenId: number | null): A | null {
  return auctions.find((a) => a.id === chosenId) ?? (auctions.length === 1 ? (auctions[0] ?? null) : null);
}

/**
 * The auctions a volunteer or an auditor works on, one button each (pressed: the chosen one), for
 * the consoles of those who operate nothing.
 */
export function StaffAuctionChoice({
  auctions,
  chosenId,
  onChoose,
  className,
}: {
  auctions: readonly StaffAuction[];
  chosenId: number | null;
  onChoose: (id: number) => void;
  className: string;
}) {
  const locale = useLocale();
  return (
    <ul className={className}>
      {auctions.map((each) => (
        <li key={each.id}>
          <button
            type="button"
            className={each.id === chosenId ? 'console__org console__org--on' : 'console__org'}
            aria-pressed={each.id === chosenId}
            onClick={() => onChoose(each.id)}
          >
            <strong>{titleOf(each, locale)}</strong> <span>· {each.organizationName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

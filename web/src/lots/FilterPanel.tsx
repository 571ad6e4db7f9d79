import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Auction, OrganizationTeam } from '../auctions/types.ts';
import { useBrand, useProductName } from '../brand/queries.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { searchWithFilters } from './listFilters.ts';
import type { LotFilters } from './queries.ts';
import { teamName } from './TeamBadge.tsx';

/** Spec 001 §9: the lot list search waits 500 ms; under 2 characters it filters only on Enter. */
export const SEARCH_DEBOUNCE_MS = 500;

function translated(translations: Array<{ languageCode: string; name: string }>, locale: string): string {
  return (translations.find((t) => t.languageCode === locale) ?? translations[0])?.name ?? '';
}

/**
 * Spec 001 §2 filter panel (left on desktop, in a drawer on mobile): search, categories (links to the
 * category route), closing groups, team multi-select.
 */
export function FilterPanel({
  auction,
  teams,
  filters,
  onChange,
}: {
  auction: Auction;
  teams: OrganizationTeam[] | undefined;
  filters: LotFilters;
  onChange: (filters: LotFilters) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const brand = useBrand();
  const productName = useProductName(locale);
  const id = useId();
  const [text, setText] = useState(filters.search);
  useEffect(() => setText(filters.search), [filters.search]);
  useEffect(() => {
    if (text === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search: text, forceSearch: false }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);
  const toggle = (list: number[], value: number) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const groups = (auction.closingGroups ?? []).filter((group) => !group.isHiddenInMenu);
  const categories = [...(auction.itemCategories ?? [])].sort((a, b) => a.order - b.order);
  const link = auction.urlMagicLink;
  // A category is a path of its own; the other filters go with it, and the search as the box holds
  // it: a category chosen within the search's pause would otherwise bring back a search just
  // cleared (or miss one just typed).
  const kept = searchWithFilters(
    {},
    { ...filters, search: text, forceSearch: text === filters.search && filters.forceSearch },
  );

  return (
    <div className="filter-panel">
      <search className="filter-panel__section">
        <label htmlFor={`${id}-search`} className="filter-panel__label">
          <FormattedMessage id="lots.search.label" />
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="search__input"
          value={text}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ ...filters, search: text, forceSearch: true });
          }}
        />
      </search>
      {categories.length > 0 ? (
        <nav className="filter-panel__section" aria-labelledby={`${id}-categories`}>
          <h2 id={`${id}-categories`} className="filter-panel__label">
            <FormattedMessage id="lots.categories" />
          </h2>
          <ul className="filter-panel__list">
            <li>
              <Link
                to={pathFor('lotList', { urlMagicLink: link }, locale)}
                search={kept}
                aria-current={filters.categoryId === null ? 'page' : undefined}
              >
                <FormattedMessage id="lots.allCategories" />
              </Link>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={pathFor('lotListByCategory', { urlMagicLink: link, categoryId: String(category.id) }, locale)}
                  search={kept}
                  aria-current={filters.categoryId === category.id ? 'page' : undefined}
                >
                  {translated(category.translations, locale)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {groups.length > 0 ? (
        <fieldset className="filter-panel__section">
          <legend className="filter-panel__label">
            <FormattedMessage id="lots.closingGroups" />
          </legend>
          {groups.map((group) => (
            <label key={group.id} className="checkbox">
              <input
                type="checkbox"
                checked={filters.closingGroupIds.includes(group.id)}
                onChange={() => onChange({ ...filters, closingGroupIds: toggle(filters.closingGroupIds, group.id) })}
              />
              {translated(group.translations, locale)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {auction.allowItemsManagementByTeam && teams && teams.length > 0 ? (
        <fieldset className="filter-panel__section">
          <legend className="filter-panel__label">
            <FormattedMessage id="lots.teams" />
          </legend>
          {teams.map((team) => (
            <label key={team.id} className="checkbox">
              <input
                type="checkbox"
                checked={filters.teamIds.includes(team.id)}
                onChange={() => onChange({ ...filters, teamIds: toggle(filters.teamIds, team.id) })}
              />
              {teamName(team, locale)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {brand?.showOrganizeAuctionLink === false ? null : (
        <p className="filter-panel__section">
          <a href={intl.formatMessage({ id: 'lots.organizeLink.href' })}>
            <FormattedMessage id="lots.organizeLink" />
          </a>
        </p>
      )}
      <p className="filter-panel__powered">
        <FormattedMessage id="footer.poweredBy" values={{ product: productName }} />
      </p>
    </div>
  );
}

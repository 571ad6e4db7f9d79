import { useIntl } from 'react-intl';
import type { OrganizationTeam } from '../auctions/types.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';

export function teamName(team: OrganizationTeam, locale: string): string {
  return (team.translations.find((t) => t.languageCode === locale) ?? team.translations[0])?.name ?? '';
}

/** The team's own colours (spec 001 §3); clicking the name filters the list by the team (§6). */
export function TeamBadge({ team, onClick }: { team: OrganizationTeam; onClick?: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const style = {
    // The colour alone: the shorthand would also paint the clear bands a touch screen adds around the pill.
    ...(team.backgroundColor ? { backgroundColor: team.backgroundColor } : {}),
    ...(team.textColor ? { color: team.textColor } : {}),
  };
  const name = teamName(team, locale);
  if (!onClick) {
    return (
      <span className="team-badge" style={style}>
        {name}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="team-badge team-badge--button"
      style={style}
      onClick={onClick}
      aria-label={intl.formatMessage({ id: 'lot.filterByTeam' }, { team: name })}
    >
      {name}
    </button>
  );
}

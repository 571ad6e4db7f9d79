import { Link, useLocation } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { rootPath, switchLocalePath } from '../i18n/routes.ts';

export function Header() {
  const intl = useIntl();
  const locale = useLocale();
  const pathname = useLocation({ select: (location) => location.pathname });
  const otherLocale = locale === 'fr' ? 'en' : 'fr';

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link
          to={rootPath(locale)}
          className="site-header__title"
          aria-label={intl.formatMessage({ id: 'header.homeLink' })}
        >
          <FormattedMessage id="app.name" />
        </Link>
        {/* The chip is written in the language it switches to, for readers of that language. */}
        <Link
          to={switchLocalePath(pathname, otherLocale)}
          search={true}
          className="language-chip"
          lang={otherLocale}
          hrefLang={otherLocale}
        >
          <FormattedMessage id="header.languageSwitch" />
        </Link>
      </div>
    </header>
  );
}

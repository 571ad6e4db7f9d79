import { createContext, type ReactNode, use, useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { setRequestLocale } from '../api/client.ts';
import { intlLocale } from './format.ts';
import { storeLocale } from './locale.ts';
import { catalogOf } from './messages.ts';
import { defaultLocale, type Locale } from './routes.ts';

const LocaleContext = createContext<Locale>(defaultLocale);

export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  // Before the children render, so their first requests already carry the page's language.
  setRequestLocale(locale);
  useEffect(() => {
    document.documentElement.lang = locale;
    storeLocale(locale);
  }, [locale]);

  return (
    <LocaleContext value={locale}>
      <IntlProvider locale={intlLocale[locale]} defaultLocale={intlLocale[defaultLocale]} messages={catalogOf(locale)}>
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}

export function useLocale(): Locale {
  return use(LocaleContext);
}

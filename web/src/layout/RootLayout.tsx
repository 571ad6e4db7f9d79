import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useBrandAnalytics } from '../brand/analytics.ts';
import { LocaleProvider } from '../i18n/LocaleProvider.tsx';
import { resolveLocale } from '../i18n/locale.ts';
import { Toaster } from '../live/toasts.tsx';
import { synchronizeClock } from '../time/serverClock.ts';
import { CookieBar } from './CookieBar.tsx';
import { Header } from './Header.tsx';

export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    void synchronizeClock();
  }, []);
  useBrandAnalytics();
  return (
    <LocaleProvider locale={resolveLocale(pathname)}>
      <a className="skip-link" href="#main">
        <FormattedMessage id="app.skipToContent" />
      </a>
      <Header />
      {/* tabIndex lets the skip link move keyboard focus, not just scroll. */}
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <Toaster />
      <CookieBar />
    </LocaleProvider>
  );
}

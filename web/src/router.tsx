import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import { resolveLocale } from './i18n/locale.ts';
import { type RouteName, rootPath, routePatterns } from './i18n/routes.ts';
import { RootLayout } from './layout/RootLayout.tsx';

const rootRoute = createRootRoute({ component: RootLayout });

/**
 * One screen per route name; each is its own chunk, so the lot list's first load carries only the
 * code it shows (docs/web.md, bundle budget).
 */
const screens: Record<RouteName, RouteComponent> = {
  home: lazyRouteComponent(() => import('./home/HomePage.tsx'), 'HomePage'),
  auctionHome: lazyRouteComponent(() => import('./lots/LotListPage.tsx'), 'AuctionHomeScreen'),
  lotList: lazyRouteComponent(() => import('./lots/LotListPage.tsx'), 'LotListScreen'),
  lotListByCategory: lazyRouteComponent(() => import('./lots/LotListPage.tsx'), 'LotListScreen'),
  lotDetail: lazyRouteComponent(() => import('./lots/LotDetailPage.tsx'), 'LotDetailScreen'),
  favorites: lazyRouteComponent(() => import('./lots/FavoritesPage.tsx'), 'FavoritesScreen'),
  myBids: lazyRouteComponent(() => import('./bids/MyBidsPage.tsx'), 'MyBidsScreen'),
  leaderboard: lazyRouteComponent(() => import('./leaderboard/LeaderboardPage.tsx'), 'LeaderboardScreen'),
  winners: lazyRouteComponent(() => import('./leaderboard/LeaderboardPage.tsx'), 'WinnersScreen'),
  donations: lazyRouteComponent(() => import('./donations/DonationsPage.tsx'), 'DonationsScreen'),
  planning: lazyRouteComponent(() => import('./auctions/PlanningPage.tsx'), 'PlanningScreen'),
  auctionAccessDenied: lazyRouteComponent(() => import('./auctions/AccessDeniedPage.tsx'), 'AuctionAccessDeniedScreen'),
  auctionTab: lazyRouteComponent(() => import('./auctions/TabPage.tsx'), 'TabScreen'),
  invite: lazyRouteComponent(() => import('./auctions/InvitePage.tsx'), 'InviteScreen'),
  login: lazyRouteComponent(() => import('./account/LoginPage.tsx'), 'LoginPage'),
  register: lazyRouteComponent(() => import('./account/RegisterPage.tsx'), 'RegisterPage'),
  onboarding: lazyRouteComponent(() => import('./account/RegisterPage.tsx'), 'OnboardingPage'),
  emailConfirmation: lazyRouteComponent(() => import('./account/EmailConfirmationPage.tsx'), 'EmailConfirmationPage'),
  passwordRecovery: lazyRouteComponent(() => import('./account/PasswordRecoveryPage.tsx'), 'PasswordRecoveryPage'),
  passwordCodeRecovery: lazyRouteComponent(() => import('./account/PasswordRecoveryPage.tsx'), 'PasswordCodePage'),
  passwordRecoveryConfirmation: lazyRouteComponent(
    () => import('./account/PasswordRecoveryPage.tsx'),
    'RecoveryConfirmationPage',
  ),
  resetPassword: lazyRouteComponent(() => import('./account/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
  resetPasswordConfirmation: lazyRouteComponent(
    () => import('./account/ResetPasswordPage.tsx'),
    'ResetConfirmationPage',
  ),
  temporaryPassword: lazyRouteComponent(() => import('./account/ResetPasswordPage.tsx'), 'TemporaryPasswordPage'),
  profile: lazyRouteComponent(() => import('./account/ProfilePage.tsx'), 'ProfilePage'),
  notifications: lazyRouteComponent(() => import('./account/NotificationsPage.tsx'), 'NotificationsPage'),
  invoiceList: lazyRouteComponent(() => import('./invoices/InvoiceListPage.tsx'), 'InvoiceListPage'),
  invoice: lazyRouteComponent(() => import('./invoices/InvoicePage.tsx'), 'InvoicePage'),
  unsubscribe: lazyRouteComponent(() => import('./account/NotificationsPage.tsx'), 'UnsubscribePage'),
  accessDenied: lazyRouteComponent(() => import('./auctions/AccessDeniedPage.tsx'), 'AccessDeniedScreen'),
  receiptCheck: lazyRouteComponent(() => import('./receipts/ReceiptCheckPage.tsx'), 'ReceiptCheckPage'),
  console: lazyRouteComponent(() => import('./console/ConsolePage.tsx'), 'ConsoleScreen'),
  projector: lazyRouteComponent(() => import('./projector/ProjectorPage.tsx'), 'ProjectorScreen'),
};

// Paths come from the table the language switch reads, so routing and switching cannot drift apart.
const paths = (Object.keys(routePatterns) as RouteName[]).flatMap((name) =>
  [...new Set([...routePatterns[name].fr, ...routePatterns[name].en])].map((path) => ({ name, path })),
);

const routeTree = rootRoute.addChildren([
  ...paths.map(({ name, path }) => createRoute({ getParentRoute: () => rootRoute, path, component: screens[name] })),
  // Spec 001 §2: unknown paths go to the site root in the language the path (or the user) speaks.
  createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    beforeLoad: ({ location }) => {
      throw redirect({ to: rootPath(resolveLocale(location.pathname)), replace: true });
    },
  }),
]);

/** Query values stay plain strings (tokens and codes must not be read as numbers or JSON). */
function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const router = createRouter({ routeTree, scrollRestoration: true, parseSearch, stringifySearch });

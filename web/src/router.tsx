import { createRootRoute, createRoute, createRouter, redirect, useParams } from '@tanstack/react-router';
import { AuctionHomePage } from './auctions/AuctionHomePage.tsx';
import { HomePage } from './home/HomePage.tsx';
import { resolveLocale } from './i18n/locale.ts';
import { rootPath, routePatterns } from './i18n/routes.ts';
import { RootLayout } from './layout/RootLayout.tsx';

const rootRoute = createRootRoute({ component: RootLayout });

function AuctionHomeRoute() {
  // Three routes share this screen and all of them declare the parameter.
  const { urlMagicLink = '' } = useParams({ strict: false });
  return <AuctionHomePage urlMagicLink={urlMagicLink} />;
}

// Paths come from the table the language switch reads, so routing and switching cannot drift apart.
const routeTree = rootRoute.addChildren([
  createRoute({
    getParentRoute: () => rootRoute,
    path: routePatterns.home.fr[0],
    component: HomePage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: routePatterns.home.en[0],
    component: HomePage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: routePatterns.auctionHome.fr[0],
    component: AuctionHomeRoute,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: routePatterns.auctionHome.en[0],
    component: AuctionHomeRoute,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: routePatterns.auctionHome.en[1],
    component: AuctionHomeRoute,
  }),
  // Spec 001 §2: unknown paths go to the site root in the language the path (or the user) speaks.
  createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    beforeLoad: ({ location }) => {
      throw redirect({ to: rootPath(resolveLocale(location.pathname)), replace: true });
    },
  }),
]);

export const router = createRouter({ routeTree, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

export type Locale = 'en' | 'fr';

const locales: readonly Locale[] = ['fr', 'en'];

// Spec 000 §1: "Default locale en". Only used when the URL names no language.
export const defaultLocale: Locale = 'en';

/**
 * Every screen's path patterns per locale, in TanStack Router's `$param` syntax so the router
 * registers exactly these strings. The first pattern of a locale is the canonical one that links
 * and the language switch produce; the others (the unprefixed English forms) are still accepted.
 */
export const routePatterns = {
  home: { fr: ['/'], en: ['/en'] },
  // Spec 001 §2: every auction screen, with the unprefixed English alias the spec gives the auction home.
  auctionHome: {
    fr: ['/encans/$urlMagicLink'],
    en: ['/en/auctions/$urlMagicLink', '/auctions/$urlMagicLink'],
  },
  lotList: {
    fr: ['/encans/$urlMagicLink/lots'],
    en: ['/en/auctions/$urlMagicLink/items', '/auctions/$urlMagicLink/items'],
  },
  lotListByCategory: {
    fr: ['/encans/$urlMagicLink/lots/categories/$categoryId'],
    en: [
      '/en/auctions/$urlMagicLink/items/categories/$categoryId',
      '/auctions/$urlMagicLink/items/categories/$categoryId',
    ],
  },
  lotDetail: {
    fr: ['/encans/$urlMagicLink/lots/$auctionLotItemId'],
    en: ['/en/auctions/$urlMagicLink/items/$auctionLotItemId', '/auctions/$urlMagicLink/items/$auctionLotItemId'],
  },
  myBids: {
    fr: ['/encans/$urlMagicLink/mes-mises'],
    en: ['/en/auctions/$urlMagicLink/my-bids', '/auctions/$urlMagicLink/my-bids'],
  },
  favorites: {
    fr: ['/encans/$urlMagicLink/favoris'],
    en: ['/en/auctions/$urlMagicLink/your-favorites', '/auctions/$urlMagicLink/your-favorites'],
  },
  leaderboard: {
    fr: ['/encans/$urlMagicLink/classement'],
    en: ['/en/auctions/$urlMagicLink/leaderboard', '/auctions/$urlMagicLink/leaderboard'],
  },
  // The French menu link of the original shows /gagnant while the route is /gagnants: both work.
  winners: {
    fr: ['/encans/$urlMagicLink/gagnants', '/encans/$urlMagicLink/gagnant'],
    en: ['/en/auctions/$urlMagicLink/winners', '/auctions/$urlMagicLink/winners'],
  },
  donations: {
    fr: ['/encans/$urlMagicLink/dons'],
    en: ['/en/auctions/$urlMagicLink/donations', '/auctions/$urlMagicLink/donations'],
  },
  planning: {
    fr: ['/encans/$urlMagicLink/planification'],
    en: ['/en/auctions/$urlMagicLink/planification', '/auctions/$urlMagicLink/planification'],
  },
  auctionAccessDenied: {
    fr: ['/encans/$urlMagicLink/acces-refuse'],
    en: ['/en/auctions/$urlMagicLink/access-denied', '/auctions/$urlMagicLink/access-denied'],
  },
  auctionTab: {
    fr: ['/encans/$urlMagicLink/onglets/$auctionTabUrl'],
    en: ['/en/auctions/$urlMagicLink/tabs/$auctionTabUrl', '/auctions/$urlMagicLink/tabs/$auctionTabUrl'],
  },
  invite: {
    fr: ['/encans/$urlMagicLink/inviter'],
    en: ['/en/auctions/$urlMagicLink/invite', '/auctions/$urlMagicLink/invite'],
  },
  // Spec 000 §2: account screens.
  login: { fr: ['/connexion'], en: ['/en/login', '/login'] },
  register: { fr: ['/enregistrer'], en: ['/en/register', '/register'] },
  onboarding: { fr: ['/embarquement/$uniqueCode'], en: ['/en/onboard/$uniqueCode', '/onboard/$uniqueCode'] },
  emailConfirmation: {
    fr: ['/confirmation-courriel/$username'],
    en: ['/en/email-confirmation/$username', '/email-confirmation/$username'],
  },
  passwordRecovery: { fr: ['/recuperer-mot-de-passe'], en: ['/en/password-recovery', '/password-recovery'] },
  passwordCodeRecovery: {
    fr: ['/recuperation-mot-de-passe-code'],
    en: ['/en/password-code-recovery', '/password-code-recovery'],
  },
  passwordRecoveryConfirmation: {
    fr: ['/confirmer-recuperer-mot-de-passe'],
    en: ['/en/password-recovery-confirmation', '/password-recovery-confirmation'],
  },
  resetPassword: {
    fr: ['/reinitialiser-mot-de-passe/$username'],
    en: ['/en/reset-password/$username', '/reset-password/$username'],
  },
  resetPasswordConfirmation: {
    fr: ['/confirmer-reinitialiser-mot-de-passe'],
    en: ['/en/reset-password-confirmation', '/reset-password-confirmation'],
  },
  // The spec gives this page no French path of its own: French keeps the unprefixed English one.
  temporaryPassword: { fr: ['/reset-temporary-password'], en: ['/en/reset-temporary-password'] },
  profile: { fr: ['/profil'], en: ['/en/profile', '/profile'] },
  notifications: { fr: ['/profil/notifications'], en: ['/en/profile/notifications', '/profile/notifications'] },
  // Spec 000 §1: the invoice list under the profile, the invoice page by its key.
  invoiceList: { fr: ['/profil/factures'], en: ['/en/profile/invoices', '/profile/invoices'] },
  invoice: { fr: ['/facture/$stripeInvoiceId'], en: ['/en/invoice/$stripeInvoiceId', '/invoice/$stripeInvoiceId'] },
  unsubscribe: { fr: ['/desabonnement'], en: ['/en/unsubscribe', '/unsubscribe'] },
  accessDenied: { fr: ['/acces-refuse'], en: ['/en/access-denied', '/access-denied'] },
  // The public check of a bid receipt (docs/audit.md).
  receiptCheck: { fr: ['/recu'], en: ['/en/receipt', '/receipt'] },
  // The operator console (docs/console.md): the same word in both languages.
  console: { fr: ['/console'], en: ['/en/console'] },
  // The venue's screen of an auction (docs/console.md "Projector"): full screen, no account chrome.
  projector: { fr: ['/console/projecteur/$auctionId'], en: ['/en/console/projector/$auctionId'] },
} as const satisfies Record<string, Record<Locale, readonly [string, ...string[]]>>;

export type RouteName = keyof typeof routePatterns;

type ParamNames<Pattern extends string> = Pattern extends `${string}$${infer Param}/${infer Rest}`
  ? Param | ParamNames<Rest>
  : Pattern extends `${string}$${infer Param}`
    ? Param
    : never;

export type RouteParams<Name extends RouteName> = Record<ParamNames<(typeof routePatterns)[Name]['fr'][0]>, string>;

export type RouteMatch = {
  [Name in RouteName]: { name: Name; params: RouteParams<Name>; locale: Locale };
}[RouteName];

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is still a usable identifier; the API decides whether it exists.
    return segment;
  }
}

function matchPattern(pattern: string, pathSegments: string[]): Record<string, string> | undefined {
  const patternSegments = segments(pattern);
  if (patternSegments.length !== pathSegments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, patternSegment] of patternSegments.entries()) {
    const pathSegment = pathSegments[index] ?? '';
    if (patternSegment.startsWith('$')) {
      params[patternSegment.slice(1)] = decodeSegment(pathSegment);
    } else if (patternSegment.toLowerCase() !== pathSegment.toLowerCase()) {
      // Case-insensitive like TanStack Router's default, so both agree on what a path is.
      return undefined;
    }
  }
  return params;
}

export function matchPath(pathname: string): RouteMatch | undefined {
  const pathSegments = segments(pathname);
  for (const name of Object.keys(routePatterns) as RouteName[]) {
    for (const locale of locales) {
      for (const pattern of routePatterns[name][locale]) {
        const params = matchPattern(pattern, pathSegments);
        if (params) return { name, params, locale } as RouteMatch;
      }
    }
  }
  return undefined;
}

export function pathFor<Name extends RouteName>(name: Name, params: RouteParams<Name>, locale: Locale): string {
  const [canonical] = routePatterns[name][locale];
  const values: Record<string, string> = params;
  return canonical.replace(/\$(\w+)/g, (_, param: string) => encodeURIComponent(values[param] ?? ''));
}

export function rootPath(locale: Locale): string {
  return pathFor('home', {}, locale);
}

/** The language a URL is in, or undefined when the path is not one of ours and names none. */
export function detectLocale(pathname: string): Locale | undefined {
  const match = matchPath(pathname);
  if (match) return match.locale;
  return segments(pathname)[0]?.toLowerCase() === 'en' ? 'en' : undefined;
}

/** The same screen in the other language; the target root when the path is not a known screen. */
export function switchLocalePath(pathname: string, target: Locale): string {
  const match = matchPath(pathname);
  if (!match) return rootPath(target);
  // TypeScript cannot correlate name and params through the union, but matchPath built them together.
  return pathFor(match.name, match.params as RouteParams<RouteName>, target);
}

import type { Language } from '@auction/contract';

/**
 * Links that account and auction messages carry, in the recipient's language: the French paths of spec 000 §2
 * and their /en English forms, so the page opens in the language the message was written in.
 */
const PATHS = {
  emailConfirmation: { fr: '/confirmation-courriel', en: '/en/email-confirmation' },
  resetPassword: { fr: '/reinitialiser-mot-de-passe', en: '/en/reset-password' },
  onboard: { fr: '/embarquement', en: '/en/onboard' },
  auction: { fr: '/encans', en: '/en/auctions' },
  login: { fr: '/connexion', en: '/en/login' },
} as const;

export function accountLinks(publicUrl: string) {
  const base = publicUrl.replace(/\/$/, '');
  const build = (path: string, query: Record<string, string | undefined> = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  };
  return {
    emailConfirmation: (language: Language, username: string, token: string) =>
      build(`${PATHS.emailConfirmation[language]}/${encodeURIComponent(username)}`, { token }),
    resetPassword: (language: Language, username: string, token: string, auction?: string) =>
      build(`${PATHS.resetPassword[language]}/${encodeURIComponent(username)}`, { token, auction }),
    onboard: (language: Language, uniqueCode: string) =>
      build(`${PATHS.onboard[language]}/${encodeURIComponent(uniqueCode)}`),
    auction: (language: Language, urlMagicLink: string) =>
      build(`${PATHS.auction[language]}/${encodeURIComponent(urlMagicLink)}`),
    login: (language: Language) => build(PATHS.login[language]),
  };
}

export type AccountLinks = ReturnType<typeof accountLinks>;

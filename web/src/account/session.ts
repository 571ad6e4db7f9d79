import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, endSession, tokens } from '../api/client.ts';

// Spec 000 §6 roles.
export const Role = { Administrator: 1, AuctionManager: 2, Patron: 3, Volunteer: 4 } as const;

export interface Bidder {
  firstName: string;
  lastName: string;
  business: string | null;
  nickName: string;
  email: string;
  phoneNumber: string | null;
  phoneNumberConfirmed: boolean;
  preferredLanguage: 'en' | 'fr';
  preferredCurrencyCode: 'CAD' | 'USD';
  address: string | null;
  apartment: string | null;
  city: string | null;
  postalCode: string | null;
  province: string | null;
  provinceEnum: number | null;
  country: string | null;
  addressCompleted: boolean;
  smsGeneralNotifications: boolean;
  emailGeneralNotifications: boolean;
  smsOutbidNotifications: boolean;
  emailOutbidNotifications: boolean;
  sentStopDate: string | null;
}

/** Spec 000 §3 Account, as the token call and GET /api/account answer it. */
export interface Profile {
  id: string;
  username: string;
  hasTemporaryPassword: boolean;
  roles: Array<{ role: number }>;
  activeUrlMagicLinks: string[];
  activeTrustedUrlMagicLinks: string[];
  paymentInformations: unknown[];
  addressCompleted: boolean;
  preferredLanguage: { value: number; code: 'en' | 'fr'; name: string };
  bidder: Bidder;
}

/** The session's access token with the profile; the refresh token came as an httpOnly cookie. */
export interface SessionAnswer extends Profile {
  token: string;
}

export const profileKey = ['profile'] as const;

export function useAccessToken(): string | undefined {
  return useSyncExternalStore(tokens.subscribe, tokens.access, () => undefined);
}

/** The signed-in profile, or null for a visitor; loaded on every start with a stored token. */
export function useProfile() {
  const token = useAccessToken();
  const query = useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api<Profile>('/api/account', { signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
  return { ...query, profile: token ? (query.data ?? null) : null, isSignedIn: Boolean(token) };
}

export function roleNumbers(profile: Profile | null): number[] {
  return profile?.roles.map((entry) => entry.role) ?? [];
}

export function startSession(queryClient: QueryClient, answer: SessionAnswer): Profile {
  const { token, ...profile } = answer;
  tokens.set(token);
  queryClient.setQueryData(profileKey, profile);
  // Lists and lots answer differently for a signed-in user (favourites, winning, permissions).
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'profile' });
  return profile;
}

/** Spec 000 §7: authenticate, then the token call that opens the session. */
export async function logIn(
  queryClient: QueryClient,
  username: string,
  password: string,
  rememberMe: boolean,
): Promise<Profile> {
  const first = await api<{ access_token: string }>('/api/account/authenticate', {
    method: 'POST',
    body: { username, password, grant_type: 'password' },
  });
  tokens.set(first.access_token);
  const answer = await api<SessionAnswer>('/api/account/token', { method: 'POST', body: { rememberMe } });
  return startSession(queryClient, answer);
}

export function logOut(queryClient: QueryClient): void {
  void endSession();
  queryClient.removeQueries({ queryKey: profileKey });
  void queryClient.invalidateQueries();
}

import { matchQuery, type QueryClient, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { endSession, tokens } from '../api/client.ts';
import { accountKeys, accountQueries } from './queries.ts';
import type { Profile, SessionAnswer } from './types.ts';

// Spec 000 §6 roles: the contract's.
export { Role } from '@auction/contract';

export type { Bidder, Profile, SessionAnswer } from './types.ts';

export function useAccessToken(): string | undefined {
  return useSyncExternalStore(tokens.subscribe, tokens.access, () => undefined);
}

/** The signed-in profile, or null for a visitor; loaded on every start with a stored token. */
export function useProfile() {
  const token = useAccessToken();
  const query = useQuery({ ...accountQueries.profile(), enabled: Boolean(token) });
  return { ...query, profile: token ? (query.data ?? null) : null, isSignedIn: Boolean(token) };
}

export function roleNumbers(profile: Profile | null): number[] {
  return profile?.roles.map((entry) => entry.role) ?? [];
}

export function startSession(queryClient: QueryClient, answer: SessionAnswer): Profile {
  const { token, ...profile } = answer;
  tokens.set(token);
  queryClient.setQueryData(accountKeys.profile(), profile);
  // Lists and lots answer differently for a signed-in user (favourites, winning, permissions).
  void queryClient.invalidateQueries({
    predicate: (query) => !matchQuery({ queryKey: accountKeys.profile() }, query),
  });
  return profile;
}

export function logOut(queryClient: QueryClient): void {
  void endSession();
  queryClient.removeQueries({ queryKey: accountKeys.profile() });
  void queryClient.invalidateQueries();
}

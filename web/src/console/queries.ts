import { type operator, organizationMembers } from '@auction/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { USER_SEARCH_MIN_LENGTH } from './consoleAccess.ts';

type MemberUser = organizationMembers.MemberUser;
type MemberAnswer = organizationMembers.MemberAnswer;

/** Every key of the console: the operator's organisations, auctions and members. */
export const consoleKeys = {
  all: ['console'] as const,
  organizations: () => [...consoleKeys.all, 'organizations'] as const,
  auctions: (organizationId: number) => [...consoleKeys.all, 'auctions', organizationId] as const,
  members: (organizationId: number) => [...consoleKeys.all, 'members', organizationId] as const,
  userSearch: (text: string) => [...consoleKeys.all, 'user-search', text] as const,
  lots: (auctionId: number) => [...consoleKeys.all, 'lots', auctionId] as const,
};

export const consoleQueries = {
  organizations: () =>
    queryOptions({
      queryKey: consoleKeys.organizations(),
      queryFn: ({ signal }) => api<operator.Organization[]>('/api/admin/organizations', { signal }),
    }),
  auctions: (organizationId: number) =>
    queryOptions({
      queryKey: consoleKeys.auctions(organizationId),
      queryFn: ({ signal }) =>
        api<operator.OperatorAuction[]>('/api/admin/auctions', { query: { organizationId }, signal }),
      // The workers move an auction on by themselves (opened at its date, invoiced after its
      // completion): the console's status badge follows within half a minute.
      refetchInterval: 30_000,
    }),
  members: (organizationId: number) =>
    queryOptions({
      queryKey: consoleKeys.members(organizationId),
      queryFn: ({ signal }) =>
        api<MemberUser[]>(`/api/admin/organizations/${organizationId}/members`, {
          signal,
          answer: organizationMembers.memberUser.array(),
        }),
    }),
  lots: (auctionId: number) =>
    queryOptions({
      queryKey: consoleKeys.lots(auctionId),
      queryFn: ({ signal }) => api<operator.OperatorLot[]>(`/api/admin/auctions/${auctionId}/lots`, { signal }),
    }),
  userSearch: (text: string) =>
    queryOptions({
      queryKey: consoleKeys.userSearch(text),
      queryFn: ({ signal }) => api<MemberUser[]>('/api/admin/users', { query: { q: text }, signal }),
      enabled: text.trim().length >= USER_SEARCH_MIN_LENGTH,
      staleTime: 30_000,
    }),
};

/** The engine's lot commands the lot table offers (docs/operator-api.md). */
export type LotCommand = 'hide' | 'show' | 'close-early';

export const consoleMutations = {
  /** One command per click: its id makes a retried request change nothing twice. */
  lotCommand: () =>
    mutationOptions({
      mutationKey: [...consoleKeys.all, 'lot-command'],
      mutationFn: ({ lotId, command, commandId }: { lotId: number; command: LotCommand; commandId: string }) =>
        api<operator.LotCommandAnswer>(`/api/admin/lots/${lotId}/${command}`, { method: 'POST', body: { commandId } }),
    }),
  /** Grant (`PUT`) or revoke (`DELETE`) one role; both are idempotent on the API's side. */
  role: (organizationId: number) =>
    mutationOptions({
      mutationKey: [...consoleKeys.all, 'role', organizationId],
      mutationFn: ({ userId, role, grant }: { userId: string; role: number; grant: boolean }) =>
        api<MemberAnswer>(`/api/admin/organizations/${organizationId}/members/${userId}/roles/${role}`, {
          method: grant ? 'PUT' : 'DELETE',
        }),
    }),
};

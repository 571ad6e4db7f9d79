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
  userSearch: (text: string) =>
    queryOptions({
      queryKey: consoleKeys.userSearch(text),
      queryFn: ({ signal }) => api<MemberUser[]>('/api/admin/users', { query: { q: text }, signal }),
      enabled: text.trim().length >= USER_SEARCH_MIN_LENGTH,
      staleTime: 30_000,
    }),
};

export const consoleMutations = {
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

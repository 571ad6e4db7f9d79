import type { operator } from '@auction/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

export const organizationKeys = {
  teams: (organizationId: number) => [...consoleKeys.all, 'teams', organizationId] as const,
  taxes: (organizationId: number) => [...consoleKeys.all, 'taxes', organizationId] as const,
};

/** The organisation section's calls (docs/operator-api.md): the organisation, its teams and taxes, a new auction. */
export const organizationQueries = {
  teams: (organizationId: number) =>
    queryOptions({
      queryKey: organizationKeys.teams(organizationId),
      queryFn: ({ signal }) => api<operator.Team[]>(`/api/admin/organizations/${organizationId}/teams`, { signal }),
    }),
  taxes: (organizationId: number) =>
    queryOptions({
      queryKey: organizationKeys.taxes(organizationId),
      queryFn: ({ signal }) =>
        api<operator.OrganizationTaxes>(`/api/admin/organizations/${organizationId}/taxes`, { signal }),
    }),
};

/** A tax as the console sends it: its names as typed, its rate as a percentage. */
export interface TaxBody {
  translations: { en?: string; fr?: string };
  rate: string;
}

export interface TeamBody {
  translations: { en?: string; fr?: string };
  backgroundColor?: string;
  textColor?: string;
}

export const organizationMutations = {
  createOrganization: () =>
    mutationOptions({
      mutationKey: [...consoleKeys.all, 'organization', 'create'],
      mutationFn: (name: string) =>
        api<operator.Organization>('/api/admin/organizations', { method: 'POST', body: { name } }),
    }),
  rename: (organizationId: number) =>
    mutationOptions({
      mutationKey: [...consoleKeys.all, 'organization', organizationId, 'rename'],
      mutationFn: (name: string) =>
        api<operator.Organization>(`/api/admin/organizations/${organizationId}`, { method: 'PATCH', body: { name } }),
    }),
  /** What the organisation's donation receipts print; empty clears a field. */
  receiptIdentity: (organizationId: number) =>
    mutationOptions({
      mutationKey: [...consoleKeys.all, 'organization', organizationId, 'receipts'],
      mutationFn: (body: { charityRegistrationNumber: string; receiptAddress: string }) =>
        api<operator.Organization>(`/api/admin/organizations/${organizationId}`, { method: 'PATCH', body }),
    }),
  /** Adds (no id), edits or removes (`remove`) a team. */
  team: (organizationId: number) =>
    mutationOptions({
      mutationKey: [...organizationKeys.teams(organizationId), 'change'],
      mutationFn: ({ id, body, remove }: { id?: number; body?: TeamBody; remove?: boolean }) => {
        if (id === undefined)
          return api<operator.Team>(`/api/admin/organizations/${organizationId}/teams`, { method: 'POST', body });
        return remove
          ? api<unknown>(`/api/admin/teams/${id}`, { method: 'DELETE' })
          : api<operator.Team>(`/api/admin/teams/${id}`, { method: 'PATCH', body });
      },
    }),
  /** The organisation's taxes, whole and in order (sending the same list again changes nothing). */
  taxes: (organizationId: number) =>
    mutationOptions({
      mutationKey: [...organizationKeys.taxes(organizationId), 'replace'],
      mutationFn: (taxes: TaxBody[]) =>
        api<operator.OrganizationTaxes>(`/api/admin/organizations/${organizationId}/taxes`, {
          method: 'PUT',
          body: { taxes },
        }),
    }),
  createAuction: () =>
    mutationOptions({
      mutationKey: [...consoleKeys.all, 'auction', 'create'],
      mutationFn: (body: Record<string, unknown>) =>
        api<operator.OperatorAuction>('/api/admin/auctions', { method: 'POST', body }),
    }),
};

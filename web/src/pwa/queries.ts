import type { PushPreferences, PushSettingsAnswer } from '@auction/contract';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** The signed-in user's Web Push: the VAPID key, the switches, their subscribed browsers (docs/messages.md). */
export const pushKeys = {
  all: ['push'] as const,
  settings: () => [...pushKeys.all, 'settings'] as const,
};

export const pushQueries = {
  settings: () =>
    queryOptions({
      queryKey: pushKeys.settings(),
      queryFn: ({ signal }) => api<PushSettingsAnswer>('/api/account/push-subscriptions', { signal }),
    }),
};

/** The browser's PushSubscription as the API takes it. */
type BrowserSubscription = ReturnType<PushSubscription['toJSON']>;

export const pushMutations = {
  subscribe: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (subscription: BrowserSubscription) =>
        api('/api/account/push-subscriptions', { method: 'POST', body: subscription }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
    }),
  unsubscribe: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (endpoint: string) =>
        api('/api/account/push-subscriptions', { method: 'DELETE', body: { endpoint } }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
    }),
  savePreferences: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (preferences: PushPreferences) =>
        api<PushPreferences>('/api/account/push-subscriptions/preferences', { method: 'PUT', body: preferences }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
    }),
};

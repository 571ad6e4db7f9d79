import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, tokens } from '../api/client.ts';
import type {
  AddressDetails,
  AddressSuggestion,
  OrganizationNotification,
  Prefill,
  Profile,
  ProfileOperation,
  SessionAnswer,
  UnsubscribeModel,
} from './types.ts';

/**
 * Every key of the account feature. The profile is the session's: signing in or out keeps or drops
 * it while everything else is asked again (session.ts).
 */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  organizationNotifications: () => [...accountKeys.all, 'organization-notifications'] as const,
  organizationNotificationList: (urlMagicLink: string) =>
    [...accountKeys.organizationNotifications(), urlMagicLink] as const,
  unsubscribes: () => [...accountKeys.all, 'unsubscribe'] as const,
  unsubscribe: (identity: string, urlMagicLink: string) =>
    [...accountKeys.unsubscribes(), identity, urlMagicLink] as const,
  emailConfirmation: (username: string, token: string) =>
    [...accountKeys.all, 'email-confirmation', username, token] as const,
  onboarding: (uniqueCode: string) => [...accountKeys.all, 'onboarding', uniqueCode] as const,
  addressSuggestions: (search: string, container: string, locale: string) =>
    [...accountKeys.all, 'address-suggestions', search, container, locale] as const,
};

export const accountQueries = {
  /** Spec 000 §2: the address search (Canada and the United States), asked from 3 characters. */
  addressSuggestions: (search: string, container: string, locale: string) =>
    queryOptions({
      queryKey: accountKeys.addressSuggestions(search, container, locale),
      queryFn: ({ signal }) =>
        api<AddressSuggestion[]>('/api/addresses/suggestions', {
          query: { search, ...(container ? { container } : {}) },
          signal,
        }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  /** Spec 000 §3 Account of the signed-in user; only asked with a stored token (useProfile). */
  profile: () =>
    queryOptions({
      queryKey: accountKeys.profile(),
      queryFn: ({ signal }) => api<Profile>('/api/account', { signal }),
      staleTime: 5 * 60_000,
    }),
  organizationNotifications: (urlMagicLink: string) =>
    queryOptions({
      queryKey: accountKeys.organizationNotificationList(urlMagicLink),
      queryFn: () =>
        api<OrganizationNotification[]>('/api/bidder-organization-notifications', { query: { urlMagicLink } }),
    }),
  /** Spec 000 §2 unsubscribe: by the identity code of the link, no login; a refused code is final. */
  unsubscribe: (identity: string, urlMagicLink: string) =>
    queryOptions({
      queryKey: accountKeys.unsubscribe(identity, urlMagicLink),
      queryFn: () =>
        api<UnsubscribeModel>(`/api/bidder-organization-notifications/by-code/${encodeURIComponent(identity)}`, {
          query: { urlMagicLink },
        }),
      retry: false,
    }),
  /** Confirming is what opening the link does, once: a query that never goes stale. */
  emailConfirmation: (username: string, token: string) =>
    queryOptions({
      queryKey: accountKeys.emailConfirmation(username, token),
      queryFn: () => api('/api/account/email-confirmation', { method: 'POST', body: { username, token } }),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  onboardingInfo: (uniqueCode: string) =>
    queryOptions({
      queryKey: accountKeys.onboarding(uniqueCode),
      queryFn: () => api<Prefill>('/api/onboarding/on-board-info', { query: { uniqueCode } }),
      retry: false,
    }),
};

type Notification = { entry: OrganizationNotification; field: string; value: boolean };

/**
 * What the user's actions send. A lookup a form's submit or blur makes (the nickname check, the
 * masked email, the recovery code) is a mutation too, whatever its verb: it is never cached.
 * `gcTime: 0`: a mutation keeps what was sent (passwords, codes) while its screen shows it, and
 * not a moment after (docs/security.md).
 */
export const accountMutations = {
  /** The chosen suggestion's address (a lookup made by a choice: never cached). */
  addressDetails: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'address-details'],
      gcTime: 0,
      mutationFn: (id: string) => api<AddressDetails>(`/api/addresses/${encodeURIComponent(id)}`),
    }),
  /** Spec 000 §7: authenticate, then the token call that opens the session (session.ts startSession). */
  logIn: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'logIn'],
      gcTime: 0,
      mutationFn: async ({
        username,
        password,
        rememberMe,
      }: {
        username: string;
        password: string;
        rememberMe: boolean;
      }) => {
        const first = await api<{ access_token: string }>('/api/account/authenticate', {
          method: 'POST',
          body: { username, password, grant_type: 'password' },
        });
        // The token call is made as the user just authenticated. The session is stored (and the
        // app shows the user signed in) only once it has opened, with its refresh cookie set.
        return api<SessionAnswer>('/api/account/token', {
          method: 'POST',
          body: { rememberMe },
          bearer: first.access_token,
        });
      },
    }),
  register: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'register'],
      gcTime: 0,
      mutationFn: (body: Record<string, unknown>) =>
        api<SessionAnswer>('/api/account/register', { method: 'POST', body }),
    }),
  /** Spec 000 §2: only the changed fields, as PATCH add operations; the answer is the new profile. */
  updateProfile: () =>
    mutationOptions({
      mutationKey: [...accountKeys.profile(), 'update'],
      gcTime: 0,
      mutationFn: (operations: ProfileOperation[]) =>
        api<Profile>('/api/account', { method: 'PATCH', body: operations }),
      onSettled: (profile, _error, _operations, _result, { client }) =>
        profile ? client.setQueryData(accountKeys.profile(), profile) : refreshProfile(client),
    }),
  /** True when no other bidder has the nickname (`userId`: the user's own does not count). */
  checkNickname: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'checkNickname'],
      gcTime: 0,
      mutationFn: (query: { nickName: string; userId?: string }) =>
        api<boolean>('/api/account/unique-nickname', { query }),
    }),
  updatePassword: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'updatePassword'],
      gcTime: 0,
      mutationFn: (form: { currentPassword: string; newPassword: string; confirmNewPassword: string }) =>
        api<{ token?: string }>('/api/account/update-password', { method: 'PUT', body: form }),
      // Other sessions end; this one continues with the new tokens.
      onSuccess: (answer) => {
        if (answer.token) tokens.set(answer.token);
      },
    }),
  updateUsername: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'updateUsername'],
      gcTime: 0,
      mutationFn: (form: { newUserName: string; confirmNewUserName: string }) =>
        api('/api/account/update-username', { method: 'PUT', body: form }),
    }),
  createValidationCode: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'createValidationCode'],
      gcTime: 0,
      mutationFn: () => api('/api/account/create-validation-code', { method: 'POST' }),
    }),
  /** True when the texted code confirmed the phone number, which the profile then shows. */
  validatePhoneNumber: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'validatePhoneNumber'],
      gcTime: 0,
      mutationFn: (code: string) =>
        api<boolean>(`/api/account/validate-phone-number/${encodeURIComponent(code)}`, { method: 'POST' }),
      onSuccess: (ok, _code, _result, { client }) => (ok ? refreshProfile(client) : undefined),
    }),
  resendEmailConfirmation: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'resendEmailConfirmation'],
      gcTime: 0,
      mutationFn: (username: string) =>
        api('/api/account/resend-email-confirmation', { method: 'POST', body: { username } }),
    }),
  passwordRecoveryEmail: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'passwordRecoveryEmail'],
      gcTime: 0,
      mutationFn: (body: { value: string; urlMagicLink: string | null }) =>
        api('/api/account/password-recovery-email', { method: 'POST', body }),
    }),
  maskedEmailForRecovery: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'maskedEmailForRecovery'],
      gcTime: 0,
      mutationFn: (phone: string) =>
        api<{ email: string }>(`/api/account/masked-email-for-recovery/${encodeURIComponent(phone)}`),
    }),
  passwordRecoveryPhone: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'passwordRecoveryPhone'],
      gcTime: 0,
      mutationFn: (body: { value: string; maskedEmail: string; urlMagicLink: string | null }) =>
        api<{ username: string }>('/api/account/password-recovery-phone', { method: 'POST', body }),
    }),
  verifyRecoveryCode: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'verifyRecoveryCode'],
      gcTime: 0,
      mutationFn: ({ code, username }: { code: string; username: string }) =>
        api<{ token: string; username: string }>(
          `/api/account/verify-code-password-recovery/${encodeURIComponent(code)}/${encodeURIComponent(username)}`,
        ),
    }),
  passwordReset: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'passwordReset'],
      gcTime: 0,
      mutationFn: (body: { token: string; email: string; password: string; confirmPassword: string }) =>
        api('/api/account/password-reset', { method: 'POST', body }),
    }),
  resetTemporaryPassword: () =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'resetTemporaryPassword'],
      gcTime: 0,
      mutationFn: (body: { newPassword: string; confirmNewPassword: string }) =>
        api<{ token?: string }>('/api/account/reset-temporary-password', { method: 'POST', body }),
      // The new password ends the sessions of the temporary one: this one continues with the answer's token.
      onSuccess: (answer, _body, _result, { client }) => {
        if (answer.token) tokens.set(answer.token);
        client.setQueryData<Profile>(accountKeys.profile(), (current) =>
          current ? { ...current, hasTemporaryPassword: false } : current,
        );
      },
    }),
  /** An organisation's channel; an organisation never saved (`id` 0) is created with it. */
  saveOrganizationNotification: () =>
    mutationOptions({
      mutationKey: [...accountKeys.organizationNotifications(), 'save'],
      gcTime: 0,
      mutationFn: ({ entry, field, value }: Notification) =>
        entry.id === 0
          ? // Only the changed channel: resending the other one would re-check it against the general channels.
            api('/api/bidder-organization-notifications', {
              method: 'POST',
              body: { organization_Id: entry.organization_Id, [field]: value },
            })
          : api(`/api/bidder-organization-notifications/${entry.id}`, { method: 'PATCH', body: { [field]: value } }),
      onSettled: (_data, _error, _variables, _result, { client }) =>
        client.invalidateQueries({ queryKey: accountKeys.organizationNotifications() }),
    }),
  /** The same by the unsubscribe link's identity code, without login. */
  saveUnsubscribeNotification: (identity: string) =>
    mutationOptions({
      mutationKey: [...accountKeys.unsubscribes(), 'save'],
      gcTime: 0,
      mutationFn: ({ entry, field, value }: Notification) => {
        const base = `/api/bidder-organization-notifications/by-code/${encodeURIComponent(identity)}` as const;
        return entry.id === 0
          ? api(base, { method: 'POST', body: { organization_Id: entry.organization_Id, [field]: value } })
          : api(`${base}/${entry.id}`, { method: 'PATCH', body: [{ fieldName: field, value }] });
      },
      onSettled: (_data, _error, _variables, _result, { client }) =>
        client.invalidateQueries({ queryKey: accountKeys.unsubscribes() }),
    }),
};

function refreshProfile(client: QueryClient) {
  return client.invalidateQueries({ queryKey: accountKeys.profile() });
}

import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi.ts';

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

/** Spec 001 §7's calls, method and path (parameter names are the API's own). */
const SPEC_001_CALLS = [
  'get /api/auctions/url-magic-link',
  'get /api/auctions',
  'get /api/auctions/recently-closed',
  'get /api/auctions/home-page-auctions-stats',
  'get /api/auctions/leaderboard',
  'get /api/auctions/announcements',
  'get /api/auctions/refresh-leaderboard',
  'get /api/auctions/winner-leaderboard',
  'get /api/auctions/get-date-completed/{}',
  'get /api/auctions/organization-teams/url-magic-link',
  'get /api/auctions/carousel/{}',
  'get /api/auctions/donations',
  'post /api/auctions/donations',
  'post /api/auctions/set-auction-status/{}/{}',
  'post /api/auctions/auction-bidder-has-accepted-credit-card-fees/{}/{}',
  'get /api/auction-lot-items',
  'get /api/auction-lot-items/{}',
  'get /api/auction-lot-items/{}/max',
  'get /api/auction-lot-items/refresh-bids/{}',
  'post /api/auction-lot-items/refresh-winners',
  'post /api/bids/auctionlotitem/{}/bid',
  'post /api/bids/auctionlotitem/{}/buy',
  'delete /api/bids/delete-max-bid',
  'patch /api/bids/modify-max-bid',
  'get /api/favorites',
  'get /api/favorites/get-current-favorites',
  'post /api/favorites/{}/{}',
  'delete /api/favorites/{}',
  'get /api/currency-exchange-rates',
  'post /api/onboarding/invite-via-client-app',
  'get /api/account/client-synchronization-time',
];

/** Spec 000 §7's calls: accounts, notifications, cards, payments and invoices. */
const SPEC_000_CALLS = [
  'post /api/account/authenticate',
  'post /api/account/token',
  'post /api/account/register',
  'post /api/account/email-confirmation',
  'patch /api/account',
  'get /api/account/unique-nickname',
  'get /api/account/unique-phone-number',
  'get /api/account/get-by-username',
  'put /api/account/update-username',
  'put /api/account/update-password',
  'post /api/account/create-validation-code',
  'post /api/account/validate-phone-number/{}',
  'post /api/account/password-reset',
  'post /api/account/password-recovery-email',
  'post /api/account/password-recovery-phone',
  'get /api/account/masked-email-for-recovery/{}',
  'get /api/account/verify-code-password-recovery/{}/{}',
  'get /api/account/invoices',
  'get /api/account/client-synchronization-time',
  'get /api/auctions/invoice/{}',
  'patch /api/auctions/invoice/{}',
  'post /api/auctions/invoice/{}/payment',
  'post /api/documents/send-auction-invoice',
  'get /api/bidder-organization-notifications',
  'post /api/bidder-organization-notifications',
  'patch /api/bidder-organization-notifications/{}',
  'get /api/bidder-organization-notifications/by-code/{}',
  'post /api/bidder-organization-notifications/by-code/{}',
  'patch /api/bidder-organization-notifications/by-code/{}/{}',
  'post /api/onboarding/invite-via-client-app',
  'get /api/onboarding/on-board-info',
  'get /api/payment-informations',
  'get /api/payment-methods',
  'get /api/auction-payment-methods',
  'post /api/auction-payment-methods',
  'put /api/auction-payment-methods',
  'post /api/auctions/auction-bidder-has-accepted-credit-card-fees/{}/{}',
  'post /api/payments/stripeinformations/{}/session',
  'get /api/dropdowns/stripeinformations/{}',
  'delete /api/payment-methods/delete-payment-method/{}',
  'get /api/payment-methods/list-active-auction/{}',
  'post /api/payment-methods/replace-payment-method',
  'post /api/auctions/set-auction-status/{}/{}',
];

/** The operator API of docs/operator-api.md. */
const OPERATOR_CALLS = [
  'get /api/admin/organizations',
  'post /api/admin/organizations',
  'patch /api/admin/organizations/{}',
  'post /api/admin/organizations/{}/teams',
  'patch /api/admin/teams/{}',
  'delete /api/admin/teams/{}',
  'get /api/admin/organizations/{}/taxes',
  'put /api/admin/organizations/{}/taxes',
  'get /api/admin/auctions',
  'post /api/admin/auctions',
  'get /api/admin/auctions/{}',
  'patch /api/admin/auctions/{}',
  'post /api/admin/auctions/{}/status',
  'post /api/admin/auctions/{}/categories',
  'patch /api/admin/categories/{}',
  'delete /api/admin/categories/{}',
  'put /api/admin/auctions/{}/categories/order',
  'get /api/admin/auctions/{}/announcements',
  'post /api/admin/auctions/{}/announcements',
  'put /api/admin/auctions/{}/announcements/{}',
  'get /api/admin/auctions/{}/announcements/{}/changes',
  'post /api/admin/auctions/{}/announcements/{}/cancel',
  'post /api/admin/auctions/{}/bidders/{}/messages',
  'post /api/admin/auctions/{}/closing-groups',
  'patch /api/admin/closing-groups/{}',
  'delete /api/admin/closing-groups/{}',
  'post /api/admin/auctions/{}/tabs',
  'patch /api/admin/tabs/{}',
  'delete /api/admin/tabs/{}',
  'put /api/admin/auctions/{}/tabs/order',
  'post /api/admin/auctions/{}/photos',
  'patch /api/admin/auction-photos/{}',
  'delete /api/admin/auction-photos/{}',
  'put /api/admin/auctions/{}/photos/order',
  'post /api/admin/auctions/{}/photos/upload',
  'post /api/admin/auctions/{}/lots',
  'patch /api/admin/lots/{}',
  'post /api/admin/lots/{}/close-early',
  'post /api/admin/lots/{}/hide',
  'post /api/admin/lots/{}/show',
  'post /api/admin/lots/{}/reschedule',
  'post /api/admin/lots/{}/bids/{}/remove',
  'get /api/admin/lots/{}/audit-trail',
];

function describedCalls(document: Document): Set<string> {
  const calls = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of Object.keys(methods)) calls.add(`${method} ${path.replace(/\{[^}]+\}/g, '{}')}`);
  }
  return calls;
}

describe('npm run -s openapi', () => {
  it('describes the API without connecting to anything', async () => {
    const document = (await openApiDocument()) as Document;
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/account/register', '/api/account/authenticate', '/api/onboarding/on-board-info']),
    );
    expect(document.paths['/api/account']).toHaveProperty('patch');
  });

  it('holds every call of spec 000 §7, spec 001 §7 and the operator API', async () => {
    const calls = describedCalls((await openApiDocument()) as Document);
    expect(SPEC_000_CALLS.filter((call) => !calls.has(call))).toEqual([]);
    expect(SPEC_001_CALLS.filter((call) => !calls.has(call))).toEqual([]);
    expect(OPERATOR_CALLS.filter((call) => !calls.has(call))).toEqual([]);
  });

  it('declares the success and the error answers of every operation', async () => {
    const document = (await openApiDocument()) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const undeclared: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const statuses = Object.keys(operation.responses ?? {});
        const success = statuses.some((status) => /^[23]/.test(status));
        // The brand of the host takes no input and reads configuration only: it has nothing to refuse.
        const errors = path === '/api/brand' || statuses.some((status) => /^4/.test(status));
        if (!success || !errors) undeclared.push(`${method} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testApp.ts';
import { type AuthorizationFixtures, authorizationFixtures, PERSONAS, type Persona } from './authorizationFixtures.ts';

/**
 * Who may call each registered route (docs/security.md). Every route the app registers must be
 * listed: a new route fails this test until it is classified.
 * - public: anyone, anonymous included (reads are called with the public auction's ids).
 * - capability: anyone holding the code in its link (an unsubscribe code); without it, refused alike.
 * - private: reads of the private auction: its organisation's staff and administrators only.
 * - authenticated: any signed-in user, about themselves.
 * - operator: auction managers of the organisation owning the thing, and administrators.
 * - operatorList: any auction manager, who sees only their own organisations' things.
 * - administrator: administrators only.
 * - infrastructure: not an API of the product's users (health, metrics, documentation, the local
 *   outbox, the SMS webhook, the hub's upgrade): covered by their own tests.
 */
type Access =
  | 'public'
  | 'capability'
  | 'private'
  | 'authenticated'
  | 'operator'
  | 'operatorList'
  | 'administrator'
  | 'infrastructure';

interface Policy {
  access: Access;
  /** The URL to call (the route's parameters filled from the fixtures); the route's own path when absent. */
  url?: (f: AuthorizationFixtures) => string;
  body?: (f: AuthorizationFixtures) => object;
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const pub = (url?: Policy['url']): Policy => ({ access: 'public', ...(url ? { url } : {}) });
const priv = (url: Policy['url']): Policy => ({ access: 'private', url });
const auth = (url?: Policy['url'], body?: Policy['body']): Policy => ({
  access: 'authenticated',
  ...(url ? { url } : {}),
  ...(body ? { body } : {}),
});
const op = (url: Policy['url'], body?: Policy['body']): Policy => ({
  access: 'operator',
  url,
  ...(body ? { body } : {}),
});
const infra: Policy = { access: 'infrastructure' };
const p = (f: AuthorizationFixtures) => f.privateAuction;

const POLICY: Record<string, Policy> = {
  // Accounts: the caller's own account, or the steps before having one.
  'GET /api/account': auth(),
  'POST /api/account/authenticate': pub(),
  'GET /api/account/client-synchronization-time': pub(),
  'POST /api/account/create-validation-code': pub(),
  'POST /api/account/email-confirmation': pub(),
  'GET /api/account/get-by-username': pub(),
  'GET /api/account/masked-email-for-recovery/:phone': pub(),
  'POST /api/account/password-recovery-email': pub(),
  'POST /api/account/password-recovery-phone': pub(),
  'POST /api/account/password-reset': pub(),
  'POST /api/account/refresh': pub(),
  'DELETE /api/account/refresh': pub(),
  'POST /api/account/register': pub(),
  'POST /api/account/resend-email-confirmation': pub(),
  'POST /api/account/reset-temporary-password': auth(),
  'POST /api/account/temporary-password': {
    access: 'administrator',
    url: () => '/api/account/temporary-password',
    body: (f) => ({ userId: f.users.bidder.id }),
  },
  'PATCH /api/account': auth(),
  'GET /api/account/bids': auth((f) => `/api/account/bids?urlMagicLink=${f.publicAuction.urlMagicLink}`),
  'PUT /api/account/update-username': auth(),
  'PUT /api/account/update-password': auth(),
  'PATCH /api/bidder-organization-notifications/:id': auth(),
  'POST /api/bidder-organization-notifications/by-code/:identity': { access: 'capability' },
  'PATCH /api/bidder-organization-notifications/by-code/:identity/:id': { access: 'capability' },
  'DELETE /api/bids/delete-max-bid': auth(),
  'PATCH /api/bids/modify-max-bid': auth(),
  'POST /api/account/token': auth(),
  'GET /api/account/unique-nickname': pub(),
  'GET /api/account/unique-phone-number': pub(),
  'POST /api/account/update-password': auth(),
  'POST /api/account/update-username': auth(),
  'PUT /api/account': auth(),
  'POST /api/account': auth(),
  'GET /api/account/validate-phone-number/:code': auth(() => '/api/account/validate-phone-number/123456'),
  'POST /api/account/validate-phone-number/:code': auth(() => '/api/account/validate-phone-number/123456'),
  'GET /api/account/verify-code-password-recovery/:code/:username': pub(),
  'POST /api/account/verify-code-password-recovery/:code/:username': pub(),
  'GET /api/bidder-organization-notifications': auth(),
  'PUT /api/bidder-organization-notifications': auth(),
  'POST /api/bidder-organization-notifications': auth(),
  'PUT /api/bidder-organization-notifications/:id': auth(),
  'POST /api/bidder-organization-notifications/:id': auth(),
  'GET /api/bidder-organization-notifications/by-code/:identity': { access: 'capability' },
  'PUT /api/bidder-organization-notifications/by-code/:identity/:id': { access: 'capability' },
  'POST /api/bidder-organization-notifications/by-code/:identity/:id': { access: 'capability' },
  'POST /api/onboarding/invite-via-client-app': {
    access: 'operator',
    url: () => '/api/onboarding/invite-via-client-app',
    body: (f) => ({ phoneNumber: '(450) 555-0177', firstName: 'A', lastName: 'B', auctionId: p(f).id }),
  },
  'GET /api/onboarding/on-board-info': pub(),
  'POST /api/unsubscribe/one-click': { access: 'capability' },
  'GET /api/brand': pub(),
  // A receipt's check says only what the receipt says (docs/audit.md).
  'GET /api/audit/receipts/verify': pub(),
  'POST /api/audit/receipts/verify': pub(),
  // The auditor's replay: reads for the organisation's auditors, managers and administrators (api/test/routes/api/audit).
  'GET /api/audit/auctions': { access: 'operatorList', url: () => '/api/audit/auctions' },
  'GET /api/audit/auctions/:id/lots': op((f) => `/api/audit/auctions/${p(f).id}/lots`),
  'GET /api/audit/lots/:id/replay': op((f) => `/api/audit/lots/${p(f).lotId}/replay`),
  'GET /api/audit/auctions/:id/export': op((f) => `/api/audit/auctions/${p(f).id}/export`),
  'GET /api/addresses/suggestions': pub(() => '/api/addresses/suggestions?search=queen'),
  'GET /api/addresses/:id': pub(() => '/api/addresses/local-0'),

  // Auctions and lots: the public auction for everyone, the private one for its staff.
  'GET /api/auctions': pub(),
  'GET /api/auctions/url-magic-link': priv((f) => `/api/auctions/url-magic-link?urlMagicLink=${p(f).urlMagicLink}`),
  'GET /api/auctions/recently-closed': pub(),
  'GET /api/auctions/home-page-auctions-stats': pub(),
  'GET /api/auctions/get-date-completed/:auctionId': priv((f) => `/api/auctions/get-date-completed/${p(f).id}`),
  'GET /api/auctions/organization-teams/url-magic-link': priv(
    (f) => `/api/auctions/organization-teams/url-magic-link?urlMagicLink=${p(f).urlMagicLink}`,
  ),
  'GET /api/auctions/carousel/:id': priv((f) => `/api/auctions/carousel/${p(f).id}`),
  'GET /api/currency-exchange-rates': pub(),
  'GET /api/auction-lot-items': priv((f) => `/api/auction-lot-items?urlMagicLink=${p(f).urlMagicLink}`),
  'GET /api/auction-lot-items/:id': priv((f) => `/api/auction-lot-items/${p(f).lotId}`),
  'GET /api/auction-lot-items/refresh-bids/:id': priv((f) => `/api/auction-lot-items/refresh-bids/${p(f).lotId}`),
  'GET /api/auction-lot-items/:id/max': auth((f) => `/api/auction-lot-items/${f.publicAuction.lotId}/max`),
  'POST /api/auction-lot-items/refresh-winners': pub(),
  'GET /api/auctions/leaderboard': priv((f) => `/api/auctions/leaderboard?urlMagicLink=${p(f).urlMagicLink}`),
  'GET /api/auctions/announcements': priv((f) => `/api/auctions/announcements?urlMagicLink=${p(f).urlMagicLink}`),
  'GET /api/auctions/refresh-leaderboard': priv(
    (f) => `/api/auctions/refresh-leaderboard?urlMagicLink=${p(f).urlMagicLink}`,
  ),
  'GET /api/auctions/winner-leaderboard': priv(
    (f) => `/api/auctions/winner-leaderboard?urlMagicLink=${p(f).urlMagicLink}`,
  ),
  'POST /api/auctions/set-auction-status/:urlMagicLink/:status': auth(
    (f) => `/api/auctions/set-auction-status/${f.publicAuction.urlMagicLink}/Visited`,
  ),
  'POST /api/auctions/:urlMagicLink/access-code': auth(
    (f) => `/api/auctions/${p(f).urlMagicLink}/access-code`,
    () => ({ code: 'not-the-code-000' }),
  ),
  'PUT /api/auctions/:auctionId/bidders/:userId/status': op(
    (f) => `/api/auctions/${p(f).id}/bidders/${f.users.bidder.id}/status`,
    () => ({ status: 'Invited' }),
  ),
  'POST /api/auctions/auction-bidder-has-accepted-credit-card-fees/:auctionId/:accepted': auth(
    (f) => `/api/auctions/auction-bidder-has-accepted-credit-card-fees/${f.publicAuction.id}/true`,
  ),
  'GET /api/favorites': auth((f) => `/api/favorites?urlMagicLink=${f.publicAuction.urlMagicLink}`),
  'GET /api/favorites/get-current-favorites': auth(
    (f) => `/api/favorites/get-current-favorites?urlMagicLink=${f.publicAuction.urlMagicLink}`,
  ),
  'POST /api/favorites/:lotId/:auctionKey': auth(
    (f) => `/api/favorites/${f.publicAuction.lotId}/${f.publicAuction.urlMagicLink}`,
  ),
  'DELETE /api/favorites/:id': auth((f) => `/api/favorites/${f.publicAuction.lotId}`),
  'POST /api/bids/auctionlotitem/:id/bid': auth(
    (f) => `/api/bids/auctionlotitem/${f.publicAuction.lotId}/bid`,
    () => ({ amount: 100, commandId: randomUUID() }),
  ),
  'POST /api/bids/auctionlotitem/:id/buy': auth(
    (f) => `/api/bids/auctionlotitem/${f.publicAuction.lotId}/buy`,
    () => ({ quantity: 1, commandId: randomUUID() }),
  ),
  'POST /api/bids/modify-max-bid': auth(),
  'POST /api/bids/delete-max-bid': auth(),
  'PUT /api/bids/modify-max-bid': auth(),
  'PUT /api/bids/delete-max-bid': auth(),
  'POST /api/auctions/donations': pub(),
  'GET /api/auctions/donations': auth((f) => `/api/auctions/donations?auctionId=${f.publicAuction.id}`),
  'DELETE /api/auctions/donations/:id': op(() => `/api/auctions/donations/${randomUUID()}`),

  // Cards on file: the caller's own cards (another user's card is not found: api/test/routes/api/cards).
  'GET /api/payment-informations': auth(),
  'GET /api/payment-methods': auth(),
  'GET /api/auction-payment-methods': auth((f) => `/api/auction-payment-methods?auctionId=${f.publicAuction.id}`),
  'POST /api/auction-payment-methods': auth(undefined, (f) => ({ auctionId: f.publicAuction.id, paymentMethod_Id: 1 })),
  'PUT /api/auction-payment-methods': auth(undefined, (f) => ({
    id: 1,
    auctionId: f.publicAuction.id,
    paymentMethod_Id: 1,
  })),
  'POST /api/payments/stripeinformations/:id/session': auth(
    () => '/api/payments/stripeinformations/1/session',
    () => ({ successUrl: 'http://auctions.test/en/profile', cancelUrl: 'http://auctions.test/en/profile' }),
  ),
  'DELETE /api/payment-methods/delete-payment-method/:id': auth(() => '/api/payment-methods/delete-payment-method/1'),
  'GET /api/payment-methods/list-active-auction/:paymentMethodId': auth(
    () => '/api/payment-methods/list-active-auction/1',
  ),
  'POST /api/payment-methods/replace-payment-method': auth(undefined, () => ({
    sourcePaymentMethodId: 1,
    replacingPaymentMethodId: 2,
  })),
  // Invoices: the bidder's own; staff of the organisation read them (an unknown or foreign one is
  // invoice_not_found: api/test/routes/api/invoices).
  'GET /api/account/invoices': auth(),
  'GET /api/auctions/invoice/:id': auth(() => '/api/auctions/invoice/inv_unknown'),
  'PATCH /api/auctions/invoice/:id': auth(
    () => '/api/auctions/invoice/inv_unknown',
    () => [{ fieldName: 'userBusiness', value: 'x' }],
  ),
  'POST /api/auctions/invoice/:id/payment': auth(
    () => '/api/auctions/invoice/inv_unknown/payment',
    () => ({}),
  ),
  'GET /api/auctions/invoice/:id/pdf': auth(() => '/api/auctions/invoice/inv_unknown/pdf'),
  'GET /api/auctions/invoice/:id/receipt.pdf': auth(() => '/api/auctions/invoice/inv_unknown/receipt.pdf'),
  'POST /api/documents/send-auction-invoice': auth(undefined, () => ({
    stripeInvoiceId: 'inv_unknown',
    email: 'someone@example.com',
    language: 'en',
  })),
  // Refunds: the organisation's managers and administrators (an unknown invoice is
  // invoice_not_found alike: api/test/routes/api/invoices/refunds).
  'POST /api/admin/invoices/:stripeInvoiceId/refunds': op(
    () => '/api/admin/invoices/inv_unknown/refunds',
    () => ({ amountCents: 100, reason: 'requested_by_customer', commandId: randomUUID() }),
  ),
  // Check-in at the door (docs/console.md): the organisation's volunteers and managers, and
  // administrators; another organisation's auction is auction_not_found (api/test/routes/api/check-in).
  'GET /api/check-in/auctions': { access: 'operatorList', url: () => '/api/check-in/auctions' },
  'GET /api/check-in/auctions/:id/guests': op((f) => `/api/check-in/auctions/${p(f).id}/guests?q=`),
  'POST /api/check-in/auctions/:id/guests/:userId/arrival': op(
    (f) => `/api/check-in/auctions/${p(f).id}/guests/${f.users.bidder.id}/arrival`,
  ),
  'POST /api/check-in/auctions/:id/walk-ins': op(
    (f) => `/api/check-in/auctions/${p(f).id}/walk-ins`,
    () => ({ firstName: 'Porte', lastName: 'Entrée', email: `porte.${randomUUID()}@example.com` }),
  ),
  'GET /api/admin/auctions/:id/bidders': op((f) => `/api/admin/auctions/${p(f).id}/bidders`),
  // Announcements to an auction's guests (docs/messages.md): its managers and administrators.
  'GET /api/admin/auctions/:id/announcements': op((f) => `/api/admin/auctions/${p(f).id}/announcements`),
  'POST /api/admin/auctions/:id/announcements': op(
    (f) => `/api/admin/auctions/${p(f).id}/announcements`,
    () => ({ message: { en: `Doors open ${randomUUID()}` }, channels: ['email'], commandId: randomUUID() }),
  ),
  'POST /api/admin/auctions/:id/bidders/:userId/messages': op(
    (f) => `/api/admin/auctions/${p(f).id}/bidders/${f.users.bidder.id}/messages`,
    () => ({ message: { en: `Your car ${randomUUID()}` }, channels: ['email'], commandId: randomUUID() }),
  ),
  // An announcement of another auction (or none) is announcement_not_found alike.
  'PUT /api/admin/auctions/:id/announcements/:announcementId': op(
    (f) => `/api/admin/auctions/${p(f).id}/announcements/2147483647`,
    () => ({
      message: { en: 'Doors open at eight' },
      channels: ['email'],
      sendAt: new Date(Date.now() + 3600_000).toISOString(),
      revision: 0,
      commandId: randomUUID(),
    }),
  ),
  'GET /api/admin/auctions/:id/announcements/:announcementId/changes': op(
    (f) => `/api/admin/auctions/${p(f).id}/announcements/2147483647/changes`,
  ),
  'POST /api/admin/auctions/:id/announcements/:announcementId/cancel': op(
    (f) => `/api/admin/auctions/${p(f).id}/announcements/2147483647/cancel`,
  ),
  // The closing minute and the projector (docs/console.md): the projector is as public as the leaderboard.
  'GET /api/admin/auctions/:id/closing-minute': op((f) => `/api/admin/auctions/${p(f).id}/closing-minute`),
  'PUT /api/admin/auctions/:id/fundraising-goal': op(
    (f) => `/api/admin/auctions/${p(f).id}/fundraising-goal`,
    () => ({ goalCents: 2_500_000 }),
  ),
  'GET /api/auctions/:id/projector': priv((f) => `/api/auctions/${p(f).id}/projector`),
  // The console's invoices and payments recorded by hand (api/test/routes/api/admin/invoices).
  'GET /api/admin/auctions/:id/invoices': op((f) => `/api/admin/auctions/${p(f).id}/invoices`),
  'POST /api/admin/invoices/:stripeInvoiceId/manual-payments': op(
    () => '/api/admin/invoices/inv_unknown/manual-payments',
    () => ({ amountCents: 100, method: 'cheque', commandId: randomUUID() }),
  ),
  'POST /api/admin/invoices/:stripeInvoiceId/manual-payments/:paymentId/cancellation': op(
    () => '/api/admin/invoices/inv_unknown/manual-payments/1/cancellation',
    () => ({ reason: 'Typed twice', commandId: randomUUID() }),
  ),
  // Web Push: the caller's own browsers (api/test/routes/api/account/pushSubscriptions).
  'GET /api/account/push-subscriptions': auth(),
  'POST /api/account/push-subscriptions': auth(undefined, () => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/matrix',
    keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
  })),
  'DELETE /api/account/push-subscriptions': auth(),
  'PUT /api/account/push-subscriptions/preferences': auth(undefined, () => ({
    pushOutbidNotifications: false,
    pushGeneralNotifications: true,
  })),
  // The hub's long polling: as public as the WebSocket; a private auction's events are refused
  // inside the poll (api/test/routes/api/hub/longPoll).
  'POST /api/hub/poll': pub(),
  'GET /api/dropdowns/stripeinformations/:companyId': {
    access: 'operatorList',
    url: () => '/api/dropdowns/stripeinformations/1',
  },
  // The operator API.
  'GET /api/admin/organizations': { access: 'operatorList', url: () => '/api/admin/organizations' },
  'POST /api/admin/organizations': {
    access: 'administrator',
    url: () => '/api/admin/organizations',
    body: () => ({ name: `Matrice ${randomUUID()}` }),
  },
  'PATCH /api/admin/organizations/:id': op(
    (f) => `/api/admin/organizations/${f.organizationId}`,
    () => ({ name: `Renommée ${randomUUID()}` }),
  ),
  'GET /api/admin/organizations/:id/teams': op((f) => `/api/admin/organizations/${f.organizationId}/teams`),
  'POST /api/admin/organizations/:id/teams': op(
    (f) => `/api/admin/organizations/${f.organizationId}/teams`,
    () => ({ translations: { fr: 'Équipe rouge' } }),
  ),
  'PATCH /api/admin/teams/:id': op(
    (f) => `/api/admin/teams/${f.teamId}`,
    () => ({ textColor: '#000000' }),
  ),
  'DELETE /api/admin/teams/:id': op((f) => `/api/admin/teams/${f.teamId}`),
  'GET /api/admin/organizations/:id/taxes': op((f) => `/api/admin/organizations/${f.organizationId}/taxes`),
  'PUT /api/admin/organizations/:id/taxes': op(
    (f) => `/api/admin/organizations/${f.organizationId}/taxes`,
    () => ({ taxes: [{ translations: { fr: 'TVH', en: 'HST' }, rate: '13' }] }),
  ),
  // Members and roles (docs/console.md): administrator only for the administrator role.
  'GET /api/admin/organizations/:id/members': op((f) => `/api/admin/organizations/${f.organizationId}/members`),
  'PUT /api/admin/organizations/:id/members/:userId/roles/:role': op(
    (f) => `/api/admin/organizations/${f.organizationId}/members/${f.users.bidder.id}/roles/4`,
  ),
  'DELETE /api/admin/organizations/:id/members/:userId/roles/:role': op(
    (f) => `/api/admin/organizations/${f.organizationId}/members/${f.users.volunteer.id}/roles/4`,
  ),
  'GET /api/admin/users': { access: 'operatorList', url: () => '/api/admin/users?q=demo' },
  'GET /api/admin/auctions': { access: 'operatorList', url: () => '/api/admin/auctions' },
  'POST /api/admin/auctions': op(
    () => '/api/admin/auctions',
    (f) => ({
      organizationId: f.organizationId,
      urlMagicLink: `matrice-${randomUUID().slice(0, 8)}`,
      translations: { fr: { titleShort: 'Matrice' } },
    }),
  ),
  'GET /api/admin/auctions/:id': op((f) => `/api/admin/auctions/${p(f).id}`),
  'PATCH /api/admin/auctions/:id': op(
    (f) => `/api/admin/auctions/${p(f).id}`,
    () => ({ hideCountdown: true }),
  ),
  'POST /api/admin/auctions/:id/status': op(
    (f) => `/api/admin/auctions/${p(f).id}/status`,
    () => ({ status: 2 }),
  ),
  'POST /api/admin/auctions/:id/categories': op(
    (f) => `/api/admin/auctions/${p(f).id}/categories`,
    () => ({ translations: { fr: 'Sports' } }),
  ),
  'PATCH /api/admin/categories/:id': op(
    (f) => `/api/admin/categories/${p(f).categoryId}`,
    () => ({ order: 3 }),
  ),
  'DELETE /api/admin/categories/:id': op((f) => `/api/admin/categories/${p(f).categoryId}`),
  'PUT /api/admin/auctions/:id/categories/order': op(
    (f) => `/api/admin/auctions/${p(f).id}/categories/order`,
    (f) => ({ ids: [p(f).categoryId] }),
  ),
  'POST /api/admin/auctions/:id/tabs': op(
    (f) => `/api/admin/auctions/${p(f).id}/tabs`,
    () => ({ translations: { fr: { name: 'Plus', url: 'plus', title: 'Plus', content: 'Texte' } } }),
  ),
  'PATCH /api/admin/tabs/:id': op(
    (f) => `/api/admin/tabs/${p(f).tabId}`,
    () => ({ order: 3 }),
  ),
  'DELETE /api/admin/tabs/:id': op((f) => `/api/admin/tabs/${p(f).tabId}`),
  'PUT /api/admin/auctions/:id/tabs/order': op(
    (f) => `/api/admin/auctions/${p(f).id}/tabs/order`,
    (f) => ({ ids: [p(f).tabId] }),
  ),
  'POST /api/admin/auctions/:id/closing-groups': op(
    (f) => `/api/admin/auctions/${p(f).id}/closing-groups`,
    () => ({ translations: { fr: 'Second groupe' }, dateCompleted: inHours(5) }),
  ),
  'PATCH /api/admin/closing-groups/:id': op(
    (f) => `/api/admin/closing-groups/${p(f).closingGroupId}`,
    () => ({ isHiddenInMenu: true }),
  ),
  'DELETE /api/admin/closing-groups/:id': op((f) => `/api/admin/closing-groups/${p(f).closingGroupId}`),
  'POST /api/admin/auctions/:id/photos': op(
    (f) => `/api/admin/auctions/${p(f).id}/photos`,
    () => ({ fullPath: 'https://cdn.example.org/autre.jpg' }),
  ),
  'PATCH /api/admin/auction-photos/:id': op(
    (f) => `/api/admin/auction-photos/${p(f).photoId}`,
    () => ({ order: 2 }),
  ),
  'DELETE /api/admin/auction-photos/:id': op((f) => `/api/admin/auction-photos/${p(f).photoId}`),
  'POST /api/admin/auctions/:id/photos/upload': op((f) => `/api/admin/auctions/${p(f).id}/photos/upload`),
  'PUT /api/admin/auctions/:id/photos/order': op(
    (f) => `/api/admin/auctions/${p(f).id}/photos/order`,
    (f) => ({ ids: [p(f).photoId] }),
  ),
  'GET /api/admin/auctions/:id/lots': op((f) => `/api/admin/auctions/${p(f).id}/lots`),
  'POST /api/admin/auctions/:id/lots': op(
    (f) => `/api/admin/auctions/${p(f).id}/lots`,
    () => ({
      lotNumber: 9,
      translations: { fr: { name: 'Vélo' } },
      startingBid: 50,
      minimumIncrement: 5,
      dateCompleted: inHours(4),
      commandId: randomUUID(),
    }),
  ),
  'PATCH /api/admin/lots/:id': op(
    (f) => `/api/admin/lots/${p(f).lotId}`,
    () => ({ offeredBy: 'Boulangerie' }),
  ),
  'GET /api/admin/auctions/:id/live-lots': op((f) => `/api/admin/auctions/${p(f).id}/live-lots`),
  'POST /api/admin/lots/:id/live-sale': op(
    (f) => `/api/admin/lots/${p(f).lotId}/live-sale`,
    (f) => ({ bidderId: f.users.bidder.id, amount: 125 }),
  ),
  'POST /api/admin/lots/:id/live-sale/correction': op(
    (f) => `/api/admin/lots/${p(f).lotId}/live-sale/correction`,
    (f) => ({ bidderId: f.users.bidder.id, amount: 130, reason: 'Paddle misread' }),
  ),
  'POST /api/admin/auctions/:id/lot-import/preview': op(
    (f) => `/api/admin/auctions/${p(f).id}/lot-import/preview`,
    () => ({ csv: 'lotNumber,nameFr,startingBid,dateCompleted\n900,Vase,10,2030-01-01T00:00:00Z' }),
  ),
  'POST /api/admin/auctions/:id/lot-import': op(
    (f) => `/api/admin/auctions/${p(f).id}/lot-import`,
    () => ({ csv: 'lotNumber,nameFr,startingBid,dateCompleted\n900,Vase,10,2030-01-01T00:00:00Z' }),
  ),
  'GET /api/admin/auctions/:id/exports/:kind': op((f) => `/api/admin/auctions/${p(f).id}/exports/winners`),
  'POST /api/admin/lots/:id/close-early': op(
    (f) => `/api/admin/lots/${p(f).lotId}/close-early`,
    () => ({}),
  ),
  'POST /api/admin/lots/:id/hide': op(
    (f) => `/api/admin/lots/${p(f).lotId}/hide`,
    () => ({}),
  ),
  'POST /api/admin/lots/:id/show': op(
    (f) => `/api/admin/lots/${p(f).lotId}/show`,
    () => ({}),
  ),
  'POST /api/admin/lots/:id/reschedule': op(
    (f) => `/api/admin/lots/${p(f).lotId}/reschedule`,
    () => ({ dateCompleted: inHours(3) }),
  ),
  'POST /api/admin/lots/:id/bids/:bidId/remove': op(
    (f) => `/api/admin/lots/${p(f).lotId}/bids/${randomUUID()}/remove`,
    () => ({ reason: 'Erreur de saisie' }),
  ),
  'GET /api/admin/lots/:id/bids': op((f) => `/api/admin/lots/${p(f).lotId}/bids`),
  'GET /api/admin/lots/:id/bids/:bidId/removal-preview': op(
    (f) => `/api/admin/lots/${p(f).lotId}/bids/${randomUUID()}/removal-preview`,
  ),
  'GET /api/admin/lots/:id/audit-trail': op((f) => `/api/admin/lots/${p(f).lotId}/audit-trail`),
  'POST /api/admin/lots/:id/photos': op((f) => `/api/admin/lots/${p(f).lotId}/photos`),
  'GET /api/media/lot-photos/:name': pub(() => `/api/media/lot-photos/${randomUUID()}-large.webp`),
  'GET /api/media/banners/:name': pub(() => `/api/media/banners/${randomUUID()}-banner.webp`),

  // Not the product's user API.
  'GET /api/health': infra,
  'GET /api/health/ready': infra,
  'GET /metrics': infra,
  'GET /api/docs': infra,
  'GET /api/docs/*': infra,
  'GET /api/docs/json': infra,
  'GET /api/docs/yaml': infra,
  'GET /api/docs/static/*': infra,
  'GET /api/docs/static/index.html': infra,
  'GET /api/docs/static/swagger-initializer.js': infra,
  'GET /api/docs/': infra,
  'POST /api/sms/inbound': infra,
  // Stripe's events: authenticated by their signature (api/test/routes/api/cards).
  'POST /api/payments/stripe-webhook': infra,
  'GET /api/BidNotificationHub': infra,
  'GET /api/dev/outbox': infra,
  'GET /outbox': infra,
  'GET /admin/queues': infra,
  'GET /admin/queues/*': infra,
  'GET /*': infra,
  'GET /': infra,
};

/** Who each access class refuses. */
const REFUSED: Record<Exclude<Access, 'infrastructure'>, readonly Persona[]> = {
  public: [],
  capability: [],
  private: ['anonymous', 'bidder', 'otherManager', 'auditor'],
  authenticated: ['anonymous'],
  // An auditor reads the bid log and changes nothing: every operator call refuses them but those
  // reads (ALSO_ALLOWED).
  operator: ['anonymous', 'bidder', 'volunteer', 'otherManager', 'auditor'],
  operatorList: ['anonymous', 'bidder', 'volunteer', 'auditor'],
  administrator: ['anonymous', 'bidder', 'volunteer', 'otherManager', 'manager', 'auditor'],
};

/**
 * The invitation (spec 000 §6) and the door's check-in are the operator calls a volunteer of the
 * organisation may make; the audit's reads are the only ones an auditor may.
 */
const ALSO_ALLOWED: Record<string, readonly Persona[]> = {
  'POST /api/onboarding/invite-via-client-app': ['volunteer'],
  'GET /api/check-in/auctions': ['volunteer'],
  'GET /api/check-in/auctions/:id/guests': ['volunteer'],
  'POST /api/check-in/auctions/:id/guests/:userId/arrival': ['volunteer'],
  'POST /api/check-in/auctions/:id/walk-ins': ['volunteer'],
  'GET /api/audit/auctions': ['auditor'],
  'GET /api/audit/auctions/:id/lots': ['auditor'],
  'GET /api/audit/lots/:id/replay': ['auditor'],
  'GET /api/audit/auctions/:id/export': ['auditor'],
};

/**
 * The policy of a route: its entry in the table, or for the files of the web app and of the
 * queues' dashboard (administrators only, bullBoard.int.test.ts), infrastructure.
 */
function policyOf(route: string): Policy | undefined {
  const listed = POLICY[route];
  if (listed) return listed;
  const path = route.split(' ')[1] ?? '';
  if (/^\/(assets|demo|icons)\//.test(path) || path === '/index.html' || path.startsWith('/admin/queues')) return infra;
  // The installable app's files (web/public): the manifest and the service worker, with the
  // build's precompressed copies; and the build's list of a lot page's chunks and the header's
  // words (public, like the chunks it names), which the server reads for an auction page's first screen.
  if (/^\/(sw\.js|manifest\.webmanifest|first-screens\.json)(\.gz|\.br)?$/.test(path)) return infra;
  return undefined;
}

let test: TestApp;
let f: AuthorizationFixtures;
const routes: string[] = [];

beforeAll(async () => {
  test = await startTestApp({
    app: {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${route.url}`);
        }
      },
    },
  });
  f = await authorizationFixtures(test);
});
afterAll(async () => {
  await test?.close();
});

/** A digest of every row a refused call must leave alone. */
async function fingerprint(): Promise<string> {
  const tables = [
    'organizations',
    'organization_teams',
    'organization_users',
    'auctions',
    'auction_translations',
    'lots',
    'item_categories',
    'closing_groups',
    'auction_tabs',
    'auction_photos',
    'auction_bidders',
    'onboarding_invitations',
    'favorites',
    'events',
  ];
  const parts = tables.map((table) => sql`SELECT ${table} || t::text AS row FROM ${sql.table(table)} t`);
  const { rows } = await sql<{ digest: string }>`
    SELECT md5(coalesce(string_agg(row, '|' ORDER BY row), '')) AS digest FROM (${sql.join(parts, sql` UNION ALL `)}) r`.execute(
    test.database.db,
  );
  return rows[0]?.digest ?? '';
}

function call(route: string, policy: Policy, persona: Persona) {
  const [method, path] = route.split(' ') as [string, string];
  const body = policy.body?.(f);
  return test.app.inject({
    method: method as 'GET',
    url: policy.url ? policy.url(f) : path,
    headers: f.headers[persona],
    ...(body ? { payload: body } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('the authorisation matrix', () => {
  it('classifies every registered route', () => {
    expect(routes.length).toBeGreaterThan(50);
    const unlisted = [...new Set(routes)].filter((route) => !policyOf(route));
    expect(unlisted, 'routes missing from the policy table of authorizationMatrix.int.test.ts').toEqual([]);
  });

  it('refuses every role a route does not allow, changing nothing', async () => {
    const failures: string[] = [];
    for (const route of [...new Set(routes)].sort()) {
      const policy = policyOf(route);
      if (!policy || policy.access === 'infrastructure') continue;
      const refused = REFUSED[policy.access].filter((persona) => !ALSO_ALLOWED[route]?.includes(persona));
      if (refused.length === 0) continue;
      const before = await fingerprint();
      for (const persona of refused) {
        const response = await call(route, policy, persona);
        // An authenticated route checks its token after validating the input: an anonymous call
        // with input the route cannot read is refused as bad input, which is also a refusal.
        const lenient = policy.access === 'authenticated' && !policy.body ? [400] : [];
        if (![401, 403, 404, ...lenient].includes(response.statusCode)) {
          failures.push(`${route} as ${persona}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
      if ((await fingerprint()) !== before) failures.push(`${route}: a refused call changed the database`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the allowed roles read, without a server error', async () => {
    const failures: string[] = [];
    for (const route of [...new Set(routes)].sort()) {
      const policy = policyOf(route);
      if (!policy || policy.access === 'infrastructure' || policy.access === 'capability') continue;
      if (!route.startsWith('GET ')) continue;
      const refused = REFUSED[policy.access].filter((persona) => !ALSO_ALLOWED[route]?.includes(persona));
      for (const persona of PERSONAS.filter((each) => !refused.includes(each))) {
        const response = await call(route, policy, persona);
        if ([401, 403].includes(response.statusCode) || response.statusCode >= 500) {
          failures.push(`${route} as ${persona}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("shows an auction manager of another organisation none of this organisation's things", async () => {
    const organizations = (
      await call('GET /api/admin/organizations', POLICY['GET /api/admin/organizations'] as Policy, 'otherManager')
    ).json();
    expect(organizations.map((o: { id: number }) => o.id)).toEqual([f.otherOrganizationId]);
    const auctions = (
      await call('GET /api/admin/auctions', POLICY['GET /api/admin/auctions'] as Policy, 'otherManager')
    ).json();
    expect(auctions).toEqual([]);
    const own = (await call('GET /api/admin/auctions', POLICY['GET /api/admin/auctions'] as Policy, 'manager')).json();
    expect(own.map((a: { id: number }) => a.id).sort()).toEqual([f.publicAuction.id, f.privateAuction.id].sort());
  });
});

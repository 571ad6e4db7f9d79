import { startStack } from './load-tests/src/stack.ts';
import { ApiClient } from './load-tests/src/http.ts';
const stack = await startStack({ apiProcesses: 1, hubProcesses: 0, databaseUrl: null, redisUrl: null, profileDir: null, log: console.log });
const c = new ApiClient(stack.apiUrls, 4);
try {
  const admin = (await c.expect<any>('POST', '/api/account/authenticate', { username: 'admin@demo.local', password: 'Demo-Admin-2026!', grant_type: 'password' })).access_token;
  const org = await c.expect<any>('POST', '/api/admin/organizations', { name: 'k6 check' }, admin);
  const t0 = Date.now() + 2000;
  const auction = await c.expect<any>('POST', '/api/admin/auctions', { organizationId: org.id, urlMagicLink: 'k6-check', translations: { en: { titleShort: 'k6' }, fr: { titleShort: 'k6' } }, dateOpen: new Date(Date.now() - 60000).toISOString(), dateCompleted: new Date(t0 + 3600000).toISOString(), status: 3, requireCCToBid: false, requireAddressToBid: false, allowProxyBidding: false }, admin);
  console.log('auction status', auction.status, auction.id);
  const lot = await c.request('POST', `/api/admin/auctions/${auction.id}/lots`, { lotNumber: 1, type: 1, translations: { en: { name: 'Lot 1' }, fr: { name: 'Lot 1' } }, startingBid: 10, minimumIncrement: 0.01, dateCompleted: new Date(t0 + 600000).toISOString(), allowsTimeExtension: true, extensionDurationInMinutes: 1, extensionDurationMaximumMinutes: 1, minutesLeftBeforeAllowingExtension: 1, commandId: 'k6-check-open-0' }, admin);
  console.log('lot', lot.status, (lot.body as any).id);
  const reg = await c.request('POST', '/api/account/register', { username: 'k6check@example.com', password: 'Load-Test-2026!', confirmPassword: 'Load-Test-2026!', firstName: 'Load', lastName: 'Browser', nickName: 'k6check', cellphone: '(438) 555-7777', sendSMSNotifications: false, sendEmailNotifications: true });
  console.log('register', reg.status);
  const token = (reg.body as any).token;
  const id = (lot.body as any).id;
  for (const cents of [1000 + 5, 1000 + 17, 1000 + 17, 1000 + 18]) {
    const b = await c.request('POST', `/api/bids/auctionlotitem/${id}/bid`, { amount: cents / 100, commandId: `k6-x-${cents}-${Math.random()}` }, token);
    console.log('bid', cents, b.status, (b.body as any).message, (b.body as any).standing?.dateCompleted, (b.body as any).standing?.price);
  }
  const bad = await c.request('POST', `/api/bids/auctionlotitem/${id}/bid`, { amount: 5, commandId: 'short' }, token);
  console.log('bad', bad.status, JSON.stringify(bad.body).slice(0, 200));
  const list = await c.request('GET', `/api/auction-lot-items?urlMagicLink=k6-check&currentPage=1&pageSize=20&sorts[0].column=dateCompleted&sorts[0].asc=true`);
  console.log('list', list.status, (list.body as any).count);
  const a = await c.request('GET', `/api/auctions/url-magic-link?urlMagicLink=k6-check`);
  console.log('auction read', a.status);
  const d = await c.request('GET', `/api/auction-lot-items/${id}`);
  console.log('detail', d.status, (d.body as any).listBidsHistory?.length);
} finally { await c.close(); await stack.stop(); }

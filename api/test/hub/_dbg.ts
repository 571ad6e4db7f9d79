import { HubClient, startHubApp } from './hubTestKit.ts';

const hub = await startHubApp({ redisUrl: 'redis://127.0.0.1:6390', redisPrefix: 'dbg:' });
try {
  await HubClient.connect(hub.url().replace('BidNotificationHub', 'nope'));
} catch (e) {
  console.log('err', String(e));
}
const keep = setInterval(() => {}, 1000);
const t = Date.now();
await hub.app.close();
clearInterval(keep);
console.log('closed in', Date.now() - t);

// The bidding runs' `watchers` scenario, which the scripts export as their own `watch`: a person
// watching the auction live, one WebSocket on the bid notification hub subscribed to it for the
// length of the load. Imports k6 modules and the shared pricing and settings only.
import { Trend } from 'k6/metrics';
import { clearInterval, setInterval, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import { sentAtOf } from './bidding.js';
import { LOAD_SECONDS, TARGET } from './settings.js';

const propagation = new Trend('bid_propagation_ms', true);

const HUB = `${TARGET.replace(/^http/, 'ws')}/api/BidNotificationHub`;

/**
 * Watches the auction setup() made (data.auctionId) for the whole load and adds to bid_propagation_ms,
 * for every bid received, the time from its send (read back from its amount) to this watcher.
 */
export function watch(data) {
  const socket = new WebSocket(HUB);
  socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', auctionId: data.auctionId }));
  socket.onmessage = (message) => {
    const received = Date.now();
    const frame = JSON.parse(message.data);
    if (frame.type !== 'events') return;
    for (const event of frame.events) {
      if (event.event !== 'BidReceived' || !event.data.price) continue;
      // From the bid's send time (read back from its amount) to this watcher: includes the bid's own answer time.
      propagation.add(received - sentAtOf(data.t0, Math.round(event.data.price.value * 100)));
    }
  };
  // A ping every 20 s, so that nothing on the way (a proxy) takes a watcher who only listens for idle.
  const keepAlive = setInterval(() => socket.send(JSON.stringify({ type: 'ping' })), 20_000);
  setTimeout(() => {
    clearInterval(keepAlive);
    socket.close();
  }, LOAD_SECONDS * 1000);
}

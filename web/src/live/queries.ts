import type { HubPollAnswer, HubPollBody } from '@auction/contract';
import { api } from '../api/client.ts';

/**
 * One long poll of the hub's HTTP fallback (docs/hub.md "Long polling"), for networks that block
 * WebSockets: the server holds it up to 25 s and answers the messages a socket would have received.
 * Carries the session's access token like every call, so per-user events work as on the socket.
 */
export function pollHub(body: HubPollBody, signal: AbortSignal): Promise<HubPollAnswer> {
  return api<HubPollAnswer>('/api/hub/poll', { method: 'POST', body, signal });
}

import { Agent, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../useTestApp.ts';

const test = useTestApp();
// One kept-alive connection for every poll, as a browser keeps one to the server between polls.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const connections: Socket[] = [];
let port: number;
beforeAll(async () => {
  test.app.server.on('connection', (socket: Socket) => connections.push(socket));
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  port = (test.app.server.address() as AddressInfo).port;
});
afterAll(() => agent.destroy());

function poll(auctionId: number): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify({ subscriptions: [{ auctionId }], waitMs: 0 });
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/hub/poll',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

describe('long polls on one kept-alive connection', () => {
  it('leave no listener behind on the connection, however many there are', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const first = await poll(test.galaId);
      expect(first.status, first.body).toBe(200);
      expect(connections).toHaveLength(1);
      const [connection] = connections as [Socket];
      const listening = connection.listenerCount('close');
      for (let i = 0; i < 15; i += 1) {
        const next = await poll(test.galaId);
        expect(next.status, next.body).toBe(200);
      }
      // Still the one connection, with no more listeners than after the first poll.
      expect(connections).toHaveLength(1);
      expect(connection.listenerCount('close')).toBe(listening);
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

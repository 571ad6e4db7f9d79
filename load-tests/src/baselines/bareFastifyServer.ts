import Fastify from 'fastify';

/**
 * The machine's HTTP limit for the baseline: a bare Fastify process answering one small JSON
 * object, no logging, no validation, no database. Tells the parent its port over IPC.
 */
const app = Fastify({ logger: false });
app.get('/ping', async () => ({ ok: true, at: Date.now() }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => void app.close().then(() => process.exit(0)));

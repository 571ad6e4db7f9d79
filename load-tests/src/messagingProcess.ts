import { createDb, createPool, startLocalMessaging } from '@auction/platform';

/**
 * The local SMTP catcher and SMS double of the runner's stack, in a process of their own: at
 * thousands of bids a second the outbid emails they receive (and store for the outbox) would
 * otherwise share the load generator's event loop. Tells the parent their URLs over IPC.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const db = createDb(createPool(databaseUrl, 4));
const messaging = await startLocalMessaging({ db });
process.send?.({ type: 'listening', smtpUrl: messaging.smtpUrl, twilioApiUrl: messaging.twilioApiUrl });
process.on('disconnect', () => {
  void messaging
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});

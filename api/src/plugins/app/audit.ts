import { generateKeyPairSync } from 'node:crypto';
import fp from 'fastify-plugin';
import { auditRepository } from '../../audit/auditRepository.ts';
import { type ReceiptService, receiptService } from '../../audit/receipts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bid receipts: signed on an accepted bid, verified against the log (docs/audit.md). */
    auditReceipts: ReceiptService;
  }
}

export default fp(
  async (app) => {
    // Without the installation's key (tests), receipts are signed by a key of this process only.
    const key = app.auditSigningKey ?? generateKeyPairSync('ed25519').privateKey;
    app.decorate('auditReceipts', receiptService(auditRepository(app.pool), key));
  },
  { name: 'audit', dependencies: ['infrastructure'] },
);

import { generateKeyPairSync } from 'node:crypto';
import fp from 'fastify-plugin';
import { type AuditRepository, auditRepository } from '../../audit/auditRepository.ts';
import { type ReceiptService, receiptService } from '../../audit/receipts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bid receipts: signed on an accepted bid, verified against the log (docs/audit.md). */
    auditReceipts: ReceiptService;
    /** The log's reads for auditors: an auction's export. */
    auditLog: Pick<AuditRepository, 'auctionExport'>;
  }
}

export default fp(
  async (app) => {
    // Without the installation's key (tests), receipts are signed by a key of this process only.
    const key = app.auditSigningKey ?? generateKeyPairSync('ed25519').privateKey;
    const repository = auditRepository(app.pool);
    app.decorate('auditReceipts', receiptService(repository, key));
    app.decorate('auditLog', { auctionExport: repository.auctionExport });
  },
  { name: 'audit', dependencies: ['infrastructure'] },
);

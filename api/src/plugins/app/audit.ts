import { generateKeyPairSync } from 'node:crypto';
import { publicKeyText } from '@auction/engine/audit';
import fp from 'fastify-plugin';
import { type AuditReplayService, auditReplayService } from '../../audit/auditReplayService.ts';
import { type AuditRepository, auditRepository } from '../../audit/auditRepository.ts';
import { type ReceiptService, receiptService } from '../../audit/receipts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bid receipts: signed on an accepted bid, verified against the log (docs/audit.md). */
    auditReceipts: ReceiptService;
    /** The log's reads for auditors: an auction's export. */
    auditLog: Pick<AuditRepository, 'auctionExport'>;
    /** The auditor's replay: auctions and lots to audit, a lot's stream step by step with its verdict. */
    auditReplay: AuditReplayService;
  }
}

export default fp(
  async (app) => {
    // Without the installation's key (tests), receipts are signed by a key of this process only.
    const key = app.auditSigningKey ?? generateKeyPairSync('ed25519').privateKey;
    const repository = auditRepository(app.pool);
    app.decorate('auditReceipts', receiptService(repository, key));
    app.decorate('auditLog', { auctionExport: repository.auctionExport });
    // A checkpoint is held to the installation's key only when this process has it (not in tests).
    const trustedKey = app.auditSigningKey ? publicKeyText(app.auditSigningKey) : undefined;
    app.decorate('auditReplay', auditReplayService(app.pool, app.db, trustedKey));
  },
  { name: 'audit', dependencies: ['infrastructure'] },
);

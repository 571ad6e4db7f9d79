import { auditContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentRoutes } from '../../../routeDocs.ts';

/** Public and unauthenticated: limited per address, as each check reads the log. */
const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * A bid receipt checked against the tamper-evident log (docs/audit.md): anyone holding a receipt
 * may ask; the answer says only whether that bid is there, unchanged, which the receipt already
 * tells its holder, so it discloses nothing about other bids.
 */
const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['audit'] });

  app.get(
    '/api/audit/receipts/verify',
    {
      config: limit,
      schema: {
        summary: "Whether a receipt's bid is in the log, unchanged (the receipt's JSON in `receipt`)",
        ...auditContract.verifyReceipt,
      },
    },
    async (request) => app.auditReceipts.verify(request.query.receipt),
  );

  app.post(
    '/api/audit/receipts/verify',
    {
      config: limit,
      schema: {
        summary: "Whether a receipt's bid is in the log, unchanged (the receipt as the body)",
        ...auditContract.verifyReceiptPost,
      },
    },
    async (request) => app.auditReceipts.verify(request.body),
  );
};

export default receiptRoutes;

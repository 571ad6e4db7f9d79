import { z } from 'zod';

const probe = z.object({ ok: z.boolean(), error: z.string().optional() });

/** GET /api/health: 200 when PostgreSQL and Redis both answer, else 503 with the one that did not. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  postgres: probe,
  redis: probe,
});

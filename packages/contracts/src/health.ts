import { z } from 'zod';

export const ZHealthReply = z.object({ status: z.literal('ok') });
/** `redis` is present only when the server is configured with REDIS_URL. */
export const ZReadyReply = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.boolean(),
  redis: z.boolean().optional(),
});

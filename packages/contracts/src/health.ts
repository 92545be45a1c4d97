import { z } from 'zod';

export const ZHealthReply = z.object({ status: z.literal('ok') });
/** `redis` is present only when the server is configured with REDIS_URL. */
export const ZReadyReply = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.boolean(),
  /** The staff directory (Contacts) is built: the first clinician after a start does not wait for it. */
  directory: z.boolean(),
  redis: z.boolean().optional(),
});

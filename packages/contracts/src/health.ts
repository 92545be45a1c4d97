import { z } from 'zod';

export const ZHealthReply = z.object({ status: z.literal('ok') });
export const ZReadyReply = z.object({ status: z.enum(['ready', 'unavailable']), database: z.boolean() });

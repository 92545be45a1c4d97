import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZId } from './common';

/** SMS in a period: sent (priority alerts and account codes) and refused by a cap. */
export const ZSmsCounts = z.object({
  sent: z.number().int().nonnegative(),
  /** Priority messages and their reminders. */
  priority: z.number().int().nonnegative(),
  /** Verification and reset codes. */
  codes: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
});
export type TSmsCounts = z.infer<typeof ZSmsCounts>;

export const ZSmsCaps = z.object({
  perMessage: z.number().int(),
  perRecipientHour: z.number().int(),
  perSenderHour: z.number().int(),
  perSenderDay: z.number().int(),
  perDay: z.number().int(),
});

/** GET /api/v1/sms/usage (Admin): the SMS spend, today and this month (UTC), and who causes it. */
export const ZSmsUsageReply = z.object({
  data: z.object({
    today: ZSmsCounts,
    month: ZSmsCounts,
    /** This month's senders of priority SMS, most first (at most 5). */
    topSenders: z.array(
      z.object({
        userId: ZId,
        fullName: z.string(),
        sent: z.number().int().nonnegative(),
        refused: z.number().int().nonnegative(),
      }),
    ),
    caps: ZSmsCaps,
  }),
});
export type TSmsUsage = z.infer<typeof ZSmsUsageReply>['data'];

export const smsRoutes = {
  usage: apiRoute({ method: 'GET', path: '/sms/usage', reply: ZSmsUsageReply }),
} as const;

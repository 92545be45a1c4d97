import type { TLanguage } from '@rounds/contracts/common';
import { toLanguage } from '@rounds/contracts/common';
import type { TSmsCounts, TSmsUsage } from '@rounds/contracts/sms';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { usersByIds } from '../users/users.store';
import type { Notifier } from './notify.service';
import * as store from './sms.store';

/** Which cap refused an SMS (recorded with it). */
export type SmsRefusal = 'message' | 'recipient-hour' | 'sender-hour' | 'sender-day' | 'server-day';

/** A priority SMS the caps allowed: to whom, and the language of its text. */
export type SmsGrant = { userId: string; to: string; language: TLanguage };

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * Priority SMS caps and the SMS ledger (docs/decisions.md "SMS caps"). Caps are counters in fixed windows,
 * each raised by one conditional upsert, so several processes never overshoot; each (message, person, kind)
 * has one ledger row, so a re-mark never texts again and a reminder goes once.
 */
export function createSmsBudget(config: Config, db: Db) {
  let sweptAt = 0;

  /**
   * The windowed caps one SMS passes, in order; the first full one refuses it. The per-person cap counts the
   * phone number, so accounts sharing one number share its cap.
   */
  const windows = (senderId: string, phone: string, now: number) => {
    const hour = Math.floor(now / HOUR);
    const day = Math.floor(now / DAY);
    return [
      {
        reason: 'recipient-hour',
        key: `r:${phone}:${hour}`,
        cap: config.SMS_MAX_PER_RECIPIENT_HOUR,
        end: (hour + 1) * HOUR,
      },
      {
        reason: 'sender-hour',
        key: `s:${senderId}:${hour}`,
        cap: config.SMS_MAX_PER_SENDER_HOUR,
        end: (hour + 1) * HOUR,
      },
      { reason: 'sender-day', key: `sd:${senderId}:${day}`, cap: config.SMS_MAX_PER_SENDER_DAY, end: (day + 1) * DAY },
      { reason: 'server-day', key: `d:${day}`, cap: config.SMS_MAX_PER_DAY, end: (day + 1) * DAY },
    ] as const;
  };

  return {
    /**
     * In the caller's transaction: which of these members an SMS about this message may go to. Members
     * without a phone, and those this message already texted (or refused) for this kind, are in neither
     * list. A reminder goes only to members the message itself texted.
     */
    reserve: async (
      trx: Db,
      o: { kind: 'priority' | 'reminder'; senderId: string; messageId: string; recipientIds: string[]; now: number },
    ): Promise<{ granted: SmsGrant[]; withheld: string[] }> => {
      const granted: SmsGrant[] = [];
      const withheld: string[] = [];
      if (o.recipientIds.length === 0) return { granted, withheld };
      if (o.now - sweptAt > HOUR) {
        sweptAt = o.now;
        await store.forgetExpiredSmsCounters(trx, o.now);
      }
      const people = await usersByIds(trx, o.recipientIds, ['phone', 'phone_country_code', 'language'], 'notDeleted');
      const earlier = await store.sentSmsOfMessage(trx, o.messageId);
      const texted = new Set(earlier.filter((r) => r.kind === 'priority').map((r) => r.recipient_id));
      let messageCount = texted.size;
      for (const p of people) {
        if (!p.phone || !p.phone_country_code) continue;
        if (o.kind === 'reminder' && !texted.has(p.id)) continue;
        const id = newId(o.now);
        const claimed = await store.claimSmsSend(trx, {
          id,
          kind: o.kind,
          sender_id: o.senderId,
          recipient_id: p.id,
          message_id: o.messageId,
          status: 'sent',
          reason: null,
          created_at: o.now,
        });
        if (!claimed) continue;
        let refusal: SmsRefusal | null = null;
        if (o.kind === 'priority' && messageCount >= config.SMS_MAX_PER_MESSAGE) refusal = 'message';
        const taken: string[] = [];
        const to = `${p.phone_country_code}${p.phone}`;
        for (const w of refusal ? [] : windows(o.senderId, to, o.now)) {
          if (!(await store.takeSmsCounter(trx, w.key, w.cap, w.end))) {
            refusal = w.reason;
            break;
          }
          taken.push(w.key);
        }
        if (refusal) {
          for (const key of taken) await store.giveSmsCounter(trx, key);
          await store.refuseSmsSend(trx, id, refusal);
          withheld.push(p.id);
          continue;
        }
        if (o.kind === 'priority') messageCount += 1;
        granted.push({ userId: p.id, to, language: toLanguage(p.language) });
      }
      return { granted, withheld };
    },

    /** The spend an Admin sees: today and this month (UTC), and this month's top senders. */
    usage: async (now = Date.now()): Promise<TSmsUsage> => {
      const d = new Date(now);
      const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      const tally = async (since: number): Promise<TSmsCounts> => {
        const rows = await store.smsCountsSince(db, since);
        const c = { sent: 0, priority: 0, codes: 0, refused: 0 };
        for (const r of rows) {
          const n = Number(r.n);
          if (r.status === 'refused') c.refused += n;
          else if (r.kind === 'account') c.codes += n;
          else c.priority += n;
        }
        c.sent = c.priority + c.codes;
        return c;
      };
      const top = await store.topSmsSenders(db, monthStart);
      return {
        today: await tally(dayStart),
        month: await tally(monthStart),
        topSenders: top.map((r) => ({
          userId: r.sender_id!,
          fullName: `${r.first_name} ${r.last_name}`.trim(),
          sent: Number(r.sent),
          refused: Number(r.refused),
        })),
        caps: {
          perMessage: config.SMS_MAX_PER_MESSAGE,
          perRecipientHour: config.SMS_MAX_PER_RECIPIENT_HOUR,
          perSenderHour: config.SMS_MAX_PER_SENDER_HOUR,
          perSenderDay: config.SMS_MAX_PER_SENDER_DAY,
          perDay: config.SMS_MAX_PER_DAY,
        },
      };
    },
  };
}

export type SmsBudget = ReturnType<typeof createSmsBudget>;

/**
 * The notifier every module uses, with each SMS it sends (account codes) written to the ledger, so the
 * Admin's spend counts them too. Priority SMS go through the budget, which writes its own rows.
 */
export function withSmsLedger(notifier: Notifier, db: Db): Notifier {
  return {
    ...notifier,
    sms: async (to, text) => {
      await notifier.sms(to, text);
      await store
        .insertSmsSend(db, {
          id: newId(),
          kind: 'account',
          sender_id: null,
          recipient_id: null,
          message_id: null,
          status: 'sent',
          reason: null,
          created_at: Date.now(),
        })
        .catch(() => undefined);
    },
  };
}

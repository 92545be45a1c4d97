import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { OutboxTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertOutboxRow } from './outbox.store';

export type Notifier = {
  email: (to: string, subject: string, text: string) => Promise<void>;
  sms: (to: string, text: string) => Promise<void>;
  /**
   * One SMS or email, throwing when it did not go (provider error, timeout, `signal` aborted): what the
   * notification worker retries. `email` and `sms` above log a failure instead.
   */
  send: (
    n: { kind: 'sms' | 'email'; recipient: string; subject: string | null; text: string },
    signal: AbortSignal,
  ) => Promise<void>;
  /**
   * The outbox row for a notification whose channel has no transport, or null: the notification worker
   * writes it in the commit that marks the job sent (one commit, not two).
   */
  outboxEntry: (n: {
    kind: 'sms' | 'email';
    recipient: string;
    subject: string | null;
    text: string;
  }) => OutboxTable | null;
  /** True when neither channel has a real transport: the outbox is then readable by an Admin. */
  outboxOnly: boolean;
};

/** NODE_ENV=production is the signal of a real deployment (README, docs/decisions.md). */
export const isProduction = (config: Config) => config.NODE_ENV === 'production';

export const OUTBOX_PRODUCTION_WARNING =
  'No email or SMS transport is configured (SMTP_URL, SMS_*): verification and password-reset codes are ' +
  'kept in the outbox, where any Admin can read them (GET /api/v1/outbox, each read is written to the user ' +
  'log). Configure a transport before real use.';

/**
 * Email through SMTP when SMTP_URL is set, SMS through a Twilio-compatible HTTP API when its variables are
 * set; otherwise each goes to the outbox (database + log). Called after commit: a failed delivery is logged
 * and never undoes the change that asked for it.
 */
export function createNotifier(config: Config, db: Db, log: FastifyBaseLogger): Notifier {
  const outboxRow = (channel: 'email' | 'sms', recipient: string, subject: string | null, text: string) => {
    // Never the text: it carries codes, and logs travel further than the database (issue 14).
    log.info({ outbox: { channel, to: recipient, subject } }, `[outbox] ${channel} to ${recipient}`);
    return { id: newId(), channel, recipient, subject, text, created_at: Date.now() };
  };
  const toOutbox = async (channel: 'email' | 'sms', recipient: string, subject: string | null, text: string) => {
    await insertOutboxRow(db, outboxRow(channel, recipient, subject, text));
  };

  const mailer = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const smsReady = Boolean(config.SMS_API_URL && config.SMS_ACCOUNT_SID && config.SMS_AUTH_TOKEN && config.SMS_FROM);

  const outboxOnly = !mailer && !smsReady;
  if (outboxOnly && isProduction(config)) log.warn(OUTBOX_PRODUCTION_WARNING);

  const sendSms = async (to: string, text: string, signal: AbortSignal) => {
    if (!smsReady) return await toOutbox('sms', to, null, text);
    const url = config.SMS_API_URL!.replace('{sid}', config.SMS_ACCOUNT_SID!);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.SMS_ACCOUNT_SID}:${config.SMS_AUTH_TOKEN}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: config.SMS_FROM!, Body: text }),
      signal,
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  };
  const sendEmail = async (to: string, subject: string, text: string, signal: AbortSignal) => {
    if (!mailer) return await toOutbox('email', to, subject, text);
    signal.throwIfAborted();
    // nodemailer takes no signal: the wait ends at the signal, the SMTP exchange is left to its own timeouts.
    await new Promise<void>((resolve, reject) => {
      const stop = () => reject(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      mailer.sendMail({ from: config.SMTP_FROM, to, subject, text }).then(
        () => {
          signal.removeEventListener('abort', stop);
          resolve();
        },
        (err: unknown) => {
          signal.removeEventListener('abort', stop);
          reject(err);
        },
      );
    });
  };

  return {
    outboxOnly,
    outboxEntry: (n) =>
      n.kind === 'sms'
        ? smsReady
          ? null
          : outboxRow('sms', n.recipient, null, n.text)
        : mailer
          ? null
          : outboxRow('email', n.recipient, n.subject ?? '', n.text),
    send: (n, signal) =>
      n.kind === 'sms' ? sendSms(n.recipient, n.text, signal) : sendEmail(n.recipient, n.subject ?? '', n.text, signal),
    email: async (to, subject, text) => {
      try {
        await sendEmail(to, subject, text, AbortSignal.timeout(config.NOTIFY_TIMEOUT_SECONDS * 1000));
      } catch (err) {
        log.error({ err, to }, 'email delivery failed');
      }
    },
    sms: async (to, text) => {
      try {
        await sendSms(to, text, AbortSignal.timeout(config.NOTIFY_TIMEOUT_SECONDS * 1000));
      } catch (err) {
        log.error({ err, to }, 'sms delivery failed');
      }
    },
  };
}

import { ECDH } from 'node:crypto';
import type { TLanguage } from '@rounds/contracts/common';
import { callTag, messageTag, type TPushContentLevel, type TPushPayload, urgentTag } from '@rounds/contracts/push';
import { text } from '../../lib/texts';
import './push.texts';

/**
 * Why an endpoint may not be pushed to, or null: the server posts to whatever URL a browser handed it, so only
 * https on port 443 of an allowed push service (`*.host` allows its subdomains), without credentials; loopback
 * only when the configuration allows it (tests' stand-in, any port).
 */
export function endpointProblem(
  endpoint: string,
  allowedHosts: readonly string[],
  allowLoopback: boolean,
): 'notHttps' | 'hostNotAllowed' | 'credentials' | 'port' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'hostNotAllowed';
  }
  if (url.protocol !== 'https:') return 'notHttps';
  if (url.username || url.password) return 'credentials';
  const host = url.hostname.toLowerCase();
  if (allowLoopback && host === '127.0.0.1') return null;
  if (url.port !== '') return 'port';
  const allowed = allowedHosts.some((h) =>
    h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h,
  );
  return allowed ? null : 'hostNotAllowed';
}

/** Whether a subscription's public key is a point on P-256, the only key a push can be encrypted for. */
export function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** A device as Settings lists it: the browser and system its user agent names, never the whole string. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux|CrOS/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}

/** The longest body a notification shows of a message's text (the `text` level): a preview, not the record. */
const BODY_MAX = 180;

export type MessageFacts = {
  roomId: string;
  messageId: string;
  /** A group's name; null for a direct chat (the sender is the room). */
  roomName: string | null;
  sender: string;
  level: 'normal' | 'IMPORTANT' | 'URGENT';
  /** The message's text, decrypted: used only at the `text` level. */
  body: string;
  hasFiles: boolean;
  hasVoice: boolean;
};

/** What a message's notification says, at the Admin's content level, in the recipient's language. */
export function messagePayload(
  m: MessageFacts,
  level: TPushContentLevel,
  lang: TLanguage,
  badge: number,
  now: number,
): TPushPayload {
  const urgent = m.level === 'URGENT';
  const base = {
    kind: urgent ? ('urgent' as const) : ('message' as const),
    tag: messageTag(m.roomId, m.messageId, urgent),
    roomId: m.roomId,
    messageId: m.messageId,
    badge,
    sentAt: now,
  };
  const generic = urgent ? 'pushUrgentMessage' : m.level === 'IMPORTANT' ? 'pushImportantMessage' : 'pushNewMessage';
  const ask = m.level === 'normal' ? 'pushOpenToRead' : 'pushOpenToAcknowledge';
  if (level === 'generic') return { ...base, title: text(generic, lang), body: text(ask, lang) };
  const title =
    m.level === 'URGENT'
      ? text('pushUrgentFrom', lang, { sender: m.sender })
      : m.level === 'IMPORTANT'
        ? text('pushImportantFrom', lang, { sender: m.sender })
        : m.sender;
  const where = m.roomName ? text('pushInRoom', lang, { room: m.roomName }) : '';
  if (level === 'names') return { ...base, title, body: where || text(ask, lang) };
  const said = m.body.trim()
    ? m.body.trim().slice(0, BODY_MAX)
    : m.hasVoice
      ? text('pushVoice', lang)
      : m.hasFiles
        ? text('pushAttachment', lang)
        : '';
  return { ...base, title, body: [where, said].filter(Boolean).join(': ') || text(ask, lang) };
}

/** A repeat of an URGENT message not acknowledged yet: the same tag, so it replaces the first alert. */
export function repeatPayload(
  o: { roomId: string; messageId: string; sender: string; count: number; max: number },
  level: TPushContentLevel,
  lang: TLanguage,
  badge: number,
  now: number,
): TPushPayload {
  const vars = { sender: o.sender, count: o.count, max: o.max };
  return {
    kind: 'reminder',
    tag: urgentTag(o.messageId),
    title: level === 'generic' ? text('pushUrgentMessage', lang) : text('pushUrgentFrom', lang, vars),
    body: text(level === 'generic' ? 'pushStillWaiting' : 'pushStillWaitingFrom', lang, vars),
    roomId: o.roomId,
    messageId: o.messageId,
    badge,
    sentAt: now,
  };
}

/** The escalation of an URGENT message nobody acknowledged in time (the sweep's UrgentReminder). */
export function escalationPayload(
  o: { roomId: string; messageId: string; sender: string },
  level: TPushContentLevel,
  lang: TLanguage,
  badge: number,
  now: number,
): TPushPayload {
  return {
    kind: 'escalation',
    tag: urgentTag(o.messageId),
    title: text('pushReminderTitle', lang),
    body:
      level === 'generic' ? text('pushOpenToAcknowledge', lang) : text('pushUrgentFrom', lang, { sender: o.sender }),
    roomId: o.roomId,
    messageId: o.messageId,
    badge,
    sentAt: now,
  };
}

/** An incoming call (Accept and Decline in the service worker), or the push that closes it. */
export function callPayload(
  o: { roomId: string; callId: string; caller: string; roomName: string | null; ended: boolean },
  level: TPushContentLevel,
  lang: TLanguage,
  now: number,
): TPushPayload {
  const base = { tag: callTag(o.callId), roomId: o.roomId, callId: o.callId, sentAt: now };
  if (o.ended) return { ...base, kind: 'call-ended', title: text('pushCallEnded', lang), body: '', close: true };
  if (level === 'generic') return { ...base, kind: 'call', title: text('pushIncomingCall', lang), body: '' };
  return {
    ...base,
    kind: 'call',
    title: text('pushCallFrom', lang, { caller: o.caller }),
    body: o.roomName ? text('pushInRoom', lang, { room: o.roomName }) : text('pushIncomingCall', lang),
  };
}

export function testPayload(lang: TLanguage, now: number): TPushPayload {
  return {
    kind: 'test',
    tag: 'test',
    title: text('pushTestTitle', lang),
    body: text('pushTestBody', lang),
    sentAt: now,
  };
}

/** The Topic header (at most 32 URL-safe characters) that lets the push service fold a tag's pushes. */
export const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);

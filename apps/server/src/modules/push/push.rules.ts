import type { TLanguage } from '@rounds/contracts/common';
import type { TPushContentLevel, TPushPayload } from '@rounds/contracts/push';

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

const TEXTS = {
  newMessage: { en: 'New message', fr: 'Nouveau message' },
  importantMessage: { en: 'Important message', fr: 'Message important' },
  urgentMessage: { en: 'URGENT message', fr: 'Message URGENT' },
  urgentFrom: { en: 'URGENT: {sender}', fr: 'URGENT : {sender}' },
  importantFrom: { en: 'Important: {sender}', fr: 'Important : {sender}' },
  inRoom: { en: 'In {room}', fr: 'Dans {room}' },
  openToRead: { en: 'Open Rounds to read it.', fr: 'Ouvrez Rounds pour le lire.' },
  openToAcknowledge: {
    en: 'Open Rounds to read and acknowledge it.',
    fr: 'Ouvrez Rounds pour le lire et en accuser réception.',
  },
  attachment: { en: 'Sent an attachment', fr: 'A envoyé une pièce jointe' },
  voice: { en: 'Voice message', fr: 'Message vocal' },
  stillWaiting: {
    en: 'Still waiting for your acknowledgement ({count} of {max})',
    fr: 'Attend toujours votre accusé de réception ({count} sur {max})',
  },
  stillWaitingFrom: {
    en: '{sender} is still waiting for your acknowledgement ({count} of {max})',
    fr: '{sender} attend toujours votre accusé de réception ({count} sur {max})',
  },
  reminderTitle: { en: 'URGENT reminder', fr: 'Rappel URGENT' },
  incomingCall: { en: 'Incoming call', fr: 'Appel entrant' },
  callFrom: { en: '{caller} is calling', fr: '{caller} vous appelle' },
  callEnded: { en: 'Call ended', fr: 'Appel terminé' },
  testTitle: { en: 'Rounds notifications work', fr: 'Les notifications Rounds fonctionnent' },
  testBody: {
    en: 'This device will be notified of new messages and calls.',
    fr: 'Cet appareil sera averti des nouveaux messages et appels.',
  },
} as const satisfies Record<string, Record<TLanguage, string>>;
export type PushTextKey = keyof typeof TEXTS;
export const PUSH_TEXT_TABLE: Readonly<Record<PushTextKey, Record<TLanguage, string>>> = TEXTS;

const t = (key: PushTextKey, lang: TLanguage, vars: Record<string, string | number> = {}) =>
  TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, n: string) => String(vars[n] ?? ''));

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

/** One tag per room folds a room's notifications; an URGENT message keeps its own, so nothing replaces it. */
export const roomTag = (roomId: string) => `room:${roomId}`;
export const urgentTag = (messageId: string) => `urgent:${messageId}`;
export const callTag = (callId: string) => `call:${callId}`;

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
    tag: urgent ? urgentTag(m.messageId) : roomTag(m.roomId),
    roomId: m.roomId,
    messageId: m.messageId,
    badge,
    sentAt: now,
  };
  const generic = urgent ? 'urgentMessage' : m.level === 'IMPORTANT' ? 'importantMessage' : 'newMessage';
  const ask = m.level === 'normal' ? 'openToRead' : 'openToAcknowledge';
  if (level === 'generic') return { ...base, title: t(generic, lang), body: t(ask, lang) };
  const title =
    m.level === 'URGENT'
      ? t('urgentFrom', lang, { sender: m.sender })
      : m.level === 'IMPORTANT'
        ? t('importantFrom', lang, { sender: m.sender })
        : m.sender;
  const where = m.roomName ? t('inRoom', lang, { room: m.roomName }) : '';
  if (level === 'names') return { ...base, title, body: where || t(ask, lang) };
  const said = m.body.trim()
    ? m.body.trim().slice(0, BODY_MAX)
    : m.hasVoice
      ? t('voice', lang)
      : m.hasFiles
        ? t('attachment', lang)
        : '';
  return { ...base, title, body: [where, said].filter(Boolean).join(': ') || t(ask, lang) };
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
    title: level === 'generic' ? t('urgentMessage', lang) : t('urgentFrom', lang, vars),
    body: t(level === 'generic' ? 'stillWaiting' : 'stillWaitingFrom', lang, vars),
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
    title: t('reminderTitle', lang),
    body: level === 'generic' ? t('openToAcknowledge', lang) : t('urgentFrom', lang, { sender: o.sender }),
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
  if (o.ended) return { ...base, kind: 'call-ended', title: t('callEnded', lang), body: '', close: true };
  if (level === 'generic') return { ...base, kind: 'call', title: t('incomingCall', lang), body: '' };
  return {
    ...base,
    kind: 'call',
    title: t('callFrom', lang, { caller: o.caller }),
    body: o.roomName ? t('inRoom', lang, { room: o.roomName }) : t('incomingCall', lang),
  };
}

export function testPayload(lang: TLanguage, now: number): TPushPayload {
  return { kind: 'test', tag: 'test', title: t('testTitle', lang), body: t('testBody', lang), sentAt: now };
}

/** The Topic header (at most 32 URL-safe characters) that lets the push service fold a tag's pushes. */
export const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);

import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZIdParams, ZOkReply } from './common';

/**
 * Web Push: the server's VAPID public key, and this session's browser subscriptions. A subscription belongs to
 * the session that made it; logout, the session's end, a password reset, deactivation and deletion remove it.
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** The browser's PushSubscription.toJSON(). The endpoint's host is checked against the allowed push services. */
export const ZPushSubscription = z.object({
  endpoint: z.string().trim().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // Exactly what browsers give: a 65-byte uncompressed point (87 characters) and a 16-byte secret (22). The
    // server checks the point is on the curve: a key no push can be encrypted for would only fail every send.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, 'must be the base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'must be the base64url 16-byte secret'),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** What an Admin lets a notification say: nothing of the message, who and where (default), or the text too. */
export const PUSH_CONTENT_LEVELS = ['generic', 'names', 'text'] as const;
export const ZPushContentLevel = z.enum(PUSH_CONTENT_LEVELS);
export type TPushContentLevel = z.infer<typeof ZPushContentLevel>;

/** One of this account's devices as Settings lists it. */
export const ZPushDevice = z.object({
  id: z.string(),
  /** The browser and system the subscription was made from, as the user agent names them. */
  label: z.string(),
  createdAt: z.number(),
  /** Whether this device is the caller's own session. */
  current: z.boolean(),
});
export type TPushDevice = z.infer<typeof ZPushDevice>;

/**
 * What the service worker receives. Ids only by default, so it can open /chat/:roomId; title and body are what
 * the Admin's content level allows. `kind` picks the actions (a call gets Accept and Decline) and `tag` folds
 * notifications per room or call; `close` asks the worker to close the notification of that tag (a call answered
 * elsewhere, declined or ended).
 */
export const ZPushPayload = z.object({
  kind: z.enum(['message', 'urgent', 'call', 'call-ended', 'reminder', 'escalation', 'test']),
  tag: z.string(),
  title: z.string(),
  body: z.string(),
  roomId: z.string().optional(),
  messageId: z.string().optional(),
  callId: z.string().optional(),
  /** Rooms with unread messages, for the app badge. */
  badge: z.number().int().min(0).optional(),
  close: z.boolean().optional(),
  sentAt: z.number(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;

/**
 * A notification's tag, whoever shows it (the server's push, or a hidden tab of the app): one per room folds a
 * room's notifications; an URGENT message keeps its own, so nothing replaces it; one per call. A tab's own
 * notification and the push that follows it for the same message share the tag, so the device shows one.
 */
export const urgentTag = (messageId: string) => `urgent:${messageId}`;
export const callTag = (callId: string) => `call:${callId}`;
export const messageTag = (roomId: string, messageId: string, urgent: boolean) =>
  urgent ? urgentTag(messageId) : `room:${roomId}`;

/**
 * A tab tells the server when it is shown or hidden (TabVisibility), so a message is pushed to a user none of
 * whose tabs is in front of them. A tab that never says is taken as visible while its socket is open.
 */
export const ZTabVisibility = z.object({ visible: z.boolean() });

/**
 * Repeat until acknowledged (server → the recipient's tabs): an URGENT message they have not acknowledged,
 * alerted again (sound, vibration) for the `count`th time of at most `max`. The same alert goes by push.
 */
export const ZUrgentRepeatEvent = z.object({
  twId: z.string(),
  messageId: z.string(),
  count: z.number().int().min(1),
  max: z.number().int().min(1),
});
export type TUrgentRepeatEvent = z.infer<typeof ZUrgentRepeatEvent>;

/**
 * Who is still being alerted for an URGENT message (server → the room's members, for the sender's status
 * strip): each notified member who has not acknowledged and whose repeats are not used up, with the repeats
 * so far and when the next one is due. Sent when the message is stored, at each repeat and at each
 * acknowledgement; an empty list means nobody is being alerted any more.
 */
export const ZUrgentAlertingEvent = z.object({
  twId: z.string(),
  messageId: z.string(),
  alerting: z.array(z.object({ userId: z.string(), count: z.number().int().min(0), nextAt: z.number() })),
});
export type TUrgentAlertingEvent = z.infer<typeof ZUrgentAlertingEvent>;

/** Administration: what a notification may say (Admin only). */
export const ZPushSettings = z.object({ contentLevel: ZPushContentLevel });

export const pushRoutes = {
  vapidPublicKey: apiRoute({
    method: 'GET',
    path: '/push/vapid-public-key',
    reply: z.object({ data: z.object({ publicKey: z.string() }) }),
  }),
  subscribe: apiRoute({
    method: 'POST',
    path: '/push/subscriptions',
    body: ZPushSubscription,
    reply: z.object({ data: ZPushDevice }),
    // 400 PUSH_ENDPOINT_NOT_ALLOWED names `endpoint`; 409 when the user has MAX_PUSH_SUBSCRIPTIONS_PER_USER.
    errors: { 400: 'PUSH_ENDPOINT_NOT_ALLOWED', 409: 'PUSH_TOO_MANY_DEVICES' },
  }),
  unsubscribe: apiRoute({
    method: 'DELETE',
    path: '/push/subscriptions',
    body: z.object({ endpoint: z.string().trim().url().max(2048) }),
    reply: ZOkReply,
  }),
  devices: apiRoute({
    method: 'GET',
    path: '/push/devices',
    reply: z.object({ data: z.object({ devices: z.array(ZPushDevice) }) }),
  }),
  removeDevice: apiRoute({
    method: 'DELETE',
    path: '/push/devices/:id',
    params: ZIdParams,
    reply: ZOkReply,
    errors: { 404: 'NOT_FOUND' },
  }),
  test: apiRoute({
    method: 'POST',
    path: '/push/test',
    reply: ZOkReply,
    // 409 when this session has no subscription to send to.
    errors: { 409: 'PUSH_NOT_SUBSCRIBED' },
  }),
  settings: apiRoute({
    method: 'GET',
    path: '/push/settings',
    reply: z.object({ data: ZPushSettings }),
  }),
  updateSettings: apiRoute({
    method: 'PUT',
    path: '/push/settings',
    body: ZPushSettings,
    reply: z.object({ data: ZPushSettings }),
  }),
} as const;

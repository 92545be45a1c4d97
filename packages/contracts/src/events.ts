import { z } from 'zod';

/**
 * Every socket event, both directions (doc 2 section 7). Names are the contract; payloads are parsed
 * on both sides. Later issues add their payload schemas here.
 */
export const CLIENT_EVENTS = {
  Ping: 'Ping',
  ChangeChatStatus: 'ChangeChatStatus',
  SendMessage: 'SendMessage',
  ReadMessage: 'ReadMessage',
  /** Beyond the spec (its client read typing from the chat provider): the user is typing in a room. */
  Typing: 'Typing',
} as const;

export const SERVER_EVENTS = {
  Pong: 'Pong',
  ForcedLogout: 'ForcedLogout',
  ForcedDelete: 'ForcedDelete',
  DuplicateSession: 'DuplicateSession',
  UserOnline: 'UserOnline',
  UserOffline: 'UserOffline',
  ChatStatusChanged: 'ChatStatusChanged',
  UserUpdated: 'UserUpdated',
  LogsChanged: 'LogsChanged',
  AccountDataChanged: 'AccountDataChanged',
  AccountRemoved: 'AccountRemoved',
  PermissionsChanged: 'PermissionsChanged',
  ConversationCreated: 'ConversationCreated',
  ConversationUpdated: 'ConversationUpdated',
  ChatRoomDeleted: 'ChatRoomDeleted',
  ChatRoomUpdated: 'ChatRoomUpdated',
  /** Beyond the spec (its client received messages from the chat provider): a stored message. */
  NewMessage: 'NewMessage',
  Typing: 'Typing',
  MessageRemoved: 'MessageRemoved',
  ImportantMarked: 'ImportantMarked',
  Read: 'Read',
  Acknowledged: 'Acknowledged',
  /** Beyond the spec: an URGENT message nobody acknowledged in time, notified again. */
  UrgentReminder: 'UrgentReminder',
  NewRegisteredContact: 'NewRegisteredContact',
  ForcePasswordUpdate: 'ForcePasswordUpdate',
  Unauthorized: 'Unauthorized',
} as const;

export type TServerEventName = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];

/** Socket handshake: token and a per-tab uuid in the query (doc 2 section 7). */
export const ZSocketHandshakeQuery = z.object({
  token: z.string().min(1),
  uuid: z.string().min(1).max(64),
});

export const ZPingPayload = z.object({ at: z.number().optional() }).optional();
export const ZPongPayload = z.object({ at: z.number() });

/** Reasons for a forced logout, shown to the user 10 s before it happens. */
export const FORCED_LOGOUT_REASONS = ['accountChanged', 'accountRemoved', 'duplicateSession'] as const;
export const ZForcedLogoutPayload = z.object({ reason: z.enum(FORCED_LOGOUT_REASONS) });

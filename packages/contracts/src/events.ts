import { type ZodType, z } from 'zod';
import { ZUserReply } from './account';
import {
  ZCallAccept,
  ZCallAck,
  ZCallAddParticipants,
  ZCallEvent,
  ZCallFeedsEvent,
  ZCallForceVoice,
  ZCallInitialize,
  ZCallMediaPublish,
  ZCallMediaSdpAck,
  ZCallMediaStart,
  ZCallMediaSubscribe,
  ZCallMediaTrickle,
  ZCallPermissionsChanged,
  ZCallScreenShareStart,
  ZCallSignal,
  ZCallSignalEvent,
  ZCallTarget,
} from './calls';
import {
  ZChatRoomDeletedEvent,
  ZDeliveredMessage,
  ZEscalationEvent,
  ZMessageRemovedEvent,
  ZMessageUpdatedEvent,
  ZNewMessageEvent,
  ZReadEvent,
  ZReadMessage,
  ZRoomEvent,
  ZSendMessage,
  ZSendMessageAck,
  ZTypingEvent,
  ZTypingMessage,
} from './chat';
import {
  ZChangeChatStatus,
  ZNewRegisteredContactEvent,
  ZPresenceBatchEvent,
  ZPresenceEvent,
  ZWatchPresence,
} from './contacts';
import { ZDutyRoleUncoveredEvent, ZEscalationChangedEvent } from './escalation';
import { ZDutyRoleChangedEvent, ZDutyRoleTakenOverEvent } from './on-call';
import { ZTabVisibility, ZUrgentAlertingEvent, ZUrgentRepeatEvent } from './push';
import { ZAppSettingsChangedPayload } from './settings';
import { ZPermissionsChangedPayload } from './user-permissions';

/**
 * Every socket event, both directions (doc 2 section 7). Names are the contract, and so are the payloads:
 * SERVER_EVENT_PAYLOADS maps each server event to its payload schema (publish() is typed from it, the web parses
 * with it), CLIENT_EVENT_CONTRACTS maps each client event to its request and acknowledgement (the server's
 * socket-handler parses with it, the web's request() types and parses with it). The schemas live with their
 * domain (chat.ts, contacts.ts…) and are referenced here, never copied.
 */
export const CLIENT_EVENTS = {
  Ping: 'Ping',
  ChangeChatStatus: 'ChangeChatStatus',
  SendMessage: 'SendMessage',
  ReadMessage: 'ReadMessage',
  /** Beyond the spec: a tab received a priority message live (the acknowledgement grid's "delivered"). */
  DeliveredMessage: 'DeliveredMessage',
  /** Beyond the spec (its client read typing from the chat provider): the user is typing in a room. */
  Typing: 'Typing',
  /** Beyond the spec: a renewed access token for the open socket, so it outlives the token it opened with. */
  Authenticate: 'Authenticate',
  /** Beyond the spec: the tab shows a contact list and wants everyone's presence meanwhile (or no longer). */
  WatchPresence: 'WatchPresence',
  /** Beyond the spec: the tab is shown or hidden, so messages are pushed to a user with no tab in front of them. */
  TabVisibility: 'TabVisibility',
  /** Call actions (doc 2 section 7): initialize, accept, decline, end, end for all, screen share, toggles. */
  CallInitialize: 'CallInitialize',
  CallAccept: 'CallAccept',
  CallDecline: 'CallDecline',
  CallEnd: 'CallEnd',
  CallEndForAll: 'CallEndForAll',
  CallScreenShareStart: 'CallScreenShareStart',
  CallScreenShareEnd: 'CallScreenShareEnd',
  CallVoiceToggle: 'CallVoiceToggle',
  CallVideoToggle: 'CallVideoToggle',
  CallForceVoiceToggle: 'CallForceVoiceToggle',
  CallAddParticipants: 'CallAddParticipants',
  CallSignal: 'CallSignal',
  /** Media through Janus, driven by the server (JANUS_URL): publish, subscribe to a feed, answer it, trickle. */
  CallMediaPublish: 'CallMediaPublish',
  CallMediaSubscribe: 'CallMediaSubscribe',
  CallMediaStart: 'CallMediaStart',
  CallMediaTrickle: 'CallMediaTrickle',
} as const;

export const SERVER_EVENTS = {
  Pong: 'Pong',
  ForcedLogout: 'ForcedLogout',
  ForcedDelete: 'ForcedDelete',
  DuplicateSession: 'DuplicateSession',
  UserOnline: 'UserOnline',
  UserOffline: 'UserOffline',
  ChatStatusChanged: 'ChatStatusChanged',
  /** Beyond the spec: several presence changes of one tick together (contacts.ts ZPresenceBatchEvent). */
  PresenceBatch: 'PresenceBatch',
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
  /** Beyond the spec (issue 24): an URGENT message not acknowledged yet, alerted again to its recipient. */
  UrgentRepeat: 'UrgentRepeat',
  /** Beyond the spec (issue 24): who is still being alerted for an URGENT message. */
  UrgentAlerting: 'UrgentAlerting',
  NewRegisteredContact: 'NewRegisteredContact',
  ForcePasswordUpdate: 'ForcePasswordUpdate',
  /** Beyond the spec: logos, about texts, banner or password policy changed; every open app shows them at once. */
  AppSettingsChanged: 'AppSettingsChanged',
  /** Calls (doc 2 section 7: call initialized, declined, accepted, ended; CallUpdated for the rest). */
  CallInitialized: 'CallInitialized',
  CallAccepted: 'CallAccepted',
  CallDeclined: 'CallDeclined',
  CallEnded: 'CallEnded',
  CallUpdated: 'CallUpdated',
  /** WebRTC signalling from one participant's tab to another's (mesh). */
  CallSignal: 'CallSignal',
  /** Media through Janus: the set of feeds (publishing tabs) of the call changed. */
  CallFeeds: 'CallFeeds',
  CallPermissionsChanged: 'CallPermissionsChanged',
  /** The socket's token expired or its session ended: the client renews its token and reconnects. */
  Unauthorized: 'Unauthorized',
  /** Beyond the spec (issue 25): an on-call role's holders or name may have changed; On call views ask again. */
  DutyRoleChanged: 'DutyRoleChanged',
  /** Beyond the spec (issue 25): someone took over a role this user held, with their handover note. */
  DutyRoleTakenOver: 'DutyRoleTakenOver',
  /** Beyond the spec (issue 25): an URGENT message's escalation chain moved; its timeline is read again. */
  EscalationChanged: 'EscalationChanged',
  /** Beyond the spec (issue 25): a deactivated holder left a role nobody else holds; it falls to its target. */
  DutyRoleUncovered: 'DutyRoleUncovered',
} as const;

export type TServerEventName = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];
export type TClientEventName = (typeof CLIENT_EVENTS)[keyof typeof CLIENT_EVENTS];

/** Socket handshake: token and a per-tab uuid in the query (doc 2 section 7). */
export const ZSocketHandshakeQuery = z.object({
  token: z.string().min(1),
  uuid: z.string().min(1).max(64),
});

/**
 * A handshake refused for a reason other than 'Unauthorized': the connect_error's `data` is
 * { code, message }, the message in the user's language, fit to show.
 */
export const SOCKET_REFUSALS = { tooManyConnections: 'TOO_MANY_CONNECTIONS' } as const;
export const ZSocketConnectRefusal = z.object({ code: z.string(), message: z.string() });

export const ZPingPayload = z.object({ at: z.number().optional() }).optional();
export const ZPongPayload = z.object({ at: z.number() });

/** Reasons for a forced logout, shown to the user 10 s before it happens. */
export const FORCED_LOGOUT_REASONS = ['accountChanged', 'accountRemoved', 'duplicateSession'] as const;
export const ZForcedLogoutPayload = z.object({ reason: z.enum(FORCED_LOGOUT_REASONS) });

/** Codes of the refusals every client event may get, whatever the event (realtime/socket-handler.ts). */
export const SOCKET_REFUSAL_CODES = {
  validation: 'VALIDATION_ERROR',
  rateLimited: 'RATE_LIMITED',
  unauthorized: 'UNAUTHORIZED',
  retry: 'RETRY',
} as const;

/** The one shape of a refused client event: the message is in the user's language, fit to show. */
export const ZSocketRefusal = z.object({
  ok: z.literal(false),
  message: z.string(),
  code: z.string(),
  /** What the client may offer next, for the refusals that carry it (SendMessage's ROLE_UNHELD). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TSocketRefusal = z.infer<typeof ZSocketRefusal>;
/** The acknowledgement of events that answer nothing but done or refused. */
export const ZOkAck = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true) }), ZSocketRefusal]);

/** Unauthorized (server → one socket): why the socket is being closed. */
export const ZUnauthorizedPayload = z.object({ code: z.string(), message: z.string() });
/** Authenticate (client → server): the tab's renewed access token; the socket lives until it expires. */
export const ZAuthenticateRequest = z.object({ token: z.string().min(1).max(4096) });
export const ZAuthenticateAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), expiresAt: z.number() }),
  ZSocketRefusal,
]);

/** Events the administration issue will publish; until then they carry nothing the client reads. */
const ZNoPayload = z.object({}).optional();

export const SERVER_EVENT_PAYLOADS = {
  Pong: ZPongPayload,
  ForcedLogout: ZForcedLogoutPayload,
  ForcedDelete: ZNoPayload,
  DuplicateSession: ZForcedLogoutPayload,
  UserOnline: ZPresenceEvent,
  UserOffline: ZPresenceEvent,
  ChatStatusChanged: ZPresenceEvent,
  PresenceBatch: ZPresenceBatchEvent,
  /** The account replies' shape ({ user }). */
  UserUpdated: ZUserReply,
  LogsChanged: ZNoPayload,
  AccountDataChanged: ZNoPayload,
  AccountRemoved: ZNoPayload,
  PermissionsChanged: ZPermissionsChangedPayload,
  ConversationCreated: ZRoomEvent,
  ConversationUpdated: ZRoomEvent,
  ChatRoomDeleted: ZChatRoomDeletedEvent,
  ChatRoomUpdated: ZRoomEvent,
  NewMessage: ZNewMessageEvent,
  Typing: ZTypingEvent,
  MessageRemoved: ZMessageRemovedEvent,
  ImportantMarked: ZMessageUpdatedEvent,
  Read: ZReadEvent,
  Acknowledged: ZMessageUpdatedEvent,
  UrgentReminder: ZEscalationEvent,
  UrgentRepeat: ZUrgentRepeatEvent,
  UrgentAlerting: ZUrgentAlertingEvent,
  NewRegisteredContact: ZNewRegisteredContactEvent,
  ForcePasswordUpdate: ZNoPayload,
  AppSettingsChanged: ZAppSettingsChangedPayload,
  CallInitialized: ZCallEvent,
  CallAccepted: ZCallEvent,
  CallDeclined: ZCallEvent,
  CallEnded: ZCallEvent,
  CallUpdated: ZCallEvent,
  CallSignal: ZCallSignalEvent,
  CallFeeds: ZCallFeedsEvent,
  CallPermissionsChanged: ZCallPermissionsChanged,
  Unauthorized: ZUnauthorizedPayload,
  DutyRoleChanged: ZDutyRoleChangedEvent,
  DutyRoleTakenOver: ZDutyRoleTakenOverEvent,
  EscalationChanged: ZEscalationChangedEvent,
  DutyRoleUncovered: ZDutyRoleUncoveredEvent,
} as const satisfies Record<TServerEventName, ZodType>;

export const CLIENT_EVENT_CONTRACTS = {
  /** Without an acknowledgement the server answers with Pong. */
  Ping: { request: ZPingPayload, ack: z.union([ZPongPayload, ZSocketRefusal]) },
  ChangeChatStatus: { request: ZChangeChatStatus, ack: ZOkAck },
  WatchPresence: { request: ZWatchPresence, ack: ZOkAck },
  TabVisibility: { request: ZTabVisibility, ack: ZOkAck },
  SendMessage: { request: ZSendMessage, ack: ZSendMessageAck },
  ReadMessage: { request: ZReadMessage, ack: ZOkAck },
  DeliveredMessage: { request: ZDeliveredMessage, ack: ZOkAck },
  Typing: { request: ZTypingMessage, ack: ZOkAck },
  Authenticate: { request: ZAuthenticateRequest, ack: ZAuthenticateAck },
  CallInitialize: { request: ZCallInitialize, ack: ZCallAck },
  CallAccept: { request: ZCallAccept, ack: ZCallAck },
  CallDecline: { request: ZCallTarget, ack: ZCallAck },
  CallEnd: { request: ZCallTarget, ack: ZCallAck },
  CallEndForAll: { request: ZCallTarget, ack: ZCallAck },
  CallScreenShareStart: { request: ZCallScreenShareStart, ack: ZCallAck },
  CallScreenShareEnd: { request: ZCallTarget, ack: ZCallAck },
  CallVoiceToggle: { request: ZCallTarget, ack: ZCallAck },
  CallVideoToggle: { request: ZCallTarget, ack: ZCallAck },
  CallForceVoiceToggle: { request: ZCallForceVoice, ack: ZCallAck },
  CallAddParticipants: { request: ZCallAddParticipants, ack: ZCallAck },
  CallSignal: { request: ZCallSignal, ack: ZOkAck },
  CallMediaPublish: { request: ZCallMediaPublish, ack: ZCallMediaSdpAck },
  CallMediaSubscribe: { request: ZCallMediaSubscribe, ack: ZCallMediaSdpAck },
  CallMediaStart: { request: ZCallMediaStart, ack: ZOkAck },
  CallMediaTrickle: { request: ZCallMediaTrickle, ack: ZOkAck },
} as const satisfies Record<TClientEventName, { request: ZodType; ack: ZodType }>;

type TServerSchemas = typeof SERVER_EVENT_PAYLOADS;
type TClientContracts = typeof CLIENT_EVENT_CONTRACTS;
/** What a publisher passes for event E (defaults may be left out). */
export type TServerEventInput<E extends TServerEventName> = z.input<TServerSchemas[E]>;
/** What a subscriber receives for event E, once parsed. */
export type TServerEventPayload<E extends TServerEventName> = z.output<TServerSchemas[E]>;
/** What a client sends with event E. */
export type TClientRequest<E extends TClientEventName> = z.input<TClientContracts[E]['request']>;
/** What the server's handler receives for event E, once parsed. */
export type TClientRequestParsed<E extends TClientEventName> = z.output<TClientContracts[E]['request']>;
/** The acknowledgement of event E, as the server sends it. */
export type TClientAckInput<E extends TClientEventName> = z.input<TClientContracts[E]['ack']>;
/** The acknowledgement of event E, as the client reads it once parsed. */
export type TClientAck<E extends TClientEventName> = z.output<TClientContracts[E]['ack']>;

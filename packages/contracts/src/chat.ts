import { z } from 'zod';
import { apiRoute } from './api-route';
import { CALL_SYSTEM_EVENTS, ZCallType } from './calls';
import { ZFileKey, ZMessageFile, ZMessageVoice } from './chat-files';
import { ZId } from './common';
import { ZEscalationTarget } from './escalation';
import { LIMITS } from './limits';
import { ZAvatar, ZChatStatus } from './user';
import { MSG, multilineText, plainText } from './validation';

/**
 * Chat rooms and messages (spec doc 1: Chat room and Message entities, section 7 "Chat rooms"; doc 2 section 7
 * for the socket events). twId is the room's conversation id; in Rounds it is the room id itself, and calls
 * that take both `id` and `twId` accept either. Times are epoch milliseconds; `seq` is a message's position in
 * its room (1, 2, 3…; gaps where messages were removed).
 */

/** The spec's texts for the group rules (doc 1 section 5) and sending (section 8). */
export const CHAT_TEXTS = {
  groupNameTooLong: 'The name you are assigning to the group is too long. Please consider a shorter group name.',
  groupNameTaken: 'You or another user has created a group with the same name. Please use a different group name.',
  alreadyMember: 'User is already in the group!',
  conversationUnavailable: 'Conversation is not available, please try again.',
} as const;

export const CHAT_LIMITS = {
  /** Longest message body, in characters (the spec is silent; docs/decisions.md). */
  messageMaxLength: 10_000,
  /** Most members in a group (docs/decisions.md). */
  groupMembersMax: 500,
  /** Most messages in one page of history. */
  messagesPageMax: 200,
  /** A typing indicator disappears this long after the last Typing event. */
  typingShownMs: 5_000,
  /** A client sends Typing at most this often while the user types. */
  typingThrottleMs: 2_000,
} as const;

export const ROOM_TYPES = ['direct', 'group'] as const;
export const ZRoomType = z.enum(ROOM_TYPES);
export type TRoomType = z.infer<typeof ZRoomType>;

export const ZParticipant = z.object({
  id: ZId,
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  avatar: ZAvatar.nullable(),
  chatStatus: ZChatStatus,
  connected: z.boolean(),
  /** A deleted user stays listed in old rooms; a direct chat with them is disabled. */
  deleted: z.boolean(),
  /** Their voice and video call permissions: the room's call buttons follow them (doc 2 section 6). */
  calls: z.object({ voice: z.boolean(), video: z.boolean() }),
});
export type TParticipant = z.infer<typeof ZParticipant>;

/** What a system message records; the client renders it in the reader's language. */
/** escalated: an URGENT message's chain alerted a role or person (issue 25), `name` the role or person. */
/** breakGlass: an Admin of the privacy office opened the room read-only (issue 27), told to its members. */
export const SYSTEM_EVENTS = [
  'created',
  'added',
  'removed',
  'left',
  'renamed',
  'breakGlass',
  'escalated',
  ...CALL_SYSTEM_EVENTS,
] as const;
export const ZSystemEvent = z.object({
  type: z.enum(SYSTEM_EVENTS),
  data: z.object({
    initiator: z.object({ id: ZId, fullName: z.string() }),
    /** The members added or removed. */
    users: z.array(z.object({ id: ZId, fullName: z.string() })).default([]),
    /** The new name, for renamed. */
    name: z.string().optional(),
    /** For call events: the kind of call, and on callEnded its length in seconds. */
    callType: ZCallType.optional(),
    duration: z.number().int().nonnegative().optional(),
  }),
});
export type TSystemEvent = z.infer<typeof ZSystemEvent>;

export const PRIORITY_LEVELS = ['IMPORTANT', 'URGENT'] as const;
export const ZPriorityLevel = z.enum(PRIORITY_LEVELS);

export const ZAcknowledgement = z.object({ userId: ZId, timetoken: z.number() });
export type TAcknowledgement = z.infer<typeof ZAcknowledgement>;
/** An URGENT message re-notified to those who had not acknowledged it. */
export const ZEscalation = z.object({ timetoken: z.number(), userIds: z.array(ZId), sms: z.boolean() });

export const ZMessageAttributes = z.object({
  systemMessage: z.boolean().optional(),
  event: ZSystemEvent.optional(),
  /** Priority: marked important (level IMPORTANT or URGENT), whom to notify, and their acknowledgements. */
  important: z.boolean().optional(),
  level: ZPriorityLevel.nullable().optional(),
  notify: z.array(ZId).optional(),
  /** The notified members were also sent an SMS with a link. */
  sms: z.boolean().optional(),
  acknowledgements: z.array(ZAcknowledgement).optional(),
  escalations: z.array(ZEscalation).optional(),
  /** Notified members whose SMS an SMS cap refused: notified in the app only. */
  smsWithheld: z.array(ZId).optional(),
  /** An URGENT message to a duty role with an escalation policy: its chain runs (GET /escalations/:messageId). */
  escalation: z.boolean().optional(),
});
export type TMessageAttributes = z.infer<typeof ZMessageAttributes>;

export const ZMessage = z.object({
  id: ZId,
  /** The id the sending client gave it; a resend with the same one is the same message. */
  clientId: z.string(),
  twId: ZId,
  seq: z.number().int().positive(),
  body: z.string(),
  timetoken: z.number(),
  /** The author; null for system messages. */
  author: ZId.nullable(),
  authorName: z.string(),
  attributes: ZMessageAttributes,
  files: z.array(ZMessageFile).default([]),
  voice: ZMessageVoice.nullable().default(null),
  /**
   * Written by a holder in a duty role's room (issue 25): the role's name as it was when sent ("Dr Roy as
   * Cardiology on call"). Absent on every other message, so a client built to the spec sees what it expects.
   */
  asRole: z.string().optional(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZChatRoom = z.object({
  id: ZId,
  twId: ZId,
  type: ZRoomType,
  /** A group's name; for a direct chat the other person's full name. */
  name: z.string(),
  avatar: ZAvatar.nullable(),
  owner: ZId.nullable(),
  participants: z.array(ZParticipant),
  isFavorite: z.boolean(),
  muted: z.boolean(),
  unreadCount: z.number().int().nonnegative(),
  lastMessage: ZMessage.nullable(),
  /** Highest seq in the room: a client that has less fetches what it missed. */
  lastSeq: z.number().int().nonnegative(),
  /** Highest seq this user has read. */
  lastReadSeq: z.number().int().nonnegative(),
  /** Highest seq every other member has read: my messages up to it show as read. */
  readByOthersSeq: z.number().int().nonnegative().default(0),
  /** Deleted by its owner: read-only for the others, shown as 'archived by {creator}'. */
  archived: z.boolean(),
  archivedBy: z.object({ id: ZId, fullName: z.string() }).nullable(),
  /** A direct chat whose other party was deleted. */
  disabled: z.boolean(),
  /** For a direct chat, the other person's status (Offline when not connected); null for groups. */
  chatStatus: ZChatStatus.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /**
   * A duty role's room (issue 25): a group named after the role, whose members follow its holders. Absent for
   * every other room, so a client built to the spec shows it as the group it is.
   */
  dutyRole: z.object({ id: ZId, name: z.string() }).optional(),
});
export type TChatRoom = z.infer<typeof ZChatRoom>;

const ZParticipantIds = z.array(ZId).min(1).max(CHAT_LIMITS.groupMembersMax);
export const ZGroupName = plainText(
  z.string().trim().min(1, MSG.required).max(LIMITS.groupNameMax, MSG.groupNameTooLong),
);

/** A room addressed by id or twId (the same value); at least one. */
export const ZRoomRef = z
  .object({ id: ZId.optional(), twId: ZId.optional() })
  .refine((r) => r.id !== undefined || r.twId !== undefined, { message: 'Required', path: ['twId'] })
  .refine((r) => r.id === undefined || r.twId === undefined || r.id === r.twId, {
    message: 'id and twId name different rooms',
    path: ['twId'],
  });
export type TRoomRef = z.infer<typeof ZRoomRef>;
export const roomKey = (ref: TRoomRef): string => (ref.twId ?? ref.id)!;

export const ZChatRoomListQuery = z.object({
  keyword: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
});
export const ZChatRoomsReply = z.object({ data: z.object({ chatRooms: z.array(ZChatRoom) }) });
export const ZChatRoomReply = z.object({ data: z.object({ chatRoom: ZChatRoom }) });

/**
 * POST /chat-room. participants: the other members (the current user may be included). direct: exactly one
 * other person, and the existing direct chat is returned when there is one. group: name required.
 * twId is accepted for the spec's client and ignored: the server names rooms.
 */
export const ZCreateChatRoomRequest = z
  .object({
    twId: z.string().max(64).optional(),
    participants: ZParticipantIds,
    type: ZRoomType,
    name: z.string().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.type !== 'group') return;
    const name = ZGroupName.safeParse(r.name ?? '');
    if (!name.success) ctx.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]!.message });
  })
  .transform((r) => ({ ...r, name: r.type === 'group' ? (r.name ?? '').trim() : undefined }));
export type TCreateChatRoomRequest = z.input<typeof ZCreateChatRoomRequest>;

export const ZSearchGroupsRequest = z.object({
  keyword: plainText(z.string().trim().max(LIMITS.textMaxLength)).default(''),
});
export const ZRoomsByParticipantsRequest = z.object({ participants: ZParticipantIds });

/** POST /chat-room/update-chat-room (owner only): the full member list, the current user included, and the name. */
export const ZUpdateChatRoomRequest = z.object({
  twId: ZId,
  participants: ZParticipantIds,
  type: z.literal('group').default('group'),
  name: ZGroupName,
});

export const ZRoomQuery = ZRoomRef;
export const ZContactsBody = z.object({ contacts: ZParticipantIds });
export const ZTwIdBody = z.object({ twId: ZId });

export const ZFavoriteReply = z.object({ data: z.object({ twId: ZId, isFavorite: z.boolean() }) });
export const ZMuteReply = z.object({ data: z.object({ twId: ZId, muted: z.boolean() }) });
export const ZTwIdReply = z.object({ data: z.object({ twId: ZId }) });

/**
 * POST /chat-room/messages: newest `limit` before `before` (a seq), or the next `limit` after `after` (catch-up),
 * or the page that ends with `msgId` and what follows it. Messages come oldest first.
 */
export const ZMessagesRequest = z.object({
  twId: ZId,
  before: z.number().int().positive().optional(),
  after: z.number().int().nonnegative().optional(),
  limit: z.number().int().min(1).max(CHAT_LIMITS.messagesPageMax).default(LIMITS.messageFetchDefault),
  msgId: ZId.optional(),
  isForce: z.boolean().optional(),
});
export type TMessagesRequest = z.input<typeof ZMessagesRequest>;
export const ZMessagesReply = z.object({
  data: z.object({
    messages: z.array(ZMessage),
    hasMore: z.boolean(),
    /**
     * Where the room's history begins: messages before this time were removed by the hospital's retention
     * policy (issue 27). Absent while retention has removed nothing of the room.
     */
    retainedFrom: z.number().int().optional(),
  }),
});

export const ZRemoveMessageRequest = z.object({ messageId: ZId, twId: ZId });

/** GET /chat-room/seen-by (sender only): who has read the message, and when. */
export const ZSeenByQuery = z.object({ twId: ZId, messageId: ZId });
export const ZSeenEntry = z.object({ userId: ZId, fullName: z.string(), timetoken: z.number() });
export type TSeenEntry = z.infer<typeof ZSeenEntry>;
export const ZSeenByReply = z.object({ data: z.object({ seen: z.array(ZSeenEntry) }) });

/**
 * GET /chat-room/acknowledgement-grid (the sender and the room's owner): every member a priority message
 * notified, each in the furthest state it reached: acknowledged (with when), read (with when), delivered (a
 * device of theirs received it) or notReached. Whole, in one reply: a group of 2,000 is about 150 kB.
 */
export const ACK_GRID_STATES = ['acknowledged', 'read', 'delivered', 'notReached'] as const;
export const ZAckGridState = z.enum(ACK_GRID_STATES);
export type TAckGridState = z.infer<typeof ZAckGridState>;
export const ZAckGridQuery = z.object({ twId: ZId, messageId: ZId });
export const ZAckGridEntry = z.object({
  userId: ZId,
  fullName: z.string(),
  state: ZAckGridState,
  /** When acknowledged or first read; null for delivered and notReached. */
  at: z.number().nullable(),
});
export type TAckGridEntry = z.infer<typeof ZAckGridEntry>;
const count = z.number().int().nonnegative();
export const ZAckGridCounts = z.object({ acknowledged: count, read: count, delivered: count, notReached: count });
export type TAckGridCounts = z.infer<typeof ZAckGridCounts>;
export const ZAckGridReply = z.object({
  data: z.object({ counts: ZAckGridCounts, recipients: z.array(ZAckGridEntry) }),
});

// ---- Socket events ----

/**
 * Priority options of a message (the importance dialog): level, whom to notify (default every other member)
 * and whether they also get an SMS (the sender's sms permission not false).
 */
export const ZPriorityOptions = z.object({
  level: ZPriorityLevel.optional(),
  notify: z.array(ZId).max(CHAT_LIMITS.groupMembersMax).optional(),
  sms: z.boolean().optional(),
});
export type TPriorityOptions = z.infer<typeof ZPriorityOptions>;

/** POST /chat-room/message-important: the sender marks a sent message (default IMPORTANT). */
export const ZMarkImportantRequest = z.object({ messageId: ZId, twId: ZId }).extend(ZPriorityOptions.shape);
/**
 * GET /chat-room/pending-urgent: URGENT messages that notify the caller and the caller has not acknowledged,
 * oldest first, in rooms the caller is a member of. Brought up at sign-in and reload until acknowledged.
 */
export const ZPendingUrgentReply = z.object({ data: z.object({ messages: z.array(ZMessage) }) });
/** POST /chat-room/acknowledge-message: a notified member acknowledges (userId, when given, is the caller). */
export const ZAcknowledgeRequest = z.object({ messageId: ZId, userId: ZId.optional() });
export const ZMessageReply = z.object({ data: z.object({ message: ZMessage }) });
/** GET /chat-room/message-logs?logId: where an SMS link leads. */
export const ZMessageLogQuery = z.object({ logId: ZId });
export const ZMessageLogReply = z.object({
  data: z.object({ log: z.object({ id: ZId, conversationId: ZId, messageId: ZId }) }),
});
/** ImportantMarked and Acknowledged (server → members): the message with its new attributes. */
export const ZMessageUpdatedEvent = z.object({ twId: ZId, message: ZMessage });
/** Escalation (server → the members not yet acknowledged): an URGENT message still waiting for them. */
export const ZEscalationEvent = z.object({ twId: ZId, message: ZMessage });

/** SendMessage (client → server), acknowledged with ZSendMessageAck after the message is durably stored. */
export const ZSendMessage = z.object({
  clientId: plainText(z.string().min(8).max(64)),
  twId: ZId,
  body: multilineText(z.string().max(CHAT_LIMITS.messageMaxLength)),
  /** Keys of images uploaded by the sender and not sent yet. */
  files: z.array(ZFileKey).max(LIMITS.chatFilesMax).optional(),
  /** A voice note uploaded by the sender, with its length in seconds. */
  voice: z
    .object({
      key: ZFileKey,
      duration: z
        .number()
        .nonnegative()
        .max(LIMITS.voiceMaxSeconds + 5),
    })
    .optional(),
  ...ZPriorityOptions.shape,
  /**
   * In a role's room nobody holds: the sender read the refusal naming the role's escalation target and sends to
   * that target (issue 25). Without a target it changes nothing: the send is still refused.
   */
  toEscalationTarget: z.boolean().optional(),
});
export type TSendMessage = z.infer<typeof ZSendMessage>;
export const ZSendMessageAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: ZMessage }),
  z.object({
    ok: z.literal(false),
    code: z.string(),
    message: z.string(),
    /** ROLE_UNHELD with an escalation target: whom a resend with toEscalationTarget goes to. */
    details: z.object({ roleId: ZId, target: ZEscalationTarget }).optional(),
  }),
]);
export type TSendMessageAck = z.infer<typeof ZSendMessageAck>;

/** ReadMessage (client → server): everything up to seq has been read. Acknowledged with { ok }. */
export const ZReadMessage = z.object({ twId: ZId, seq: z.number().int().nonnegative() });
/**
 * DeliveredMessage (client → server): a tab received, live, everything up to seq of a room (sent for priority
 * messages, whose grid shows it). Acknowledged with { ok }.
 */
export const ZDeliveredMessage = z.object({ twId: ZId, seq: z.number().int().nonnegative() });
/** Typing (client → server), at most every typingThrottleMs while the user types. */
export const ZTypingMessage = z.object({ twId: ZId });

/** NewMessage (server → members): a stored message, system messages included. */
export const ZNewMessageEvent = ZMessage;
/** MessageRemoved (server → members). */
export const ZMessageRemovedEvent = z.object({ twId: ZId, messageId: ZId, seq: z.number() });
/** Read (server → members): userId has read up to seq. unreadCount is set only on the reader's own copy. */
export const ZReadEvent = z.object({
  twId: ZId,
  userId: ZId,
  seq: z.number(),
  timetoken: z.number(),
  unreadCount: z.number().optional(),
});
export const ZTypingEvent = z.object({ twId: ZId, userId: ZId, fullName: z.string() });
/**
 * ConversationCreated: a room this user now belongs to. ChatRoomUpdated: its name, members or owner changed.
 * ConversationUpdated: this user's own state of it changed (favorite, mute) in another tab. Clients refetch.
 */
export const ZRoomEvent = z.object({ twId: ZId });
/** ChatRoomDeleted: gone from this user's list, or (archived) kept read-only because the owner deleted it. */
export const ZChatRoomDeletedEvent = z.object({
  twId: ZId,
  archived: z.boolean(),
  by: z.object({ id: ZId, fullName: z.string() }).nullable(),
});

/**
 * A missed call counts as unread, like a message, for those who missed it: Recent shows missed calls like
 * unread messages (issue 9). Every other system message counts for nobody.
 */
export const missedCallFor = (attributes: TMessageAttributes, userId: string | undefined): boolean =>
  attributes.event?.type === 'callMissed' && attributes.event.data.users.some((u) => u.id === userId);

/** Spec doc 1 section 7 "Chat rooms": every route of a room, its members and its messages. */
export const chatRoomRoutes = {
  list: apiRoute({ method: 'GET', path: '/chat-room', query: ZChatRoomListQuery, reply: ZChatRoomsReply }),
  create: apiRoute({ method: 'POST', path: '/chat-room', body: ZCreateChatRoomRequest, reply: ZChatRoomReply }),
  /** The owner deletes a group: gone for the owner, archived for the others. */
  remove: apiRoute({ method: 'DELETE', path: '/chat-room', query: ZRoomQuery, reply: ZTwIdReply }),
  searchGroups: apiRoute({
    method: 'POST',
    path: '/chat-room/search-groups',
    body: ZSearchGroupsRequest,
    reply: ZChatRoomsReply,
  }),
  byParticipants: apiRoute({
    method: 'POST',
    path: '/chat-room/chat-rooms-by-participants',
    body: ZRoomsByParticipantsRequest,
    reply: ZChatRoomsReply,
  }),
  update: apiRoute({
    method: 'POST',
    path: '/chat-room/update-chat-room',
    body: ZUpdateChatRoomRequest,
    reply: ZChatRoomReply,
  }),
  details: apiRoute({ method: 'GET', path: '/chat-room/details', query: ZRoomQuery, reply: ZChatRoomReply }),
  addContacts: apiRoute({
    method: 'POST',
    path: '/chat-room/add-contacts',
    query: ZRoomQuery,
    body: ZContactsBody,
    reply: ZChatRoomReply,
  }),
  removeContacts: apiRoute({
    method: 'POST',
    path: '/chat-room/remove-contacts',
    query: ZRoomQuery,
    body: ZContactsBody,
    reply: ZChatRoomReply,
  }),
  setFavorite: apiRoute({ method: 'POST', path: '/chat-room/set-favorite', body: ZRoomRef, reply: ZFavoriteReply }),
  unsetFavorite: apiRoute({
    method: 'POST',
    path: '/chat-room/unset-favorite',
    body: ZRoomRef,
    reply: ZFavoriteReply,
  }),
  mute: apiRoute({ method: 'POST', path: '/chat-room/mute', body: ZTwIdBody, reply: ZMuteReply }),
  unmute: apiRoute({ method: 'POST', path: '/chat-room/unmute', body: ZTwIdBody, reply: ZMuteReply }),
  /** A member (not the owner) leaves a group. */
  leave: apiRoute({ method: 'POST', path: '/chat-room/leave', query: ZRoomQuery, reply: ZTwIdReply }),
  messages: apiRoute({ method: 'POST', path: '/chat-room/messages', body: ZMessagesRequest, reply: ZMessagesReply }),
  removeMessage: apiRoute({
    method: 'DELETE',
    path: '/chat-room/remove-message',
    body: ZRemoveMessageRequest,
    reply: ZTwIdReply,
  }),
  seenBy: apiRoute({ method: 'GET', path: '/chat-room/seen-by', query: ZSeenByQuery, reply: ZSeenByReply }),
  ackGrid: apiRoute({
    method: 'GET',
    path: '/chat-room/acknowledgement-grid',
    query: ZAckGridQuery,
    reply: ZAckGridReply,
    errors: { 403: 'NOT_SENDER_OR_OWNER', 404: ['CONVERSATION_UNAVAILABLE', 'NOT_FOUND'], 409: 'NOT_PRIORITY' },
  }),
  pendingUrgent: apiRoute({ method: 'GET', path: '/chat-room/pending-urgent', reply: ZPendingUrgentReply }),
  acknowledge: apiRoute({
    method: 'POST',
    path: '/chat-room/acknowledge-message',
    body: ZAcknowledgeRequest,
    reply: ZMessageReply,
  }),
  markImportant: apiRoute({
    method: 'POST',
    path: '/chat-room/message-important',
    body: ZMarkImportantRequest,
    reply: ZMessageReply,
  }),
  messageLog: apiRoute({
    method: 'GET',
    path: '/chat-room/message-logs',
    query: ZMessageLogQuery,
    reply: ZMessageLogReply,
  }),
} as const;

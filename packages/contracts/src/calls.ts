import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZId } from './common';

/**
 * Calls (spec doc 2 sections 3, 4, 7, 9). A call belongs to a chat room (twId); its state lives on the server
 * as one record per call, changed only through the pure transition of apps/server/src/modules/calls/call-machine.ts.
 */
export const CALL_TYPES = ['voice', 'video', 'screenshare', 'directScreenShare'] as const;
export const ZCallType = z.enum(CALL_TYPES);
export type TCallType = z.infer<typeof ZCallType>;

export const CALL_STATUSES = ['initialized', 'started', 'ended'] as const;

/** A participant's place in the call; `missed` is a ringing that nobody answered in 60 s. */
export const PARTICIPANT_STATUSES = ['ringing', 'declined', 'missed', 'accepted', 'dropped'] as const;

export const CALL_LIMITS = {
  /** Incoming ringing is declined (recorded as missed) after this long (doc 2 section 9). */
  ringMs: 60_000,
  /** A participant whose every socket dropped is marked dropped after this long. */
  dropAfterMs: 10_000,
  /** Browsers sending media to each other (no SFU): beyond four the uplinks of each one do not hold. */
  meshMaxParticipants: 4,
  /** Through the SFU (Janus). */
  sfuMaxParticipants: 50,
  /** After a reconnection, the wait before the app asks whether its call still runs (doc 2 section 4). */
  resumeCheckMs: 500,
  /** How long a media token (GET /twilio/video-token) is good for. */
  mediaTokenSeconds: 300,
} as const;

export const ZCallParticipant = z.object({
  id: ZId,
  fullName: z.string(),
  status: z.enum(PARTICIPANT_STATUSES),
  /** The tab (per-tab uuid of the socket handshake) that accepted; null until then. */
  tabId: z.string().nullable(),
  voice: z.boolean(),
  video: z.boolean(),
  screenShare: z.boolean(),
  /** While someone else shares their screen, only this decides whether the participant is heard. */
  voiceDuringScreenShare: z.boolean(),
  /** When the participant last started ringing (ms). */
  ringingSince: z.number().nullable(),
});
export type TCallParticipant = z.infer<typeof ZCallParticipant>;

export const ZCall = z.object({
  id: ZId,
  twId: ZId,
  type: ZCallType,
  status: z.enum(CALL_STATUSES),
  initializerId: ZId,
  transport: z.enum(['mesh', 'janus']),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  participants: z.array(ZCallParticipant),
  /** Bumped by every change; a client keeps the highest it has seen. */
  version: z.number().int(),
});
export type TCall = z.infer<typeof ZCall>;

/** The tabs in a call: each accepted participant with the tab that accepted (media flows between these). */
export const acceptedTabs = (call: TCall): { userId: string; tabId: string }[] =>
  call.participants.flatMap((p) => (p.status === 'accepted' && p.tabId ? [{ userId: p.id, tabId: p.tabId }] : []));

/** Whether this tab of this user is in the call. */
export const isAcceptedTab = (call: TCall | null | undefined, who: { userId: string; tabId: string }): boolean =>
  call?.participants.some((p) => p.id === who.userId && p.status === 'accepted' && p.tabId === who.tabId) ?? false;

/** Voice and video call permissions (each on only if granted: doc 2 section 4). */
export type TCallPermissions = { voice?: boolean | undefined; video?: boolean | undefined };

/**
 * Whether someone with these permissions can answer a call of this type (doc 2 section 6): a voice call with
 * the voice permission; a video call or a screen share with the video permission, or with the voice permission
 * by answering with voice. The server rings only them and the web's call buttons follow the same rule.
 */
export const canAnswer = (type: TCallType, p: TCallPermissions): boolean =>
  p.voice === true || (type !== 'voice' && p.video === true);

/** Whether someone with these permissions can start a call of this type: voice needs voice, the rest video. */
export const canStart = (type: TCallType, p: TCallPermissions): boolean =>
  type === 'voice' ? p.voice === true : p.video === true;

/**
 * CallPermissionsChanged: someone's voice or video permission changed, told to those who share a room with
 * them (their call buttons follow it, doc 2 section 6). userId null: a permission changed for many people at
 * once (POST /user/permission/all): the rooms are read again.
 */
export const ZCallPermissionsChanged = z.object({
  userId: ZId.nullable(),
  voice: z.boolean().optional(),
  video: z.boolean().optional(),
});
export type TCallPermissionsChanged = z.infer<typeof ZCallPermissionsChanged>;

// ---- Client events (doc 2 section 7: call actions over the real-time channel) ----

export const ZCallInitialize = z.object({
  twId: ZId,
  video: z.boolean().default(false),
  voice: z.boolean().default(true),
  /** A direct screen share, or a call of the usual kind (voice or video from the flags). */
  screenShare: z.boolean().default(false),
});
export const ZCallAccept = z.object({ twId: ZId, audioOnly: z.boolean().default(false) });
export const ZCallTarget = z.object({ twId: ZId });
export const ZCallScreenShareStart = z.object({
  twId: ZId,
  height: z.number().int().positive().max(10_000).optional(),
  width: z.number().int().positive().max(10_000).optional(),
});
export const ZCallForceVoice = z.object({
  twId: ZId,
  flag: z.boolean(),
  action: z.enum(['mute', 'unmute']),
  participantId: ZId,
});
export const ZCallAddParticipants = z.object({ twId: ZId, userIds: z.array(ZId).min(1).max(50) });

/** One ICE candidate (RTCIceCandidateInit), as a browser gathers it. */
export const ZIceCandidateInit = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1_000).nullable().optional(),
});
/** WebRTC signalling, relayed tab to tab between accepted participants of one call (mesh transport). */
export const ZCallSignalData = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), sdp: z.string().max(100_000) }),
  z.object({ type: z.literal('answer'), sdp: z.string().max(100_000) }),
  /** Asks the tab that makes the offers to connect again (this side lost signals while offline). */
  z.object({ type: z.literal('restart') }),
  z.object({ type: z.literal('candidate'), candidate: ZIceCandidateInit }),
]);
export const ZCallSignal = z.object({
  twId: ZId,
  to: z.object({ userId: ZId, tabId: z.string().min(1).max(64) }),
  data: ZCallSignalData,
});

export const ZCallAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), call: ZCall }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type TCallAck = z.infer<typeof ZCallAck>;

/**
 * Media through Janus (JANUS_URL): the server drives the SFU and the browser never talks to it. Each event
 * carries the media token of GET /twilio/video-token (same call, same tab) and is checked against the call row.
 * A feed is one accepted tab's publisher.
 */
export const ZMediaFeed = z.object({ userId: ZId, tabId: z.string().min(1).max(64) });
export type TMediaFeed = z.infer<typeof ZMediaFeed>;
const ZMediaJwt = z.string().min(1).max(4_096);
const ZSdp = z.string().min(1).max(100_000);
/** The tab's publisher offer (sendonly); `renegotiate` keeps the same peer connection, else it starts afresh. */
export const ZCallMediaPublish = z.object({
  twId: ZId,
  jwt: ZMediaJwt,
  sdp: ZSdp,
  renegotiate: z.boolean().default(false),
});
/** Subscribe to one feed: the server answers with Janus's offer for it. */
export const ZCallMediaSubscribe = z.object({ twId: ZId, jwt: ZMediaJwt, feed: ZMediaFeed });
/** The tab's answer to a feed's offer. */
export const ZCallMediaStart = z.object({ twId: ZId, jwt: ZMediaJwt, feed: ZMediaFeed, sdp: ZSdp });
/** One ICE candidate of the publisher or of a feed's subscriber; null once gathering is complete. */
export const ZCallMediaTrickle = z.object({
  twId: ZId,
  jwt: ZMediaJwt,
  target: z.union([z.literal('publisher'), ZMediaFeed]),
  candidate: ZIceCandidateInit.nullable(),
});
export const ZCallMediaSdpAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), sdp: z.string() }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);

// ---- Server events ----

/** CallFeeds (server → the call's accepted tabs): who publishes in the call's Janus room now. */
export const ZCallFeedsEvent = z.object({ twId: ZId, feeds: z.array(ZMediaFeed) });

/** CallInitialized, CallAccepted, CallDeclined, CallEnded, CallUpdated: the call as it now is, to the room's members. */
export const ZCallEvent = z.object({ call: ZCall });
/** CallSignal (server → one tab): from whom, and what. */
export const ZCallSignalEvent = z.object({
  twId: ZId,
  from: z.object({ userId: ZId, tabId: z.string() }),
  data: ZCallSignalData,
});

/** Refusal codes of call events (messages are in lib/texts of the server, in the user's language). */
export const CALL_REFUSALS = {
  notFound: 'CALL_NOT_FOUND',
  busyElsewhere: 'CALL_BUSY_OTHER_DEVICE',
  noPermission: 'CALL_NO_PERMISSION',
  oneSharer: 'CALL_ONE_SHARER',
  notAllowed: 'CALL_NOT_ALLOWED',
  full: 'CALL_FULL',
  notInCall: 'CALL_NOT_IN_CALL',
  ongoing: 'CALL_ALREADY_ONGOING',
  /** No connected callee can answer a call of this type (doc 2 section 6). */
  contactUnavailable: 'CALL_CONTACT_UNAVAILABLE',
  /** Janus (JANUS_URL) is not configured or cannot be reached. */
  mediaUnavailable: 'CALL_MEDIA_UNAVAILABLE',
  /** Janus refused a media step (its error is logged). */
  mediaFailed: 'CALL_MEDIA_FAILED',
} as const;
export type TCallRefusal = (typeof CALL_REFUSALS)[keyof typeof CALL_REFUSALS];

/** GET /twilio/video-token?twId: a short-lived token for the media room of the call the caller has accepted. */
export const ZVideoTokenQuery = z.object({ twId: ZId });
/** ICE servers for the call's peer connections (RTCIceServer): STUN, and TURN with time-limited credentials. */
export const ZIceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const ZVideoTokenReply = z.object({
  data: z.object({
    jwt: z.string(),
    expiresAt: z.number(),
    iceServers: z.array(ZIceServer),
    /** How this call's media travels: browser to browser (mesh) or through Janus (JANUS_URL). */
    transport: z.enum(['mesh', 'janus']),
  }),
});
export const ZLiveCallsReply = z.object({ data: z.object({ calls: z.array(ZCall) }) });
export const callRoutes = {
  /** The live calls of the caller's rooms: a tab that (re)connects learns what rings and what runs. */
  live: apiRoute({ method: 'GET', path: '/call/live', reply: ZLiveCallsReply }),
  videoToken: apiRoute({
    method: 'GET',
    path: '/twilio/video-token',
    query: ZVideoTokenQuery,
    reply: ZVideoTokenReply,
  }),
} as const;

/** The call events a room's history records as system messages (doc 2 section 4), each in the reader's language. */
export const CALL_SYSTEM_EVENTS = [
  'callInit',
  'callDeclined',
  'callAborted',
  'callAccepted',
  'callJoined',
  'callLeft',
  'callEnded',
  'callMissed',
  'screenShareStarted',
  'screenShareStopped',
] as const;
export type TCallSystemEvent = (typeof CALL_SYSTEM_EVENTS)[number];

/** How often a call button acts on repeated clicks (doc 2 section 9); a click within the time does nothing. */
export const CALL_THROTTLES = {
  /** Accept, decline, answer with voice; the video and audio toggles. */
  answerMs: 3_000,
  toggleMs: 3_000,
  /** Add participant, disconnect, end for all, full screen. */
  controlMs: 1_500,
} as const;

import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZMessage, ZMessagesReply, ZPriorityLevel, ZRoomType } from './chat';
import { pagedReply, ZId } from './common';
import { plainText } from './validation';

/**
 * Message search (issue 27): the words of the messages a user may read, found through a blind index (keyed
 * hashes of word beginnings; docs/decisions.md "Message search: a blind index"), and the history page around
 * one of them, so a result opens in its room with the messages around it.
 */
export const SEARCH_LIMITS = {
  /** Longest query, in characters. */
  queryMax: 200,
  pageSizeMax: 50,
  pageSizeDefault: 20,
  /** Messages on each side of the one a result opens (the history page around it). */
  aroundMax: 100,
  aroundDefault: 50,
} as const;

/** A query-string flag: true/false, 1/0. */
const ZFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** Epoch milliseconds, as every time of the API. */
const ZTime = z.coerce.number().int().min(0).max(32_503_680_000_000);

/**
 * GET /search/messages: every word of q must begin a word of the message (its text, its files' names), case and
 * accents aside. Filters narrow it: a room, a sender, a time range (from inclusive, to exclusive), messages with a
 * file or voice note, a priority (IMPORTANT: marked important at any level; URGENT: urgent only). Newest first;
 * page counts from 1.
 */
export const ZSearchMessagesQuery = z
  .object({
    q: plainText(z.string().trim().min(1).max(SEARCH_LIMITS.queryMax)),
    roomId: ZId.optional(),
    senderId: ZId.optional(),
    from: ZTime.optional(),
    to: ZTime.optional(),
    hasFile: ZFlag.optional(),
    priority: ZPriorityLevel.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(SEARCH_LIMITS.pageSizeMax).default(SEARCH_LIMITS.pageSizeDefault),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    message: 'must be after from',
    path: ['to'],
  });
export type TSearchMessagesQuery = z.input<typeof ZSearchMessagesQuery>;

/** [start, end) offsets (UTF-16, as JavaScript strings count) of a matched word, for highlighting. */
export const ZTextRange = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
export type TTextRange = z.infer<typeof ZTextRange>;

export const ZSearchHit = z.object({
  message: ZMessage,
  /** Where it was said: a group's name, or for a direct chat the other person's name. */
  room: z.object({ id: ZId, type: ZRoomType, name: z.string() }),
  /** The matched words of the body. */
  ranges: z.array(ZTextRange),
  /** The matched words of each file's name, by the file's index in message.files (files without a match left out). */
  fileRanges: z.array(z.object({ index: z.number().int().nonnegative(), ranges: z.array(ZTextRange) })),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;
export const ZSearchMessagesReply = pagedReply(ZSearchHit);
export type TSearchMessagesReply = z.infer<typeof ZSearchMessagesReply>;

/**
 * GET /search/message-context: the history page around a message, in the shape of POST /chat-room/messages
 * (oldest first): up to `around` messages before it, the message, up to `around` after it. hasMore: older
 * messages exist before the page.
 */
export const ZMessageContextQuery = z.object({
  twId: ZId,
  messageId: ZId,
  around: z.coerce.number().int().min(1).max(SEARCH_LIMITS.aroundMax).default(SEARCH_LIMITS.aroundDefault),
});
export type TMessageContextQuery = z.input<typeof ZMessageContextQuery>;

export const searchRoutes = {
  messages: apiRoute({
    method: 'GET',
    path: '/search/messages',
    query: ZSearchMessagesQuery,
    reply: ZSearchMessagesReply,
  }),
  context: apiRoute({
    method: 'GET',
    path: '/search/message-context',
    query: ZMessageContextQuery,
    reply: ZMessagesReply,
    errors: { 404: ['CONVERSATION_UNAVAILABLE', 'NOT_FOUND'] },
  }),
} as const;

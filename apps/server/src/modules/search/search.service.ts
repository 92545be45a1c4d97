import type { TMessage } from '@rounds/contracts/chat';
import type {
  TSearchHit,
  TSearchMessagesReply,
  ZMessageContextQuery,
  ZSearchMessagesQuery,
} from '@rounds/contracts/search';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { StoredMessage } from '../chat/messages.store';
import { ZMedia } from '../chat/messages.store';
import { messagesWithAuthors } from '../chat/room-view';
import { requireMember } from '../chat/rooms.store';
import type { BlindIndex } from './blind-index';
import { HISTORY_FROM_JOINING, readableFrom, searchableTexts } from './search.rules';
import { deleteTerms, findMessage, insertTerms, messagesAround, roomNames, searchMessages } from './search.store';
import { matchRanges, queryWords } from './words.rules';

export type SearchDeps = { db: Db; index: BlindIndex; crypto: MessageCrypto };

/**
 * Message search over the blind index (docs/decisions.md "Message search: a blind index"): the index is written
 * with the message, in its transaction, and removed with it; a search reads only the rooms the user is a member
 * of, bounded where a room shows history from joining.
 */
export function createSearchService({ db, index, crypto }: SearchDeps) {
  const entryOf = (m: Pick<TMessage, 'id' | 'twId' | 'body' | 'author' | 'attributes' | 'files'>) => ({
    messageId: m.id,
    roomId: m.twId,
    terms: index.termsOf(searchableTexts(m)),
  });
  const storedEntry = (row: StoredMessage) => {
    const media = row.media === null ? null : ZMedia.safeParse(JSON.parse(row.media));
    return entryOf({
      id: row.id,
      twId: row.room_id,
      body: crypto.open(row.body),
      author: row.author_id,
      attributes: row.attributes ? JSON.parse(row.attributes) : {},
      files: media?.success ? media.data.files : [],
    });
  };

  return {
    /** In the transaction that stores the messages (chat's message writer). */
    indexMessages: (trx: Db, messages: readonly TMessage[]) => insertTerms(trx, messages.map(entryOf)),
    /** In the transaction that removes a message (deleted by its sender; retention), before its body is wiped. */
    forgetMessages: (trx: Db, rows: readonly StoredMessage[]) => deleteTerms(trx, rows.map(storedEntry)),
    /** The rebuild command: the rows a stored message is indexed under. */
    entryOfStored: storedEntry,

    search: async (userId: string, q: z.output<typeof ZSearchMessagesQuery>): Promise<TSearchMessagesReply> => {
      const words = queryWords(q.q);
      const offset = (q.page - 1) * q.pageSize;
      const { rows, total } = await searchMessages(
        db,
        {
          userId,
          // The longest word first: it drives the plan, and a longer beginning has fewer rows.
          terms: [...words].sort((a, b) => b.length - a.length).map(index.queryHash),
          roomId: q.roomId,
          senderId: q.senderId,
          from: q.from,
          to: q.to,
          hasFile: q.hasFile,
          priority: q.priority,
          historyFromJoining: HISTORY_FROM_JOINING,
        },
        { offset, limit: q.pageSize },
      );
      const messages = await messagesWithAuthors(db, rows, crypto);
      const rooms = await roomNames(db, userId, [...new Set(messages.map((m) => m.twId))]);
      const results = messages.map(
        (message): TSearchHit => ({
          message,
          room: { id: message.twId, ...(rooms.get(message.twId) ?? { type: 'group', name: '' }) },
          ranges: matchRanges(message.body, words),
          fileRanges: message.files
            .map((f, i) => ({ index: i, ranges: matchRanges(f.name, words) }))
            .filter((f) => f.ranges.length > 0),
        }),
      );
      return { results, page: q.page, pageSize: q.pageSize, total };
    },

    /** The history page around a message, as POST /chat-room/messages answers (oldest first). */
    context: async (
      userId: string,
      q: z.output<typeof ZMessageContextQuery>,
    ): Promise<{ messages: TMessage[]; hasMore: boolean }> => {
      const { room, member } = await requireMember(db, userId, q.twId);
      const from = readableFrom(room.type, Number(member.joined_at));
      const target = await findMessage(db, q.twId, q.messageId);
      if (!target || Number(target.created_at) < from) throw notFound('messageNotFound');
      const page = await messagesAround(db, q.twId, Number(target.seq), q.around, from);
      return { messages: await messagesWithAuthors(db, page.rows, crypto), hasMore: page.hasMore };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

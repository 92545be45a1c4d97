import {
  roomKey,
  ZAcknowledgeRequest,
  ZChatRoomListQuery,
  ZChatRoomReply,
  ZChatRoomsReply,
  ZContactsBody,
  ZCreateChatRoomRequest,
  ZFavoriteReply,
  ZMarkImportantRequest,
  ZMessageLogQuery,
  ZMessageLogReply,
  ZMessageReply,
  ZMessagesReply,
  ZMessagesRequest,
  ZMuteReply,
  ZPendingUrgentReply,
  ZRemoveMessageRequest,
  ZRoomQuery,
  ZRoomRef,
  ZRoomsByParticipantsRequest,
  ZSearchGroupsRequest,
  ZSeenByQuery,
  ZSeenByReply,
  ZTwIdBody,
  ZTwIdReply,
  ZUpdateChatRoomRequest,
} from '@rounds/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors';
import { authOf, requireAuth } from '../../plugins/auth';

const tags = ['chat rooms'];

/** Spec doc 1 section 7 "Chat rooms". Routes validate and authorize; the services hold the rules. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = requireAuth(app);
  const { rooms, messages, priority } = app.chat;
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

  app.get(
    '/api/v1/chat-room',
    { schema: { tags, querystring: ZChatRoomListQuery, response: { 200: ZChatRoomsReply } }, onRequest: auth },
    async (req) => ({ data: { chatRooms: await rooms.list(me(req), req.query.keyword) } }),
  );

  app.post(
    '/api/v1/chat-room',
    { schema: { tags, body: ZCreateChatRoomRequest, response: { 200: ZChatRoomReply } }, onRequest: auth },
    async (req) => ({ data: { chatRoom: await rooms.create(me(req), req.body) } }),
  );

  app.delete(
    '/api/v1/chat-room',
    { schema: { tags, querystring: ZRoomQuery, response: { 200: ZTwIdReply } }, onRequest: auth },
    async (req) => {
      const twId = roomKey(req.query);
      await rooms.remove(me(req), twId);
      return { data: { twId } };
    },
  );

  app.post(
    '/api/v1/chat-room/search-groups',
    { schema: { tags, body: ZSearchGroupsRequest, response: { 200: ZChatRoomsReply } }, onRequest: auth },
    async (req) => ({ data: { chatRooms: await rooms.searchGroups(me(req), req.body.keyword) } }),
  );

  app.post(
    '/api/v1/chat-room/chat-rooms-by-participants',
    { schema: { tags, body: ZRoomsByParticipantsRequest, response: { 200: ZChatRoomsReply } }, onRequest: auth },
    async (req) => ({ data: { chatRooms: await rooms.byParticipants(me(req), req.body.participants) } }),
  );

  app.post(
    '/api/v1/chat-room/update-chat-room',
    { schema: { tags, body: ZUpdateChatRoomRequest, response: { 200: ZChatRoomReply } }, onRequest: auth },
    async (req) => ({ data: { chatRoom: await rooms.update(me(req), req.body) } }),
  );

  app.get(
    '/api/v1/chat-room/details',
    { schema: { tags, querystring: ZRoomQuery, response: { 200: ZChatRoomReply } }, onRequest: auth },
    async (req) => ({ data: { chatRoom: await rooms.viewFor(me(req), roomKey(req.query)) } }),
  );

  app.post(
    '/api/v1/chat-room/add-contacts',
    {
      schema: { tags, querystring: ZRoomQuery, body: ZContactsBody, response: { 200: ZChatRoomReply } },
      onRequest: auth,
    },
    async (req) => ({
      data: { chatRoom: await rooms.addContacts(me(req), roomKey(req.query), req.body.contacts) },
    }),
  );

  app.post(
    '/api/v1/chat-room/remove-contacts',
    {
      schema: { tags, querystring: ZRoomQuery, body: ZContactsBody, response: { 200: ZChatRoomReply } },
      onRequest: auth,
    },
    async (req) => ({
      data: { chatRoom: await rooms.removeContacts(me(req), roomKey(req.query), req.body.contacts) },
    }),
  );

  for (const [path, on] of [
    ['set-favorite', true],
    ['unset-favorite', false],
  ] as const) {
    app.post(
      `/api/v1/chat-room/${path}`,
      { schema: { tags, body: ZRoomRef, response: { 200: ZFavoriteReply } }, onRequest: auth },
      async (req) => {
        const twId = roomKey(req.body);
        await rooms.setFlag(me(req), twId, 'is_favorite', on);
        return { data: { twId, isFavorite: on } };
      },
    );
  }

  for (const [path, on] of [
    ['mute', true],
    ['unmute', false],
  ] as const) {
    app.post(
      `/api/v1/chat-room/${path}`,
      { schema: { tags, body: ZTwIdBody, response: { 200: ZMuteReply } }, onRequest: auth },
      async (req) => {
        await rooms.setFlag(me(req), req.body.twId, 'muted', on);
        return { data: { twId: req.body.twId, muted: on } };
      },
    );
  }

  app.post(
    '/api/v1/chat-room/leave',
    { schema: { tags, querystring: ZRoomQuery, response: { 200: ZTwIdReply } }, onRequest: auth },
    async (req) => {
      const twId = roomKey(req.query);
      await rooms.leave(me(req), twId);
      return { data: { twId } };
    },
  );

  app.post(
    '/api/v1/chat-room/messages',
    { schema: { tags, body: ZMessagesRequest, response: { 200: ZMessagesReply } }, onRequest: auth },
    async (req) => ({ data: await messages.history(me(req), req.body) }),
  );

  app.delete(
    '/api/v1/chat-room/remove-message',
    { schema: { tags, body: ZRemoveMessageRequest, response: { 200: ZTwIdReply } }, onRequest: auth },
    async (req) => {
      await messages.remove(me(req), req.body.twId, req.body.messageId);
      return { data: { twId: req.body.twId } };
    },
  );

  app.get(
    '/api/v1/chat-room/seen-by',
    { schema: { tags, querystring: ZSeenByQuery, response: { 200: ZSeenByReply } }, onRequest: auth },
    async (req) => ({ data: { seen: await messages.seenBy(me(req), req.query.twId, req.query.messageId) } }),
  );

  app.get(
    '/api/v1/chat-room/pending-urgent',
    { schema: { tags, response: { 200: ZPendingUrgentReply } }, onRequest: auth },
    async (req) => ({ data: { messages: await priority.pendingUrgent(me(req)) } }),
  );

  app.post(
    '/api/v1/chat-room/acknowledge-message',
    { schema: { tags, body: ZAcknowledgeRequest, response: { 200: ZMessageReply } }, onRequest: auth },
    async (req) => {
      if (req.body.userId !== undefined && req.body.userId !== me(req)) {
        throw forbidden('acknowledgeOnlyYourself', 'NOT_YOURSELF');
      }
      return { data: { message: await priority.acknowledge(me(req), req.body.messageId) } };
    },
  );

  app.post(
    '/api/v1/chat-room/message-important',
    { schema: { tags, body: ZMarkImportantRequest, response: { 200: ZMessageReply } }, onRequest: auth },
    async (req) => {
      const { twId, messageId, ...options } = req.body;
      return { data: { message: await priority.markImportant(me(req), twId, messageId, options) } };
    },
  );

  app.get(
    '/api/v1/chat-room/message-logs',
    { schema: { tags, querystring: ZMessageLogQuery, response: { 200: ZMessageLogReply } }, onRequest: auth },
    async (req) => ({ data: { log: await priority.messageLog(me(req), req.query.logId) } }),
  );
};

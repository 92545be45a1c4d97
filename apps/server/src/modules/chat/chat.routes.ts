import { roomKey, chatRoomRoutes as routes } from '@rounds/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';

/** Spec doc 1 section 7 "Chat rooms". Routes validate and authorize; the services hold the rules. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['chat rooms'], onRequest: requireAuth(app) };
  const { rooms, messages, priority } = app.chat;
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

  registerRoute(app, routes.list, options, async (req) => ({
    data: { chatRooms: await rooms.list(me(req), req.query.keyword) },
  }));

  registerRoute(app, routes.create, options, async (req) => ({
    data: { chatRoom: await rooms.create(me(req), req.body) },
  }));

  registerRoute(app, routes.remove, options, async (req) => {
    const twId = roomKey(req.query);
    await rooms.remove(me(req), twId);
    return { data: { twId } };
  });

  registerRoute(app, routes.searchGroups, options, async (req) => ({
    data: { chatRooms: await rooms.searchGroups(me(req), req.body.keyword) },
  }));

  registerRoute(app, routes.byParticipants, options, async (req) => ({
    data: { chatRooms: await rooms.byParticipants(me(req), req.body.participants) },
  }));

  registerRoute(app, routes.update, options, async (req) => ({
    data: { chatRoom: await rooms.update(me(req), req.body) },
  }));

  registerRoute(app, routes.details, options, async (req) => ({
    data: { chatRoom: await rooms.viewFor(me(req), roomKey(req.query)) },
  }));

  registerRoute(app, routes.addContacts, options, async (req) => ({
    data: { chatRoom: await rooms.addContacts(me(req), roomKey(req.query), req.body.contacts) },
  }));

  registerRoute(app, routes.removeContacts, options, async (req) => ({
    data: { chatRoom: await rooms.removeContacts(me(req), roomKey(req.query), req.body.contacts) },
  }));

  for (const [route, on] of [
    [routes.setFavorite, true],
    [routes.unsetFavorite, false],
  ] as const) {
    registerRoute(app, route, options, async (req) => {
      const twId = roomKey(req.body);
      await rooms.setFlag(me(req), twId, 'is_favorite', on);
      return { data: { twId, isFavorite: on } };
    });
  }

  for (const [route, on] of [
    [routes.mute, true],
    [routes.unmute, false],
  ] as const) {
    registerRoute(app, route, options, async (req) => {
      await rooms.setFlag(me(req), req.body.twId, 'muted', on);
      return { data: { twId: req.body.twId, muted: on } };
    });
  }

  registerRoute(app, routes.leave, options, async (req) => {
    const twId = roomKey(req.query);
    await rooms.leave(me(req), twId);
    return { data: { twId } };
  });

  registerRoute(app, routes.messages, options, async (req) => ({ data: await messages.history(me(req), req.body) }));

  registerRoute(app, routes.removeMessage, options, async (req) => {
    await messages.remove(me(req), req.body.twId, req.body.messageId);
    return { data: { twId: req.body.twId } };
  });

  registerRoute(app, routes.seenBy, options, async (req) => ({
    data: { seen: await messages.seenBy(me(req), req.query.twId, req.query.messageId) },
  }));

  registerRoute(app, routes.ackGrid, options, async (req) => ({
    data: await priority.acknowledgementGrid(me(req), req.query.twId, req.query.messageId),
  }));

  registerRoute(app, routes.pendingUrgent, options, async (req) => ({
    data: { messages: await priority.pendingUrgent(me(req)) },
  }));

  registerRoute(app, routes.acknowledge, options, async (req) => {
    if (req.body.userId !== undefined && req.body.userId !== me(req)) {
      throw forbidden('acknowledgeOnlyYourself', 'NOT_YOURSELF');
    }
    return { data: { message: await priority.acknowledge(me(req), req.body.messageId) } };
  });

  registerRoute(app, routes.markImportant, options, async (req) => {
    const { twId, messageId, ...choices } = req.body;
    return { data: { message: await priority.markImportant(me(req), twId, messageId, choices) } };
  });

  registerRoute(app, routes.messageLog, options, async (req) => ({
    data: { log: await priority.messageLog(me(req), req.query.logId) },
  }));
};

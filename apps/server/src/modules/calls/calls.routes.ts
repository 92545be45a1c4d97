import { CALL_LIMITS, CALL_REFUSALS, callRoutes } from '@rounds/contracts/calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signMediaToken } from '../../lib/tokens';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { requireMember } from '../chat/rooms.store';
import { callRefusal } from './call-refusal';
import { iceServersFor } from './turn-credentials';

/**
 * GET /twilio/video-token (doc 2 section 7; the path keeps the spec's name): a short-lived token for the media
 * room of the call the caller has accepted, bound to the tab that accepted. Nobody else gets one.
 */
export const callsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, callRoutes.live, { tags: ['calls'], onRequest: requireAuth(app) }, async (req) => ({
    data: { calls: await app.calls.liveCallsOf(authOf(req).userId) },
  }));

  registerRoute(app, callRoutes.videoToken, { tags: ['calls'], onRequest: requireAuth(app) }, async (req) => {
    const { userId } = authOf(req);
    await requireMember(app.db, userId, req.query.twId);
    const call = await app.calls.liveCall(req.query.twId);
    if (!call) throw callRefusal(CALL_REFUSALS.notFound);
    const me = call.participants.find((p) => p.id === userId && p.status === 'accepted');
    if (!me?.tabId) throw callRefusal(CALL_REFUSALS.notInCall);
    const expiresAt = Date.now() + CALL_LIMITS.mediaTokenSeconds * 1000;
    const jwt = await signMediaToken(
      app.config.JWT_SECRET,
      { sub: userId, call: call.id, room: call.twId, tab: me.tabId },
      CALL_LIMITS.mediaTokenSeconds,
    );
    const iceServers = iceServersFor(
      { urls: app.config.TURN_URLS, secret: app.config.TURN_SECRET, ttlSeconds: app.config.TURN_TTL_SECONDS },
      userId,
    );
    return { data: { jwt, expiresAt, iceServers, transport: call.transport } };
  });
};

import { CALL_REFUSALS, isAcceptedTab, type TCall } from '@rounds/contracts/calls';
import { CLIENT_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { verifyMediaToken } from '../../../lib/tokens';
import { roomUnavailable } from '../../chat/rooms.store';
import { callRefusal } from '../call-refusal';
import { JanusError, JanusUnavailable } from './janus-client';

type TWho = { userId: string; tabId: string };

/**
 * The media events of Janus calls (CallMediaPublish, CallMediaSubscribe, CallMediaStart, CallMediaTrickle).
 * Each is admitted three ways: by the media token of GET /twilio/video-token (this user, this tab, this call),
 * by the room's membership and by the call row, which must hold this tab as an accepted participant. Anyone
 * else gets the room's 404, as for CallSignal. Janus faults become refusals with a code, logged; never a 500.
 */
export function installJanusSocket(app: FastifyInstance): void {
  const admit = async (m: { twId: string; jwt: string }, who: TWho): Promise<TCall> => {
    const claims = await verifyMediaToken(app.config.JWT_SECRET, m.jwt);
    // Membership first, like every room event: a token outlives a removal from the room by minutes.
    const call = await app.calls.memberCall(who.userId, m.twId).catch((error: unknown) => {
      app.metrics.callSignalsDropped.inc();
      throw error;
    });
    const accepted = isAcceptedTab(call, who);
    const tokenFits =
      claims !== null &&
      claims.sub === who.userId &&
      claims.tab === who.tabId &&
      claims.room === m.twId &&
      claims.call === call?.id;
    if (!call || !accepted || !tokenFits) {
      app.metrics.callSignalsDropped.inc();
      throw roomUnavailable();
    }
    if (!app.callMedia || call.transport !== 'janus') throw callRefusal(CALL_REFUSALS.mediaUnavailable);
    return call;
  };

  /** A feed is another accepted tab of the same call. */
  const requireFeed = (call: TCall, feed: TWho) => {
    if (!isAcceptedTab(call, feed)) throw callRefusal(CALL_REFUSALS.notInCall);
  };

  const janus = async <T>(event: string, twId: string, step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      if (error instanceof JanusUnavailable) {
        app.log.warn({ err: error.message, event, twId }, 'janus unreachable');
        throw callRefusal(CALL_REFUSALS.mediaUnavailable);
      }
      if (error instanceof JanusError || (error as { code?: unknown }).code !== undefined) {
        app.log.warn(
          { err: (error as Error).message, code: (error as { code?: unknown }).code, event, twId },
          'janus refused',
        );
        throw callRefusal(CALL_REFUSALS.mediaFailed);
      }
      throw error;
    }
  };

  app.socketEvents.on(CLIENT_EVENTS.CallMediaPublish, async (m, { userId, tabId }) => {
    const call = await admit(m, { userId, tabId });
    const { video } = await app.calls.mayOf(userId);
    const sdp = await janus('publish', m.twId, () =>
      app.callMedia!.publish(call, { userId, tabId }, m.sdp, m.renegotiate, video),
    );
    return { ok: true, sdp };
  });
  app.socketEvents.on(CLIENT_EVENTS.CallMediaSubscribe, async (m, { userId, tabId }) => {
    const call = await admit(m, { userId, tabId });
    requireFeed(call, m.feed);
    const sdp = await janus('subscribe', m.twId, () => app.callMedia!.subscribe(call, { userId, tabId }, m.feed));
    return { ok: true, sdp };
  });
  app.socketEvents.on(CLIENT_EVENTS.CallMediaStart, async (m, { userId, tabId }) => {
    const call = await admit(m, { userId, tabId });
    requireFeed(call, m.feed);
    await janus('start', m.twId, () => app.callMedia!.start(call, { userId, tabId }, m.feed, m.sdp));
    return { ok: true };
  });
  app.socketEvents.on(CLIENT_EVENTS.CallMediaTrickle, async (m, { userId, tabId }) => {
    const call = await admit(m, { userId, tabId });
    if (m.target !== 'publisher') requireFeed(call, m.target);
    await janus('trickle', m.twId, () =>
      app.callMedia!.trickle(call, { userId, tabId }, m.target, m.candidate as Record<string, unknown> | null),
    );
    return { ok: true };
  });
}

import { CALL_REFUSALS, isAcceptedTab } from '@rounds/contracts/calls';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { roomUnavailable } from '../chat/rooms.store';
import { callRefusal } from './call-refusal';

/**
 * The call actions of doc 2 section 7 over the socket. Payloads arrive parsed and the sender's session
 * checked (realtime/socket-handler.ts); a non-member gets the room's 404, like every room event.
 */
export function installCallsSocket(app: FastifyInstance): void {
  const calls = app.calls;
  const ok = (call: Awaited<ReturnType<typeof calls.act>>) => ({ ok: true as const, call });
  const now = () => Date.now();

  app.socketEvents.on(CLIENT_EVENTS.CallInitialize, async (m, { userId, tabId }) =>
    ok(await calls.initialize(userId, tabId, m)),
  );
  app.socketEvents.on(CLIENT_EVENTS.CallAccept, async (m, { userId, tabId }) =>
    ok(await calls.accept(userId, tabId, m.twId, m.audioOnly)),
  );
  // Actions the machine needs only the actor and the time for; the screen share and the camera also ask the
  // actor's video permission.
  const plain = [
    [CLIENT_EVENTS.CallDecline, 'decline'],
    [CLIENT_EVENTS.CallEnd, 'leave'],
    [CLIENT_EVENTS.CallEndForAll, 'endForAll'],
    [CLIENT_EVENTS.CallScreenShareEnd, 'screenShareEnd'],
    [CLIENT_EVENTS.CallVoiceToggle, 'toggleVoice'],
  ] as const;
  for (const [event, kind] of plain) {
    app.socketEvents.on(event, async (m, { userId }) =>
      ok(await calls.act(userId, m.twId, () => ({ kind, userId, now: now() }))),
    );
  }
  const video = [
    [CLIENT_EVENTS.CallScreenShareStart, 'screenShareStart'],
    [CLIENT_EVENTS.CallVideoToggle, 'toggleVideo'],
  ] as const;
  for (const [event, kind] of video) {
    app.socketEvents.on(event, async (m, { userId }) =>
      ok(await calls.act(userId, m.twId, async () => ({ kind, userId, may: await calls.mayOf(userId), now: now() }))),
    );
  }
  app.socketEvents.on(CLIENT_EVENTS.CallForceVoiceToggle, async (m, { userId }) =>
    ok(
      await calls.act(userId, m.twId, () => ({
        kind: 'forceVoice',
        userId,
        targetId: m.participantId,
        mute: m.action === 'mute' || !m.flag,
        now: now(),
      })),
    ),
  );
  app.socketEvents.on(CLIENT_EVENTS.CallAddParticipants, async (m, { userId }) =>
    ok(await calls.addParticipants(userId, m.twId, m.userIds)),
  );

  // Signalling goes tab to tab between accepted participants of one call, read but never written: ICE
  // candidates come by the dozen per connection, so this path reads the call row and the sender's membership
  // (each shared with the other events of the turn) and writes nothing. The sender must be a member of the
  // room, like every room event, and an accepted participant; anyone else gets the room's 404.
  app.socketEvents.on(CLIENT_EVENTS.CallSignal, async (m, { userId, tabId }) => {
    const call = await calls.memberCall(userId, m.twId).catch((error: unknown) => {
      app.metrics.callSignalsDropped.inc();
      throw error;
    });
    const sender = isAcceptedTab(call, { userId, tabId });
    if (!sender || !isAcceptedTab(call, m.to)) {
      app.metrics.callSignalsDropped.inc();
      throw sender ? callRefusal(CALL_REFUSALS.notInCall) : roomUnavailable();
    }
    app.publish(
      SERVER_EVENTS.CallSignal,
      { twId: m.twId, from: { userId, tabId }, data: m.data },
      { tabs: [{ userId: m.to.userId, tabId: m.to.tabId }] },
    );
    return { ok: true };
  });
}

import type { TMessageAttributes } from '@rounds/contracts/chat';
import type { TEscalationEntry, TEscalationTarget, TEscalationTimeline } from '@rounds/contracts/escalation';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden } from '../../lib/errors';
import { fullName } from '../chat/room-view';
import { isMember } from '../chat/rooms.store';
import { namesByIds } from '../users/users.store';
import * as store from './escalation.store';
import { type EscalationContext, escalationNotFound } from './escalation-context';
import type { Person } from './escalation-targets';

/** GET /escalations/:messageId: for the sender and the room's owner; the Admins read each step in the user log. */
export const escalationTimeline =
  (ctx: EscalationContext) =>
  async (actor: AuthContext, messageId: string): Promise<TEscalationTimeline> => {
    const { db } = ctx;
    const chain = await store.chainOfMessage(db, messageId);
    if (!chain) throw escalationNotFound();
    const room = await store.roomOwner(db, chain.room_id);
    // Duty roles are retired, never deleted: a chain's role always has its name.
    const roleName = (await store.roleName(db, chain.role_id)) ?? '';
    if (actor.userId !== chain.sender_id && actor.userId !== room?.owner_id) {
      // Anyone outside the room (an Admin too: theirs is the user log) learns nothing about the message.
      if (!(await isMember(db, actor.userId, chain.room_id))) throw escalationNotFound();
      throw forbidden('escalationSenderOrOwner', 'NOT_SENDER_OR_OWNER');
    }
    const message = await store.messageAttributes(db, messageId);
    const reminders = message ? ((JSON.parse(message.attributes) as TMessageAttributes).escalations ?? []) : [];
    const reminded = await namesByIds(
      db,
      reminders.flatMap((r) => r.userIds),
    );
    const names = new Map(reminded.map((u) => [u.id, fullName(u)]));
    const entries: TEscalationEntry[] = [
      ...(await store.chainEvents(db, chain.id)).map((e) => {
        const data = e.data as { target: TEscalationTarget | null; people: Person[] };
        return { kind: e.kind as TEscalationEntry['kind'], at: e.at, target: data.target, people: data.people };
      }),
      ...reminders
        .filter((r) => r.timetoken >= chain.started_at)
        .map((r) => ({
          kind: 'reminded' as const,
          at: r.timetoken,
          target: null,
          people: r.userIds.map((id) => ({ id, fullName: names.get(id) ?? '' })),
        })),
    ].sort((a, b) => a.at - b.at);
    return {
      messageId,
      twId: chain.room_id,
      roleId: chain.role_id,
      roleName,
      status: chain.outcome ?? 'running',
      entries,
    };
  };

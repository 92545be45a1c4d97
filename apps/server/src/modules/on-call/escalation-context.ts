import type { TMessage } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { Publish } from '../../realtime/publish';
import { lockedMessage } from '../chat/room-view';
import { activeMembersOf } from '../chat/rooms.store';

/** What the escalation's actions use (escalation.service composes them; one file per action). */
export type EscalationDeps = {
  db: Db;
  engine: 'sqlite' | 'postgres';
  /** One minute of a policy (config ESCALATION_MINUTE_MS; shortened by journeys and benches). */
  minuteMs: number;
  publish: Publish;
  crypto: MessageCrypto;
  /** Push to these people's devices about the message (modules/push), after commit. */
  pushEscalated: (m: TMessage, userIds: string[]) => Promise<void>;
  /** SMS to these people under the existing caps, queued in the transaction (modules/chat priority). */
  textEscalated: (trx: Db, m: TMessage, userIds: string[], now: number) => Promise<number>;
  wakeNotifications: () => void;
};

export const escalationNotFound = () => notFound('escalationNotFound', 'ESCALATION_NOT_FOUND');

/** The deps with the message a step is about (read locked in its transaction) and the chain's announcement. */
export function createEscalationContext(deps: EscalationDeps) {
  const { db, publish, crypto } = deps;

  const loadMessage = (trx: Db, messageId: string) => lockedMessage(trx, deps.engine, crypto, messageId);

  /** Everyone in the room hears that the chain moved; the timeline route decides who may read it. */
  const announce = async (twId: string, messageId: string) => {
    const members = (await activeMembersOf(db, [twId])).get(twId) ?? [];
    publish(SERVER_EVENTS.EscalationChanged, { twId, messageId }, { users: members });
  };

  return { ...deps, loadMessage, announce };
}

export type EscalationContext = ReturnType<typeof createEscalationContext>;

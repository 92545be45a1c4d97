import type { TAcknowledgement, TMessage } from '@rounds/contracts/chat';

export type TAckSummary = {
  /** Marked IMPORTANT or URGENT. */
  priority: boolean;
  level: 'IMPORTANT' | 'URGENT';
  notified: string[];
  acknowledged: TAcknowledgement[];
  /** Notified and not acknowledged yet. */
  waiting: string[];
  /** The spec's rule: acknowledged once acknowledgements reach the number notified. */
  complete: boolean;
  /** This user was notified, has not acknowledged, and is not the sender. */
  mayAcknowledge: boolean;
};

/** Where an important message stands, for the sender's status line and a recipient's Acknowledge button. */
export function ackSummary(message: Pick<TMessage, 'author' | 'attributes'>, me: string | undefined): TAckSummary {
  const { attributes } = message;
  const level = attributes.level ?? 'IMPORTANT';
  const priority = attributes.important === true || attributes.level != null;
  const notified = attributes.notify ?? [];
  const acknowledged = [...(attributes.acknowledgements ?? [])].sort((a, b) => a.timetoken - b.timetoken);
  const done = new Set(acknowledged.map((ack) => ack.userId));
  const waiting = notified.filter((id) => !done.has(id));
  return {
    priority,
    level,
    notified,
    acknowledged,
    waiting,
    complete: notified.length > 0 && acknowledged.length >= notified.length,
    mayAcknowledge: priority && me !== undefined && message.author !== me && notified.includes(me) && !done.has(me),
  };
}

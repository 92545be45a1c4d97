import type { TPushPayload } from '@rounds/contracts/push';
import { describe, expect, it } from 'vitest';
import { CALL_ACTIONS, clickTarget, notificationFor } from './notification-options';

const push = (over: Partial<TPushPayload>): TPushPayload => ({
  kind: 'message',
  tag: 'room:r1',
  title: 'Dr Martin',
  body: 'Ward 4 handover',
  roomId: 'r1',
  sentAt: 1_700_000_000_000,
  ...over,
});

describe('notificationFor', () => {
  it('shows a message quietly replaced per room, with the ids for the click', () => {
    const { title, options } = notificationFor(push({}), 'en-GB');
    expect(title).toBe('Dr Martin');
    expect(options).toMatchObject({
      body: 'Ward 4 handover',
      tag: 'room:r1',
      renotify: false,
      requireInteraction: false,
    });
    expect(options.data).toEqual({ kind: 'message', roomId: 'r1', callId: undefined });
    expect(options.actions).toBeUndefined();
  });

  it('sounds again for URGENT and keeps it until the user acts', () => {
    expect(notificationFor(push({ kind: 'urgent' }), 'en').options).toMatchObject({
      renotify: true,
      requireInteraction: true,
    });
  });

  it('gives a call Accept and Decline in the device language, and keeps it up', () => {
    const { options } = notificationFor(push({ kind: 'call', tag: 'call:c1', callId: 'c1' }), 'fr-FR');
    expect(options.requireInteraction).toBe(true);
    expect(options.actions).toEqual([
      { action: CALL_ACTIONS.accept, title: 'Accepter' },
      { action: CALL_ACTIONS.decline, title: 'Refuser' },
    ]);
    expect(notificationFor(push({ kind: 'call' }), 'de').options.actions?.[0]?.title).toBe('Accept');
  });
});

describe('clickTarget', () => {
  it('opens the room of a message, the home page without one', () => {
    expect(clickTarget({ kind: 'message', roomId: 'r 1' }, '')).toBe('/chat/r%201');
    expect(clickTarget({ kind: 'test' }, '')).toBe('/');
    expect(clickTarget(undefined, '')).toBe('/');
  });

  it('answers a call from Accept, opens its room from the body, and opens nothing for Decline', () => {
    const call = { kind: 'call' as const, roomId: 'r1', callId: 'c1' };
    expect(clickTarget(call, CALL_ACTIONS.accept)).toBe('/chat/r1?answer=1');
    expect(clickTarget(call, '')).toBe('/chat/r1');
    expect(clickTarget(call, CALL_ACTIONS.decline)).toBeNull();
  });
});

import type { TCall } from '@rounds/contracts/calls';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCalls } from './call-store';

const id = (n: number) => n.toString(16).padStart(24, '0');
const call = (room: number, version = 1, status: TCall['status'] = 'started'): TCall => ({
  id: id(100 + room),
  twId: id(room),
  type: 'voice',
  status,
  initializerId: id(900),
  transport: 'mesh',
  createdAt: 0,
  startedAt: 0,
  endedAt: null,
  participants: [],
  version,
});

describe('call store', () => {
  beforeEach(() => useCalls.getState().clear());

  it('keeps the newest version and never brings an ended call back', () => {
    const { upsert } = useCalls.getState();
    upsert(call(1, 2));
    upsert(call(1, 1));
    expect(useCalls.getState().calls[id(1)]?.version).toBe(2);
    upsert(call(1, 3, 'ended'));
    upsert(call(1, 2));
    expect(useCalls.getState().calls[id(1)]).toBeUndefined();
  });

  it('after a reconnection, drops the calls that ended meanwhile but not one heard of during the read', async () => {
    const { upsert, reconcile } = useCalls.getState();
    upsert(call(1));
    upsert(call(2));
    await new Promise((r) => setTimeout(r, 5));
    const readSince = Date.now();
    upsert(call(3));
    reconcile([call(2, 4)], readSince);
    const calls = useCalls.getState().calls;
    expect(Object.keys(calls).sort()).toEqual([id(2), id(3)]);
    expect(calls[id(2)]?.version).toBe(4);
  });

  it('forgets a call given up offline for good', () => {
    const { upsert, forget, reconcile } = useCalls.getState();
    upsert(call(1));
    forget(id(1));
    reconcile([call(1, 2)], Date.now());
    expect(useCalls.getState().calls[id(1)]).toBeUndefined();
  });
});

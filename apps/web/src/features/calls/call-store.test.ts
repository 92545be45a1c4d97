import type { TCall, TCallParticipant } from '@rounds/contracts/calls';
import { describe, expect, it } from 'vitest';
import { audible, sharerOf } from './call-store';

const person = (id: string, change: Partial<TCallParticipant> = {}): TCallParticipant => ({
  id: id.padStart(24, '0'),
  fullName: id,
  status: 'accepted',
  tabId: `tab-${id}`,
  voice: true,
  video: false,
  screenShare: false,
  voiceDuringScreenShare: true,
  ringingSince: null,
  ...change,
});

const call = (participants: TCallParticipant[]): TCall => ({
  id: '9'.padStart(24, '0'),
  twId: '8'.padStart(24, '0'),
  type: 'video',
  status: 'started',
  initializerId: participants[0]!.id,
  transport: 'mesh',
  createdAt: 0,
  startedAt: 0,
  endedAt: null,
  participants,
  version: 3,
});

describe('who is heard in a call', () => {
  it('follows the microphone toggle when nobody shares', () => {
    const c = call([person('1'), person('2', { voice: false })]);
    expect(sharerOf(c)).toBeUndefined();
    expect(c.participants.map((p) => audible(c, p))).toEqual([true, false]);
    expect(audible(c, c.participants[1]!, true)).toBe(true);
  });

  it('while someone shares, hears the sharer and whoever the share lets speak', () => {
    const c = call([
      person('1', { screenShare: true }),
      person('2', { voiceDuringScreenShare: false }),
      person('3', { voiceDuringScreenShare: true }),
      person('4', { voiceDuringScreenShare: true, voice: false }),
      person('5', { status: 'dropped', screenShare: true }),
    ]);
    expect(sharerOf(c)?.fullName).toBe('1');
    expect(c.participants.slice(0, 4).map((p) => audible(c, p))).toEqual([true, false, true, false]);
    // Unmuting oneself does not lift the share's mute.
    expect(audible(c, c.participants[1]!, true)).toBe(false);
  });
});

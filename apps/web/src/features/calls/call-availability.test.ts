import type { TParticipant } from '@rounds/contracts/chat';
import { describe, expect, it } from 'vitest';
import { callAvailability } from './call-availability';

const person = (id: string, o: Partial<TParticipant> = {}): TParticipant => ({
  id,
  firstName: id,
  lastName: 'X',
  fullName: `${id} X`,
  avatar: null,
  chatStatus: 1,
  connected: true,
  deleted: false,
  calls: { voice: true, video: true },
  ...o,
});
const both = { voice: true, video: true };

describe('call availability', () => {
  it('needs the caller’s own permission for the type', () => {
    const room = [person('me'), person('b')];
    expect(callAvailability('voice', room, 'me', { video: true })).toBe('forbidden');
    expect(callAvailability('video', room, 'me', { voice: true })).toBe('forbidden');
    expect(callAvailability('video', room, 'me', both)).toBe('ready');
  });

  it('needs a connected member who can answer: offline or unpermitted people do not count', () => {
    expect(callAvailability('voice', [person('me'), person('b', { connected: false })], 'me', both)).toBe(
      'unavailable',
    );
    const noVoice = person('b', { calls: { voice: false, video: true } });
    expect(callAvailability('voice', [person('me'), noVoice], 'me', both)).toBe('unavailable');
    // A video call is answered with video, or with voice.
    expect(callAvailability('video', [person('me'), noVoice], 'me', both)).toBe('ready');
    const voiceOnly = person('b', { calls: { voice: true, video: false } });
    expect(callAvailability('video', [person('me'), voiceOnly], 'me', both)).toBe('ready');
    const none = person('b', { calls: { voice: false, video: false } });
    expect(callAvailability('video', [person('me'), none], 'me', both)).toBe('unavailable');
    expect(callAvailability('voice', [person('me'), person('b', { deleted: true })], 'me', both)).toBe('unavailable');
  });
});

import { SYSTEM_EVENTS, type TSystemEvent } from '@rounds/contracts/chat';
import { describe, expect, it } from 'vitest';
import enChat from '../../../locales/en/chat.json';
import frChat from '../../../locales/fr/chat.json';
import { callDuration, systemText } from './system-message';
import { hex } from './test-fixtures';

const list = (names: string[]) => names.join(' & ');
const initiator = { id: hex(1), fullName: 'Ava Boudreaux' };

describe('systemText', () => {
  it('names who added whom', () => {
    const text = systemText(
      {
        type: 'added',
        data: {
          initiator,
          users: [
            { id: hex(2), fullName: 'Liam Hebert' },
            { id: hex(3), fullName: 'Noah Thibodeaux' },
          ],
        },
      },
      list,
    );
    expect(text).toEqual({
      key: 'system.added',
      context: undefined,
      params: { initiator: 'Ava Boudreaux', users: 'Liam Hebert & Noah Thibodeaux', name: '', duration: '0:00' },
    });
  });

  it('says which group was created when it has a name', () => {
    expect(systemText({ type: 'created', data: { initiator, users: [], name: 'ICU nights' } }, list).key).toBe(
      'system.createdNamed',
    );
    expect(systemText({ type: 'created', data: { initiator, users: [] } }, list).key).toBe('system.created');
  });

  it('falls back to a neutral line without an event', () => {
    expect(systemText(undefined, list).key).toBe('system.unknown');
  });

  it('words a call event by its kind, with the length of an ended call as the call timer shows it', () => {
    const ended = systemText(
      { type: 'callEnded', data: { initiator, users: [], callType: 'video', duration: 75 } },
      list,
    );
    expect([ended.key, ended.context, ended.params.duration]).toEqual(['system.callEnded', 'video', '1:15']);
    const voice = systemText({ type: 'callInit', data: { initiator, users: [], callType: 'voice' } }, list);
    expect(voice.context).toBeUndefined();
    expect(callDuration(3_725)).toBe('1:02:05');
  });

  it('tells the one who missed a call that they did, and the others who missed it', () => {
    const noah = { id: hex(2), fullName: 'Noah Thibodeaux' };
    const event: TSystemEvent = { type: 'callMissed', data: { initiator, users: [noah], callType: 'video' } };
    expect(systemText(event, list, noah.id)).toMatchObject({ key: 'system.callMissedYou', context: 'video' });
    expect(systemText(event, list, initiator.id)).toMatchObject({ key: 'system.callMissed', context: 'video' });
    // A direct room's Recent row already names the caller.
    expect(systemText(event, list, noah.id, true)).toMatchObject({
      key: 'system.callMissedYouShort',
      context: 'video',
    });
    expect(systemText(event, list, initiator.id, true)).toMatchObject({ key: 'system.callMissed' });
  });

  it("finds every event's sentence, room or call, in the chat's own texts", () => {
    // The history is the chat's: its call lines do not wait for the calls feature's texts to be loaded.
    const keys = [...SYSTEM_EVENTS, 'createdNamed', 'callMissedYou', 'callMissedYouShort', 'unknown'];
    for (const texts of [enChat, frChat]) expect(keys.filter((key) => !(key in texts.system))).toEqual([]);
  });
});

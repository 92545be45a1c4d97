import { describe, expect, it } from 'vitest';
import { alertFor, type TAlertContext } from './alerts';
import { ids, message } from './test-fixtures';

const context: TAlertContext = { me: ids.me, playSound: true, chatStatus: 1, muted: false, hidden: false };

describe('alertFor', () => {
  it('plays the sound for another’s message when the setting is on', () => {
    expect(alertFor(message(1), context)).toEqual({ sound: true, desktop: false });
    expect(alertFor(message(1), { ...context, playSound: false })).toEqual({ sound: false, desktop: false });
  });

  it('notifies on the desktop while the tab is hidden', () => {
    expect(alertFor(message(1), { ...context, hidden: true }).desktop).toBe(true);
  });

  it('stays quiet for the user’s own messages, system lines, muted rooms and Do not disturb', () => {
    const hidden = { ...context, hidden: true };
    const quiet = { sound: false, desktop: false };
    expect(alertFor(message(1, { author: ids.me }), hidden)).toEqual(quiet);
    expect(alertFor(message(1, { author: null, attributes: { systemMessage: true } }), hidden)).toEqual(quiet);
    expect(alertFor(message(1), { ...hidden, muted: true })).toEqual(quiet);
    expect(alertFor(message(1), { ...hidden, chatStatus: 3 })).toEqual(quiet);
  });
});

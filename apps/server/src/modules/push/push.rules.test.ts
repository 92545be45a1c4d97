import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS } from '../../config';
import { deviceLabel, endpointProblem, messagePayload, topicOf } from './push.rules';

const hosts = DEFAULT_PUSH_HOSTS.split(',');

describe('endpointProblem', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://push.services.mozilla.com/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('allows %s', (endpoint) => expect(endpointProblem(endpoint, hosts, false)).toBeNull());

  it.each([
    ['http://fcm.googleapis.com/x', 'notHttps'],
    ['https://127.0.0.1:4443/push/x', 'port'],
    ['https://127.0.0.1/push/x', 'hostNotAllowed'],
    ['https://evilnotify.windows.com/x', 'hostNotAllowed'],
    ['https://a:b@fcm.googleapis.com/x', 'credentials'],
    ['not a url', 'hostNotAllowed'],
  ])('refuses %s (%s), loopback included unless allowed', (endpoint, why) =>
    expect(endpointProblem(endpoint, hosts, false)).toBe(why),
  );

  it('allows loopback on any port only when the configuration says so (tests)', () => {
    expect(endpointProblem('https://127.0.0.1:4443/push/x', hosts, true)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:4443/push/x', hosts, true)).toBe('notHttps');
  });
});

describe('payloads', () => {
  const facts = {
    roomId: 'r1',
    messageId: 'm1',
    roomName: null,
    sender: 'Ana Silva',
    level: 'normal' as const,
    body: 'Bed 4 BP 80/40',
    hasFiles: false,
    hasVoice: false,
  };
  it('say nothing of the message below the text level', () => {
    for (const level of ['generic', 'names'] as const) {
      expect(JSON.stringify(messagePayload(facts, level, 'en', 2, 0))).not.toContain('Bed 4');
    }
    expect(messagePayload(facts, 'text', 'en', 2, 0).body).toBe('Bed 4 BP 80/40');
  });
  it('fold by room, keep a Topic the push service accepts', () => {
    expect(messagePayload(facts, 'names', 'fr', 0, 0)).toMatchObject({ tag: 'room:r1', title: 'Ana Silva' });
    expect(topicOf('urgent:01a216f1c65c0046da2be40e')).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });
  it('name the device by browser and system only', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(deviceLabel(null)).toBe('Browser');
  });
});

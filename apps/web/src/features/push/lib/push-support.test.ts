import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, isAppleMobile, pushSupport, sameKey, type TPushEnvironment } from './push-support';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const IPADOS =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15';

const env = (over: Partial<TPushEnvironment>): TPushEnvironment => ({
  userAgent: CHROME,
  maxTouchPoints: 0,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  permission: 'default',
  standalone: false,
  ...over,
});

describe('pushSupport', () => {
  it('offers the switch where the browser has a service worker, push and notifications', () => {
    expect(pushSupport(env({}))).toEqual({ kind: 'supported', permission: 'default' });
    expect(pushSupport(env({ permission: 'denied' }))).toEqual({ kind: 'supported', permission: 'denied' });
  });

  it('shows the Home Screen steps on an iPhone or iPad opened in Safari', () => {
    expect(pushSupport(env({ userAgent: IPHONE, hasPushManager: false }))).toEqual({ kind: 'ios-home-screen' });
    // iPadOS asks for the desktop site: a Mac with a touch screen.
    expect(pushSupport(env({ userAgent: IPADOS, maxTouchPoints: 5 }))).toEqual({ kind: 'ios-home-screen' });
    expect(isAppleMobile(IPADOS, 0)).toBe(false);
  });

  it('offers the switch in the app added to the Home Screen', () => {
    expect(pushSupport(env({ userAgent: IPHONE, standalone: true }))).toEqual({
      kind: 'supported',
      permission: 'default',
    });
  });

  it('says so where there is no push at all', () => {
    expect(pushSupport(env({ hasPushManager: false }))).toEqual({ kind: 'unsupported' });
  });
});

describe('base64UrlToBytes', () => {
  it('decodes the unpadded base64url of a VAPID key', () => {
    const bytes = new Uint8Array([4, 250, 255, 62, 63, 0, 1]);
    const text = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...base64UrlToBytes(text)]).toEqual([...bytes]);
  });

  it('tells a subscription made for another key', () => {
    const key = new Uint8Array([1, 2, 3]);
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});

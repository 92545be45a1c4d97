import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { passkeyDevice, passkeyFailure } from './passkey-ceremony';

const t = ((key: string) => key) as never;

describe('passkeyFailure', () => {
  it('shows the server’s words for a refusal, and names what the browser gave up on', () => {
    const refused = new ApiError(400, 'INVALID_PASSKEY', 'This passkey could not be verified.');
    expect(passkeyFailure(refused, t)).toBe('This passkey could not be verified.');
    expect(passkeyFailure(new DOMException('closed', 'NotAllowedError'), t)).toBe('passkeyCancelled');
    expect(passkeyFailure({ code: 'ERROR_CEREMONY_ABORTED', name: 'AbortError' }, t)).toBe('passkeyCancelled');
    expect(passkeyFailure({ code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }, t)).toBe('passkeyExists');
    expect(passkeyFailure(new Error('SecurityError'), t)).toBe('passkeyFailed');
  });
});

describe('passkeyDevice', () => {
  it('names the browser and system of common user agents, and nothing for the unknown', () => {
    const linuxChrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    expect(passkeyDevice(linuxChrome)).toEqual({ browser: 'Chrome', system: 'Linux' });
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect(passkeyDevice(iphone)).toEqual({ browser: 'Safari', system: 'iPhone' });
    const edge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0';
    expect(passkeyDevice(edge)).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(passkeyDevice('curl/8.0')).toBeNull();
  });
});

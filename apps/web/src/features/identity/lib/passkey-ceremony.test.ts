import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { passkeyFailure } from './passkey-ceremony';

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

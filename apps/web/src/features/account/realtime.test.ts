import type { TUser } from '@rounds/contracts/user';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store';
import { applyPermissionsPatch } from './realtime';

// The subscription itself (payloads parsed with the event map before any handler) is lib/socket.test.ts's.
describe('PermissionsChanged', () => {
  it('patches the signed-in user’s permissions and leaves the others as they were', () => {
    const user = { id: 'a'.repeat(24), permissions: { voice: true, speechToText: true } } as TUser;
    useSession.getState().setSession({ token: 't', user, remember: false });
    applyPermissionsPatch({ speechToText: false });
    expect(useSession.getState().user?.permissions).toEqual({ voice: true, speechToText: false });
    applyPermissionsPatch({ delSms: false });
    expect(useSession.getState().user?.permissions).toEqual({ voice: true, speechToText: false, delSms: false });
  });
});

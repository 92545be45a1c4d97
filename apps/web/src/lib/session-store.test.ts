import type { TUser } from '@rounds/contracts/user';
import { describe, expect, it } from 'vitest';
import { useSession } from './session-store';

const user = (role: string) => ({ id: 'a'.repeat(24), role }) as unknown as TUser;

describe('the signed-in user', () => {
  it('keeps a change that overtook a read of the user: the read’s older reply is dropped', () => {
    useSession.getState().setSession({ token: 't', user: user('User'), remember: false });
    // The socket connects and the app reads the user again...
    const revision = useSession.getState().userRevision;
    // ...while an administrator makes them a FacilityAdmin (UserUpdated) before that reply arrives.
    useSession.getState().setUser(user('FacilityAdmin'));
    useSession.getState().setUserReadAt(user('User'), revision);
    expect(useSession.getState().user?.role).toBe('FacilityAdmin');
    // A read with nothing in between is applied.
    useSession.getState().setUserReadAt(user('Admin'), useSession.getState().userRevision);
    expect(useSession.getState().user?.role).toBe('Admin');
  });
});

import { expect } from 'vitest';
import { api, apiLogin } from './api';
import { ADMIN, type RunningServer } from './server';

const HOUR = 3_600_000;

/**
 * The Admin of the on-call journeys, over the API and before any browser signs in: duty roles of St. Mary's (the
 * demo's facility, in Chicago's time zone) and who is on shift now.
 */
export async function dutyRoleAdmin(server: RunningServer) {
  const token = await apiLogin(server, ADMIN.email, ADMIN.password);
  const facilities = await api<{ results: { id: string; name: string }[] }>(
    server,
    'GET',
    '/facility?all=1',
    undefined,
    token,
  );
  const stMarys = facilities.body.results.find((f) => f.name.startsWith('St. Mary'))!.id;
  return {
    token,
    /** A new role of St. Mary's; its id. */
    async createRole(name: string): Promise<string> {
      const created = await api<{ data: { id: string } }>(
        server,
        'POST',
        '/roles',
        { name, facilityId: stMarys, timeZone: 'America/Chicago' },
        token,
      );
      expect(created.status).toBe(200);
      return created.body.data.id;
    },
    /** The role's schedule: this user, on a shift that began an hour ago and ends in eight. */
    async onShiftNow(roleId: string, userId: string): Promise<void> {
      const now = Date.now();
      const shifts = [{ userId, startsAt: now - HOUR, endsAt: now + 8 * HOUR }];
      const put = await api(server, 'PUT', `/roles/${roleId}/schedule`, { shifts, rotations: [] }, token);
      expect(put.status).toBe(200);
    },
  };
}

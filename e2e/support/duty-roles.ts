import { onCallRoutes } from '@rounds/contracts/on-call';
import { referenceRoutes } from '@rounds/contracts/reference';
import { expect } from 'vitest';
import { apiLogin, call } from './api';
import { ADMIN, type RunningServer } from './server';

const HOUR = 3_600_000;

/**
 * The Admin of the on-call journeys, over the API and before any browser signs in: duty roles of St. Mary's (the
 * demo's facility, in Chicago's time zone) and who is on shift now.
 */
export async function dutyRoleAdmin(server: RunningServer) {
  const token = await apiLogin(server, ADMIN.email, ADMIN.password);
  const facilities = await call(server, referenceRoutes('facility').list, { query: { all: '1' }, token });
  if (!('results' in facilities.body)) throw new Error(`facilities: ${facilities.status}`);
  const stMarys = facilities.body.results.find((f) => f.name.startsWith('St. Mary'))!.id;
  return {
    token,
    /** A new role of St. Mary's; its id. */
    async createRole(name: string): Promise<string> {
      const created = await call(server, onCallRoutes.create, {
        body: { name, facilityId: stMarys, timeZone: 'America/Chicago' },
        token,
      });
      expect(created.status).toBe(200);
      return created.body.data.id;
    },
    /** The role's schedule: this user, on a shift that began an hour ago and ends in eight. */
    async onShiftNow(roleId: string, userId: string): Promise<void> {
      const now = Date.now();
      const shifts = [{ userId, startsAt: now - HOUR, endsAt: now + 8 * HOUR }];
      const put = await call(server, onCallRoutes.setSchedule, {
        params: { id: roleId },
        body: { shifts, rotations: [] },
        token,
      });
      expect(put.status).toBe(200);
    },
  };
}

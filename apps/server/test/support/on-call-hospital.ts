import type { Member } from './chat';
import { TEST_ADMIN, type TestApp } from './test-app';
import { createFacility, createUser, login } from './users';

/**
 * The on-call tests' two hospitals and their administrators: the Admin (any facility) and Fay, FacilityAdmin of
 * the heart hospital only, so the scope of every admin route is tested against the other one.
 */
export async function onCallHospital(
  t: TestApp,
): Promise<{ heart: string; other: string; admin: Member; fay: Member }> {
  const heart = await createFacility(t.app, 'Heart Hospital');
  const other = await createFacility(t.app, 'Other Hospital');
  const adminLogin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const admin = { id: adminLogin.userId, email: TEST_ADMIN.email, token: adminLogin.token, name: 'Admin' };
  const fa = await createUser(t.app, { role: 'FacilityAdmin', firstName: 'Fay', facilities: [heart] });
  const fay = { id: fa.id, email: fa.email, token: (await login(t.app, fa.email)).token, name: 'Fay' };
  return { heart, other, admin, fay };
}

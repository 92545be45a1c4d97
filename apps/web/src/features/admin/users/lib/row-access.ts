import type { TRole } from '@rounds/contracts/common';

/**
 * Role choices in a row (doc 2 section 4): Facility Admin and Regular for everyone allowed here, Admin only
 * for an Admin viewer. An Admin's row is read-only to anyone but an Admin.
 */
export function roleChoices(viewer: TRole | undefined): TRole[] {
  return viewer === 'Admin' ? ['Admin', 'FacilityAdmin', 'Regular'] : ['FacilityAdmin', 'Regular'];
}

export function rowLocked(viewer: TRole | undefined, user: { role: TRole }): boolean {
  return user.role === 'Admin' && viewer !== 'Admin';
}

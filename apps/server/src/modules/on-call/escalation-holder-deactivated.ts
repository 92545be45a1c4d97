import { SERVER_EVENTS } from '@rounds/contracts/events';
import { writeAudit } from '../audit/audit.service';
import { withHolders } from './duty-roles.service';
import * as roles from './duty-roles.store';
import { holdersAt } from './duty-schedule.rules';
import * as store from './escalation.store';
import type { EscalationContext } from './escalation-context';
import { escalationTargetOf } from './escalation-targets';

/**
 * After a holder is deactivated: each role they held that nobody else holds now falls to its escalation
 * target, and the Admins (and the role's FacilityAdmins) are told, in the app and in the user log.
 */
export const holderDeactivated = (ctx: EscalationContext) => async (actorId: string, userId: string) => {
  const { db, publish } = ctx;
  const now = Date.now();
  const candidates = await store.rolesPossiblyHeldBy(db, userId, now);
  for (const roleId of candidates) {
    const row = await roles.liveRole(db, roleId);
    if (!row) continue;
    const data = (await roles.holdData(db, [roleId], now)).get(roleId)!;
    const held = holdersAt({ at: now, timeZone: row.time_zone, ...data }).some((h) => h.userId === userId);
    if (!held) continue;
    const remaining = (await withHolders(db, [row], now))[0]!.holders;
    if (remaining.length > 0) continue;
    const target = await escalationTargetOf(db, roleId);
    await writeAudit(db, {
      userId: actorId,
      event: 'duty role uncovered',
      details: { roleId, name: row.name, holderId: userId, fallsTo: target },
    });
    const admins = await store.facilityAdmins(db, row.facility_id);
    publish(
      SERVER_EVENTS.DutyRoleUncovered,
      { roleId, roleName: row.name, fallsTo: target?.name ?? null },
      { users: admins },
    );
    publish(SERVER_EVENTS.DutyRoleChanged, { roleId, facilityId: row.facility_id }, { all: true });
  }
};

import type { TEscalationTarget } from '@rounds/contracts/escalation';
import type { Db } from '../../db/database';
import { fullName } from '../chat/room-view';
import { namesByIds } from '../users/users.store';
import { withHolders } from './duty-roles.service';
import * as roles from './duty-roles.store';
import type { PolicyStep } from './escalation.rules';
import * as store from './escalation.store';

export type Person = { id: string; fullName: string };
export type Reached = { target: TEscalationTarget; people: Person[] };

/** A role nobody holds falls to its own first target; policies are loop-free, the bound is for safety. */
const MAX_FALLS = 10;

/**
 * Who a role's escalation goes to first (its policy's first step), named: what "Nobody holds X now; it will
 * go to Y" says. null when the role has no policy or no steps.
 */
export async function escalationTargetOf(db: Db, roleId: string): Promise<TEscalationTarget | null> {
  const step = await store.firstStep(db, roleId);
  if (!step) return null;
  return nameTarget(db, step);
}

export async function nameTarget(
  db: Db,
  s: Pick<PolicyStep, 'targetRoleId' | 'targetUserId'>,
): Promise<TEscalationTarget | null> {
  if (s.targetRoleId) {
    const name = await store.roleName(db, s.targetRoleId);
    return name !== undefined ? { kind: 'role', id: s.targetRoleId, name } : null;
  }
  const [u] = await namesByIds(db, [s.targetUserId!]);
  return u ? { kind: 'user', id: u.id, name: fullName(u) } : null;
}

/**
 * Whom a message sent to a role nobody holds reaches when the sender confirms (issue 25): its first escalation
 * target, named, and that target's people now (its holders, or the person, falling on as a chain step does).
 */
export async function fallsTo(db: Db, roleId: string, now: number): Promise<Reached | null> {
  const step = await store.firstStep(db, roleId);
  if (!step) return null;
  return reach(db, step, now);
}

/** Who a step reaches now: a person if active, a role's holders now, or, when nobody holds it, its target's. */
export async function reach(
  db: Db,
  s: Pick<PolicyStep, 'targetRoleId' | 'targetUserId'>,
  now: number,
  falls = 0,
): Promise<Reached | null> {
  const target = await nameTarget(db, s);
  if (!target) return null;
  if (target.kind === 'user') {
    const live = await namesByIds(db, [target.id], 'live');
    return { target, people: live.map((u) => ({ id: u.id, fullName: fullName(u) })) } satisfies Reached;
  }
  const row = await roles.liveRole(db, target.id);
  const holders = row ? (await withHolders(db, [row], now))[0]!.holders : [];
  if (holders.length === 0 && falls < MAX_FALLS) {
    const next = await store.firstStep(db, target.id);
    if (next) {
      const fallen = await reach(db, next, now, falls + 1);
      if (fallen) return fallen;
    }
  }
  return { target, people: holders.map((h) => ({ id: h.userId, fullName: h.fullName })) } satisfies Reached;
}

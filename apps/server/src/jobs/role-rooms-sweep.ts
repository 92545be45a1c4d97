import { ROLE_ROOMS_SWEEP } from '../modules/on-call/role-room.service';
import type { Job } from './runner';

/**
 * Role rooms follow the clock (issue 25, modules/on-call/role-room.service.ts): when a shift or rotation starts
 * or ends, the new holder gets the role's room and the one leaving loses it. Every process looks; the first to
 * claim the run in the database (job_due) does it, so it runs once across processes. Hand changes do not wait
 * for it: they seat the room right after their commit.
 */
export function roleRoomsSweep(sweepIfDue: () => Promise<unknown>): Job {
  return {
    name: ROLE_ROOMS_SWEEP.name,
    everyMs: ROLE_ROOMS_SWEEP.everyMs,
    run: sweepIfDue,
  };
}

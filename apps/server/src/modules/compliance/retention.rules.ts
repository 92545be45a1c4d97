import { RETENTION_ROOM_TYPES, type TRetentionPolicy, type TRetentionRoomType } from '@rounds/contracts/compliance';

const DAY = 24 * 60 * 60 * 1000;

/** Days a room type's messages are kept: its own setting, or the hospital default; null is forever. */
export function keptDays(policy: TRetentionPolicy, type: TRetentionRoomType): number | null {
  const own = policy.rooms[type];
  return own === undefined ? policy.defaultDays : own;
}

/** For each room type with a limit, the time before which its messages are past retention at `now`. */
export function cutoffs(policy: TRetentionPolicy, now: number): { roomType: TRetentionRoomType; before: number }[] {
  return RETENTION_ROOM_TYPES.flatMap((roomType) => {
    const days = keptDays(policy, roomType);
    return days === null ? [] : [{ roomType, before: now - days * DAY }];
  });
}

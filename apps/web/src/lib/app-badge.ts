/**
 * The installed app's icon badge (Badging API), one rule wherever it is set: the number of rooms with unread
 * messages. The open app sets it from its room list, the service worker from each push's `badge`, which the
 * server counts the same way (modules/push, unreadRooms), so the two never overwrite each other with different
 * numbers (docs/decisions.md "One app badge"). Pending URGENT messages have their own, louder signs.
 */
type TBadging = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** Rooms with unread messages, as the server counts them for a push's badge (unread_count > 0). */
export function unreadRoomCount(rooms: readonly { unreadCount: number }[] | undefined): number {
  return rooms?.filter((room) => room.unreadCount > 0).length ?? 0;
}

/** Shows the count on the icon (none at 0). Works in a page and in the service worker (their `navigator`). */
export async function showAppBadge(count: number, badging: TBadging = navigator as TBadging): Promise<void> {
  try {
    if (count > 0) await badging.setAppBadge?.(count);
    else await badging.clearAppBadge?.();
  } catch {
    // Refused outside an installed app or without permission: Recent's badge and the title still say it.
  }
}

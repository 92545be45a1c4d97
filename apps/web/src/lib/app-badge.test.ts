import { describe, expect, it, vi } from 'vitest';
import { showAppBadge, unreadRoomCount } from './app-badge';

describe('the app badge', () => {
  it('counts rooms with unread messages, as the server does for a push', () => {
    expect(unreadRoomCount([{ unreadCount: 3 }, { unreadCount: 0 }, { unreadCount: 1 }])).toBe(2);
    expect(unreadRoomCount([])).toBe(0);
    expect(unreadRoomCount(undefined)).toBe(0);
  });

  it('sets the count, clears it at zero, and says nothing where the browser refuses', async () => {
    const badging = { setAppBadge: vi.fn(async () => undefined), clearAppBadge: vi.fn(async () => undefined) };
    await showAppBadge(2, badging);
    await showAppBadge(0, badging);
    expect(badging.setAppBadge).toHaveBeenCalledWith(2);
    expect(badging.clearAppBadge).toHaveBeenCalledOnce();
    await expect(showAppBadge(1, { setAppBadge: () => Promise.reject(new Error('not installed')) })).resolves.toBe(
      undefined,
    );
    await expect(showAppBadge(1, {})).resolves.toBe(undefined);
  });
});

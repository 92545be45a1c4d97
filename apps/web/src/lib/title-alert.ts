import { create } from 'zustand';

/**
 * What waits for the user and must show in the tab's title and the app icon wherever they are: the URGENT
 * messages not yet acknowledged (issue 28). Set by the chat's pending list, read by usePageTitle.
 */
export const useTitleAlert = create<{ urgent: number; setUrgent: (count: number) => void }>((set) => ({
  urgent: 0,
  setUrgent: (urgent) => set({ urgent }),
}));

/** "(2) URGENT · Contacts · Rounds": the alert first, so it survives a tab strip that cuts the title short. */
export function titleWithAlert(title: string, urgent: number, label: string): string {
  return urgent > 0 ? `${label} · ${title}` : title;
}

/** The installed app's icon badge (Badging API) where the browser has it: the count of what waits. */
export function showAppBadge(count: number): void {
  const badging = navigator as Navigator & {
    setAppBadge?: (count?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  // Refused outside an installed app or without permission: the title still says it.
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
  done?.catch(() => undefined);
}

import { create } from 'zustand';

/**
 * What waits for the user and must show in the tab's title wherever they are: the URGENT
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

import { create } from 'zustand';

/**
 * URGENT messages the server has reminded this user of (UrgentReminder) while they wait for the
 * acknowledgement: the pending list says "Reminder" beside them, since on Recent it, not a toast, brings
 * them up. Forgotten at reload: the list then shows every pending message with its age anyway.
 */
type TUrgentRemindersState = {
  ids: ReadonlySet<string>;
  note: (messageId: string) => void;
};

export const useUrgentReminders = create<TUrgentRemindersState>()((set) => ({
  ids: new Set(),
  note: (messageId) => set((state) => (state.ids.has(messageId) ? state : { ids: new Set(state.ids).add(messageId) })),
}));

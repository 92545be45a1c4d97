import type { TContact } from '@rounds/contracts/contacts';
import { create } from 'zustand';
import { NO_FILTERS, type TFilterKind, type TFilterParams } from '../lib/filters';

/**
 * What the Contacts screen shows: search, filters, the saved filter applied and the contact last opened.
 * Kept in memory for the tab (not persisted), so going to a chat and coming back finds the list as it was.
 * It belongs to one user: another sign-in in the same tab starts afresh.
 */
type TContactsView = {
  ownerId: string | null;
  search: string;
  advanced: boolean;
  filters: TFilterParams;
  /** The saved filter whose params are applied, while they still are. */
  savedFilterId: string | null;
  /**
   * The contact last opened: highlighted in the list, shown on the right. Kept whole, so it stays shown when
   * a filter hides it from the list; its live status comes from the list whenever it is in it.
   */
  selected: TContact | null;
  claim: (ownerId: string) => void;
  setSearch: (search: string) => void;
  toggleAdvanced: () => void;
  setFilter: (kind: TFilterKind, ids: string[]) => void;
  applySaved: (id: string, filters: TFilterParams) => void;
  clearSaved: () => void;
  resetFilters: () => void;
  select: (contact: TContact | null) => void;
};

const FRESH = {
  search: '',
  advanced: false,
  filters: NO_FILTERS,
  savedFilterId: null,
  selected: null,
} satisfies Partial<TContactsView>;

export const useContactsView = create<TContactsView>()((set, get) => ({
  ownerId: null,
  ...FRESH,
  claim: (ownerId) => {
    if (get().ownerId !== ownerId) set({ ownerId, ...FRESH });
  },
  setSearch: (search) => set({ search }),
  toggleAdvanced: () => set({ advanced: !get().advanced }),
  // Changing a choice by hand means the saved filter no longer describes what is shown.
  setFilter: (kind, ids) => set({ filters: { ...get().filters, [kind]: ids }, savedFilterId: null }),
  applySaved: (savedFilterId, filters) => set({ filters, savedFilterId }),
  clearSaved: () => set({ savedFilterId: null }),
  resetFilters: () => set({ filters: NO_FILTERS, savedFilterId: null }),
  select: (selected) => set({ selected }),
}));

import type { UseQueryResult } from '@tanstack/react-query';

/** Where a list's query stands, as a search-list screen hands it to its list (components/search-list.tsx). */
export type TListLoad = {
  /** Nothing to show yet: the first answer is on its way. */
  loading: boolean;
  failed: boolean;
  /** The list shown is an older answer, dimmed until the new one comes. */
  refreshing: boolean;
  onRetry: () => void;
};

/** A query's state in the words of a list: one reading for Recent, Contacts, Groups and the people picker. */
export function listLoad(
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'isPlaceholderData' | 'refetch'>,
): TListLoad {
  return {
    loading: query.isPending,
    failed: query.isError,
    refreshing: query.isPlaceholderData,
    onRetry: () => void query.refetch(),
  };
}

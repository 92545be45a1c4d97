import type { ReactNode } from 'react';
import { ListEmpty, ListError, ListSkeleton, type TListQuery, type TListTexts } from './list-states';
import { type TVirtualListProps, VirtualList } from './virtual-list';
import classes from './virtual-list.module.css';

type TSearchListProps<T> = TListQuery &
  Omit<TVirtualListProps<T>, 'items' | 'className' | 'refreshing'> & {
    /**
     * The rows (a list with sections: its headers and rows); undefined until the first answer comes. What has
     * come stays on screen through a failed or slow refresh.
     */
    items: readonly T[] | undefined;
    texts: TListTexts;
    /** The empty state's icon and its way out, if any. */
    icon: ReactNode;
    action?: ReactNode;
    skeleton?: { rows?: number; avatar?: number };
    /** The list's own box: its scroll area, kept around the placeholders and the empty state. */
    frame?: string;
    /** The rows are also a navigation landmark, named by the list's label (Recent: where one goes to a room). */
    landmark?: boolean;
  };

/**
 * The list of a search-list screen (Recent, Contacts, Groups, the people picker). The one decision each of them
 * makes before its rows: a failure (with Retry) or placeholders while nothing has come yet, then the empty or
 * no-match state, else the rows on the shared virtual list.
 */
export function SearchList<T>({
  items,
  loading,
  failed,
  narrowed,
  texts,
  icon,
  action,
  skeleton,
  frame,
  landmark = false,
  refreshing,
  onRetry,
  ...list
}: TSearchListProps<T>) {
  if (failed && items === undefined) {
    return <ListError title={texts.errorTitle} body={texts.errorBody} retry={texts.retry} onRetry={onRetry} />;
  }
  const framed = (content: ReactNode) => (frame ? <div className={frame}>{content}</div> : content);
  if (loading && items === undefined) return framed(<ListSkeleton label={texts.loading} {...skeleton} />);
  if (items === undefined || items.length === 0) {
    return framed(
      <ListEmpty
        icon={icon}
        title={narrowed ? texts.noMatchTitle : texts.emptyTitle}
        body={narrowed ? texts.noMatchBody : texts.emptyBody}
        action={action}
      />,
    );
  }
  const rows = <VirtualList items={items} className={frame} refreshing={refreshing} {...list} />;
  return landmark ? (
    <nav aria-label={list.label} className={classes.landmark}>
      {rows}
    </nav>
  ) : (
    rows
  );
}

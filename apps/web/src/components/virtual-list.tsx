import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useCallback, useRef } from 'react';
import classes from './virtual-list.module.css';

export type TVirtualListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => string;
  /** A first guess of an item's height in pixels; each rendered item is then measured. */
  estimateSize: (item: T) => number;
  renderItem: (item: T) => ReactNode;
  /** Section headers stay at the top while their rows scroll under them. */
  isHeader?: (item: T) => boolean;
  /** The list's accessible name. */
  label: string;
  /** The previous list stays on screen, dimmed, while the next one loads. */
  refreshing?: boolean;
  /** Sizing of the scroll area where the default (fill the parent's column) does not fit. */
  className?: string;
  style?: CSSProperties;
  /** Space above the first item and below the last, in pixels. */
  padding?: number;
};

/**
 * The one list for anything that can hold the whole staff (contacts, people to pick, rooms, members): it
 * scrolls by itself and mounts only the items in view and a few beyond (TanStack Virtual), so 20,000 people
 * cost what thirty do. Items are flat; a list with sections passes its headers as items and `isHeader`, and
 * the header of the section in view sticks to the top. Each item is a list item with its position in the set,
 * so a screen reader still announces "12 of 20,000".
 */
export function VirtualList<T>({
  items,
  getKey,
  estimateSize,
  renderItem,
  isHeader,
  label,
  refreshing = false,
  className,
  style,
  padding = 4,
}: TVirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The headers' positions, for the sticky one; found once per list, not per scroll.
  const headersRef = useRef<{ items: readonly T[]; at: number[] }>({ items: [], at: [] });
  if (headersRef.current.items !== items) {
    const at: number[] = [];
    if (isHeader) {
      for (let index = 0; index < items.length; index++) if (isHeader(items[index]!)) at.push(index);
    }
    headersRef.current = { items, at };
  }
  const headers = headersRef.current.at;
  const activeHeader = useRef<number | null>(null);

  const rangeExtractor = useCallback(
    (range: Range) => {
      // The last header at or above the first item in view stays mounted (and sticky) however far it is.
      let active: number | null = null;
      for (const at of headers) {
        if (at > range.startIndex) break;
        active = at;
      }
      activeHeader.current = active;
      const indexes = defaultRangeExtractor(range);
      if (active === null || indexes.includes(active)) return indexes;
      return [active, ...indexes];
    },
    [headers],
  );

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateSize(items[index]!),
    getItemKey: (index) => getKey(items[index]!),
    rangeExtractor,
    overscan: 8,
    paddingStart: padding,
    paddingEnd: padding,
  });

  return (
    <div
      ref={scrollRef}
      className={className ? `${classes.scroller} ${className}` : classes.scroller}
      // A list given its own height keeps it: in a flex column (a Stack) the scroller's `flex: 1` would
      // otherwise size it by its content, every item would be "in view" and all 2,000 would mount.
      style={style?.height === undefined ? style : { flex: 'none', ...style }}
      data-refreshing={refreshing || undefined}
      aria-busy={refreshing}
    >
      <ul aria-label={label} className={classes.inner} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = items[virtual.index]!;
          const sticky = virtual.index === activeHeader.current;
          return (
            <li
              key={virtual.key}
              aria-setsize={items.length}
              aria-posinset={virtual.index + 1}
              data-index={virtual.index}
              ref={virtualizer.measureElement}
              className={sticky ? classes.sticky : classes.item}
              style={sticky ? undefined : { transform: `translateY(${virtual.start}px)` }}
            >
              {renderItem(item)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Roving focus (WAI-ARIA APG): a long list is one Tab stop and the arrow keys move inside it. Given the key
 * pressed, the focused item's index and how many items there are, where focus goes; null when the key is
 * not the list's (Tab, letters: they keep their usual meaning).
 */
export function nextRovingIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return index < 0 ? count - 1 : Math.min(count - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The one item that takes Tab: the last one focused while it is still there, else the newest (the last). */
export function rovingStop(count: number, lastFocused: number): number {
  if (count === 0) return -1;
  return lastFocused >= 0 && lastFocused < count ? lastFocused : count - 1;
}

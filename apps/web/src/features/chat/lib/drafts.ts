import { readItem, removeItem, writeItem } from '../../../lib/browser-storage';

/**
 * The unsent text of each room (spec doc 1 section 3, "Unsent draft per chat room"), in localStorage per
 * user and room: it survives leaving the room, a reload, and the next shift on the same computer for the
 * same user; another user signing in never reads it (the key carries the user id).
 */
const draftKey = (userId: string, twId: string) => `rounds.chat-draft.${userId}.${twId}`;

export function readDraft(userId: string, twId: string): string {
  return readItem('local', draftKey(userId, twId)) ?? '';
}

export function writeDraft(userId: string, twId: string, text: string): void {
  if (text.trim()) writeItem('local', draftKey(userId, twId), text);
  else removeItem('local', draftKey(userId, twId));
}

/**
 * Calls `save` at most every `intervalMs` while values keep coming, always with the latest, and once more at
 * the end (the last keystroke is never lost). flush() writes what is pending now (leaving the room).
 */
export function createThrottledSaver<T>(save: (value: T) => void, intervalMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | null = null;
  let last = Number.NEGATIVE_INFINITY;
  const run = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    last = Date.now();
    save(value);
  };
  return {
    push(value: T): void {
      pending = { value };
      if (timer) return;
      timer = setTimeout(run, Math.max(0, last + intervalMs - Date.now()));
    },
    flush(): void {
      clearTimeout(timer);
      run();
    },
  };
}

/** The message box around a dictation: the text before the cursor and after the selection when it began. */
export type TDictationAnchor = { before: string; after: string };

export function anchorAt(value: string, selectionStart: number, selectionEnd: number): TDictationAnchor {
  return { before: value.slice(0, selectionStart), after: value.slice(selectionEnd) };
}

/**
 * The message box with the dictated text at the cursor: the whole text recognised so far replaces the
 * previous guess (the server sends the whole text each time, not a delta), with a space on either side where
 * the words would otherwise run together. `caret` is where the cursor goes: right after the dictated words.
 */
export function withDictation(anchor: TDictationAnchor, recognised: string): { value: string; caret: number } {
  const words = recognised.trim();
  if (!words) return { value: anchor.before + anchor.after, caret: anchor.before.length };
  const spaceBefore = anchor.before.length > 0 && !/\s$/.test(anchor.before) ? ' ' : '';
  const spaceAfter = anchor.after.length > 0 && !/^[\s.,;:!?)]/.test(anchor.after) ? ' ' : '';
  const head = `${anchor.before}${spaceBefore}${words}`;
  return { value: `${head}${spaceAfter}${anchor.after}`, caret: head.length };
}

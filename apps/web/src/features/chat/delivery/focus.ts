/** The user can see this tab now: visible and focused (spec doc 1 section 4, "only when the window has focus"). */
export function windowFocused(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'visible' && document.hasFocus();
}

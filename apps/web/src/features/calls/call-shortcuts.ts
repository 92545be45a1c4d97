/**
 * The ringing call's keyboard shortcuts (issue 28): a call must be answerable without walking the page with
 * Tab. Alt+Shift+letter because Ctrl+Alt is AltGr on the wards' French keyboards, bare Alt+letter opens
 * browser menus, and screen readers take Insert or Caps Lock combinations; the page acts first, so the
 * browser's own Alt+Shift+A (focus an inactive dialog) does not fire.
 */
export const CALL_SHORTCUTS = { accept: 'Alt+Shift+A', decline: 'Alt+Shift+D' } as const;

export type TCallShortcut = keyof typeof CALL_SHORTCUTS;

type TKeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey'>;

/**
 * Which shortcut a key press is, if any. The letter is read from the key's character, so the shortcut follows
 * the keyboard's layout (A is where A is printed, on AZERTY too); where Option has turned it into another
 * character (Å on a Mac), from the physical key.
 */
export function callShortcutOf(press: TKeyPress): TCallShortcut | null {
  if (!press.altKey || !press.shiftKey || press.ctrlKey || press.metaKey) return null;
  const letter = /^[a-z]$/i.test(press.key)
    ? press.key.toLowerCase()
    : /^Key[A-Z]$/.test(press.code)
      ? press.code.slice(3).toLowerCase()
      : '';
  if (letter === 'a') return 'accept';
  if (letter === 'd') return 'decline';
  return null;
}

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'time']);

/**
 * Whether focus is somewhere a ringing call must not take it from: a field being typed in, or a modal
 * dialog (its focus trap would fight for it). Anywhere else the ringing card takes focus.
 */
export function keepsFocus(element: Element | null): boolean {
  if (!element || element === element.ownerDocument?.body) return false;
  if (element.closest('[aria-modal="true"]')) return true;
  if (element.tagName === 'TEXTAREA' || element.tagName === 'SELECT') return true;
  if (element.tagName === 'INPUT') return TEXT_INPUTS.has((element as HTMLInputElement).type);
  return (element as HTMLElement).isContentEditable === true;
}

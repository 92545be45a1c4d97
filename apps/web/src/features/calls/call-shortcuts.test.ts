import { describe, expect, it } from 'vitest';
import { callShortcutOf, keepsFocus } from './call-shortcuts';

const press = (
  key: string,
  code: string,
  mods: Partial<Record<'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey', boolean>>,
) => ({
  key,
  code,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('call shortcuts', () => {
  it('reads Alt+Shift+A and Alt+Shift+D, by the printed letter or, where Option changed it, by the key', () => {
    expect(callShortcutOf(press('A', 'KeyA', { altKey: true, shiftKey: true }))).toBe('accept');
    expect(callShortcutOf(press('D', 'KeyD', { altKey: true, shiftKey: true }))).toBe('decline');
    // AZERTY: A is printed on the key QWERTY calls Q.
    expect(callShortcutOf(press('A', 'KeyQ', { altKey: true, shiftKey: true }))).toBe('accept');
    // A Mac's Option+Shift+A types Å.
    expect(callShortcutOf(press('Å', 'KeyA', { altKey: true, shiftKey: true }))).toBe('accept');
  });

  it('ignores the letters alone, with other modifiers, and other letters', () => {
    expect(callShortcutOf(press('a', 'KeyA', {}))).toBeNull();
    expect(callShortcutOf(press('A', 'KeyA', { shiftKey: true }))).toBeNull();
    expect(callShortcutOf(press('a', 'KeyA', { altKey: true }))).toBeNull();
    expect(callShortcutOf(press('A', 'KeyA', { altKey: true, shiftKey: true, ctrlKey: true }))).toBeNull();
    expect(callShortcutOf(press('A', 'KeyA', { altKey: true, shiftKey: true, metaKey: true }))).toBeNull();
    expect(callShortcutOf(press('S', 'KeyS', { altKey: true, shiftKey: true }))).toBeNull();
  });
});

/** Just what keepsFocus reads of an element (unit tests run without a DOM). */
function element(tagName: string, o: { type?: string; editable?: boolean; modal?: boolean } = {}): Element {
  return {
    tagName,
    type: o.type ?? 'text',
    isContentEditable: o.editable ?? false,
    ownerDocument: { body: null },
    closest: (selector: string) => (o.modal && selector === '[aria-modal="true"]' ? {} : null),
  } as unknown as Element;
}

describe('where a ringing call leaves focus alone', () => {
  it('keeps it in fields being typed in and in modal dialogs', () => {
    expect(keepsFocus(element('TEXTAREA'))).toBe(true);
    expect(keepsFocus(element('INPUT', { type: 'search' }))).toBe(true);
    expect(keepsFocus(element('SELECT'))).toBe(true);
    expect(keepsFocus(element('DIV', { editable: true }))).toBe(true);
    expect(keepsFocus(element('BUTTON', { modal: true }))).toBe(true);
  });

  it('takes it from buttons, links, checkboxes and the page itself', () => {
    expect(keepsFocus(null)).toBe(false);
    expect(keepsFocus(element('BUTTON'))).toBe(false);
    expect(keepsFocus(element('A'))).toBe(false);
    expect(keepsFocus(element('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(keepsFocus(element('MAIN'))).toBe(false);
  });
});

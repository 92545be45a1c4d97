import { type RefObject, useEffect } from 'react';
import { nextRovingIndex, rovingStop } from './roving';

const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), audio[controls], video[controls]';

/**
 * Makes everything focusable inside `ref` (message bubbles, image and voice buttons, Acknowledge) one Tab
 * stop: only the item last focused (at first the newest) keeps tabindex 0, the arrow keys, Home and End move
 * between items. Done on the DOM rather than by each item, so items rendered by other components (Mantine
 * buttons, the voice player) join without knowing; new messages are picked up as they are added. With no
 * item, the container itself takes focus so it can still be scrolled by keyboard.
 */
export function useRovingFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let last: HTMLElement | null = null;
    const items = () => Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));

    const apply = () => {
      const all = items();
      const stop = rovingStop(all.length, last ? all.indexOf(last) : -1);
      all.forEach((item, index) => {
        const wanted = index === stop ? '0' : '-1';
        if (item.getAttribute('tabindex') !== wanted) item.setAttribute('tabindex', wanted);
      });
      container.tabIndex = all.length === 0 ? 0 : -1;
    };

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (target === container || !target.matches(FOCUSABLE)) return;
      last = target;
      apply();
    };

    const onKeyDown = (event: KeyboardEvent) => {
      // Keys typed into a field (none today, but a form inside a row later) keep their meaning.
      if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
      const all = items();
      const next = nextRovingIndex(event.key, all.indexOf(event.target as HTMLElement), all.length);
      if (next === null) return;
      event.preventDefault();
      all[next]?.focus();
    };

    apply();
    const observer = new MutationObserver(apply);
    observer.observe(container, { childList: true, subtree: true });
    container.addEventListener('focusin', onFocusIn);
    container.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('keydown', onKeyDown);
    };
  }, [ref]);
}

import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps room for the call on the page instead of covering it (issue 28): while `edge` is set, the element's
 * height (and a margin) is reserved at that edge of the page's main area (--call-inset-top or -bottom, which
 * styles.css pads the main area by and the full-height screens take off their height).
 */
export function useCallInset(ref: RefObject<HTMLElement | null>, edge: 'top' | 'bottom' | null): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!edge || !element) return;
    const root = document.documentElement.style;
    const name = `--call-inset-${edge}`;
    const observer = new ResizeObserver(() => {
      root.setProperty(name, `${Math.ceil(element.getBoundingClientRect().height) + 24}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(name);
    };
  }, [ref, edge]);
}

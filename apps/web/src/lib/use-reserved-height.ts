import { useEffect, useState } from 'react';

/**
 * A strip at the top of every signed-in screen (the administrators' banner, the URGENT messages waiting):
 * its height goes to the CSS variable `name`, which full-height screens subtract, so nothing is pushed off
 * the bottom. Returns a callback ref for the strip's element: the strip often appears after the first render
 * (its data arrives later), and a ref object read once at mount would never see it.
 */
export function useReservedHeight<T extends HTMLElement>(name: `--${string}`, shown: boolean) {
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    const root = document.documentElement.style;
    if (!shown || !element) {
      root.removeProperty(name);
      return;
    }
    const measure = () => root.setProperty(name, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(name);
    };
  }, [name, shown, element]);
  return setElement;
}

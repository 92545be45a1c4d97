import { useElementSize } from '@mantine/hooks';
import { useEffect } from 'react';

/**
 * A strip at the top of every signed-in screen (the administrators' banner, the URGENT messages waiting):
 * its height goes to the CSS variable `name`, which full-height screens subtract, so nothing is pushed off
 * the bottom. Returns the ref for the strip's element.
 */
export function useReservedHeight<T extends HTMLElement>(name: `--${string}`, shown: boolean) {
  const { ref, height } = useElementSize<T>();
  useEffect(() => {
    const root = document.documentElement.style;
    if (shown) root.setProperty(name, `${Math.ceil(height)}px`);
    else root.removeProperty(name);
    return () => {
      root.removeProperty(name);
    };
  }, [name, shown, height]);
  return ref;
}

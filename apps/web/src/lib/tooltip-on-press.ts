/**
 * A tooltip names a control until the control is used: pressing it closes its tooltip. Without this, a button
 * disabled by its own action (Start a voice call, once the call is on) kept its tooltip beside the call overlay
 * for as long as the pointer rested there (issue 28). Mantine's tooltips close on the reference's native
 * mouseleave (floating-ui), so that is what a press sends; the next movement over the control shows it again.
 */
export function closeTooltipsOnPress(target: Document): () => void {
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest('button, a[href], [role="button"]') : null;
    control?.dispatchEvent(new MouseEvent('mouseleave'));
  };
  target.addEventListener('click', onClick, true);
  return () => target.removeEventListener('click', onClick, true);
}

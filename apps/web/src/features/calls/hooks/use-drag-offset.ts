import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type TOffset, useCallWindow } from '../call-window-store';

/** Movement under this many pixels is a tap on the handle, not a drag. */
const TAP_SLOP_PX = 5;
/** One arrow key press moves the window this far; with Shift, four times as far. */
const KEY_STEP_PX = 24;
const ZERO: TOffset = { x: 0, y: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Lets the small call window be moved by its header: dragged with pointer events (mouse, pen, touch alike) or
 * with the arrow keys while the header has focus. The place is an offset (a transform) from where the layout
 * puts it, remembered on this device for the next call (call-window-store), and always shown inside the
 * viewport: a smaller window (or a resize) pulls it in without forgetting where it was put. `wasDrag()` tells
 * the header's click whether it ended a drag (then it is no tap).
 */
export function useDragOffset(enabled: boolean, frame: RefObject<HTMLElement | null>) {
  const wanted = useCallWindow((s) => s.offset);
  const place = useCallWindow((s) => s.place);
  // What is shown: the wanted place, pulled inside the viewport.
  const [shown, setShownState] = useState<TOffset>(ZERO);
  const setShown = useCallback(
    (next: TOffset) => setShownState((now) => (now.x === next.x && now.y === next.y ? now : next)),
    [],
  );
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const drag = useRef<{ x: number; y: number; from: TOffset } | null>(null);
  const moved = useRef(false);

  /** The offset nearest to `want` that keeps the whole window on screen. */
  const fit = useCallback(
    (want: TOffset): TOffset => {
      const box = frame.current?.getBoundingClientRect();
      if (!box) return want;
      // Where the layout puts it, without the offset shown now.
      const left = box.left - shownRef.current.x;
      const top = box.top - shownRef.current.y;
      return {
        x: Math.round(clamp(want.x, -left, window.innerWidth - left - box.width)),
        y: Math.round(clamp(want.y, -top, window.innerHeight - top - box.height)),
      };
    },
    [frame],
  );

  useLayoutEffect(() => {
    if (!enabled) {
      setShown(ZERO);
      return;
    }
    const refit = () => setShown(fit(wanted ?? ZERO));
    refit();
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, [enabled, fit, setShown, wanted]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!enabled || event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, from: shownRef.current };
    moved.current = false;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (!moved.current && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
    moved.current = true;
    setShown(fit({ x: d.from.x + dx, y: d.from.y + dy }));
  };
  const onPointerEnd = () => {
    if (drag.current && moved.current) place(shownRef.current);
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.shiftKey ? KEY_STEP_PX * 4 : KEY_STEP_PX;
    const by = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!by || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = fit({ x: shownRef.current.x + (by[0] ?? 0), y: shownRef.current.y + (by[1] ?? 0) });
    setShown(next);
    place(next);
  };

  return {
    /** Whether the window is where the layout puts it (nothing reserved for it otherwise). */
    atHome: !enabled || (shown.x === 0 && shown.y === 0),
    style: enabled && (shown.x || shown.y) ? { transform: `translate(${shown.x}px, ${shown.y}px)` } : undefined,
    handle: enabled
      ? { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onKeyDown }
      : undefined,
    wasDrag: () => {
      const was = moved.current;
      moved.current = false;
      return was;
    },
  };
}

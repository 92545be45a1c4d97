import { type PointerEvent, useEffect, useRef, useState } from 'react';

type TOffset = { x: number; y: number };

/** Movement under this many pixels is a tap on the handle, not a drag. */
const TAP_SLOP_PX = 5;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Lets the small call window be dragged by its header with pointer events (mouse, pen, touch alike), kept
 * inside the viewport; the offset is a transform from where the layout put it, forgotten when the window
 * grows large again. `wasDrag()` tells the header's click whether it ended a drag (then it is no tap).
 */
export function useDragOffset(enabled: boolean) {
  const [offset, setOffset] = useState<TOffset>({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; from: TOffset; box: DOMRect } | null>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!enabled) setOffset({ x: 0, y: 0 });
  }, [enabled]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const frame = event.currentTarget.closest<HTMLElement>('[data-call-window]');
    if (!enabled || event.button !== 0 || !frame) return;
    drag.current = { x: event.clientX, y: event.clientY, from: offset, box: frame.getBoundingClientRect() };
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
    setOffset({
      x: clamp(d.from.x + dx, d.from.x - d.box.left, d.from.x + window.innerWidth - d.box.right),
      y: clamp(d.from.y + dy, d.from.y - d.box.top, d.from.y + window.innerHeight - d.box.bottom),
    });
  };
  const onPointerEnd = () => {
    drag.current = null;
  };

  return {
    style: enabled && (offset.x || offset.y) ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : undefined,
    handle: enabled
      ? { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd }
      : undefined,
    wasDrag: () => {
      const was = moved.current;
      moved.current = false;
      return was;
    },
  };
}

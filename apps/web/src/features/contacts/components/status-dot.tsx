import type { TChatStatus } from '@rounds/contracts/user';
import type { CSSProperties } from 'react';
import classes from './contacts.module.css';

type TStatusDotProps = { status: TChatStatus; size?: number; className?: string };

/**
 * A chat status as a dot: green Available, amber Away, red with a bar Do not disturb, hollow grey Offline.
 * The shapes differ as well as the colours; the status is always also given in text next to it or in the
 * label of what it decorates, so the dot itself is hidden from screen readers.
 */
export function StatusDot({ status, size = 12, className }: TStatusDotProps) {
  return (
    <span
      aria-hidden
      data-status={status}
      className={className ? `${classes.dot} ${className}` : classes.dot}
      style={{ '--dot-size': `${size}px` } as CSSProperties}
    />
  );
}

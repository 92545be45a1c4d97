import type { TChatStatus } from '@rounds/contracts/user';
import type { CSSProperties } from 'react';
import classes from './chat.module.css';

/**
 * A chat status as a dot (green Available, amber Away, red with a bar Do not disturb, hollow Offline), the
 * same shapes as on Contacts. The status is also given in words wherever the dot appears, so it is hidden
 * from screen readers.
 */
export function StatusDot({ status, size = 12 }: { status: TChatStatus; size?: number }) {
  return (
    <span
      aria-hidden
      data-status={status}
      className={classes.dot}
      style={{ '--dot-size': `${size}px` } as CSSProperties}
    />
  );
}

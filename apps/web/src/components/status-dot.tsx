import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';
import type { CSSProperties } from 'react';
import classes from './status-dot.module.css';

/** Key of each status under status.* in the chat, contacts and groups namespaces. */
export const STATUS_KEY = {
  [CHAT_STATUS.Available]: 'available',
  [CHAT_STATUS.Away]: 'away',
  [CHAT_STATUS.DoNotDisturb]: 'doNotDisturb',
  [CHAT_STATUS.Offline]: 'offline',
} as const satisfies Record<TChatStatus, string>;

type TStatusDotProps = { status: TChatStatus; size?: number; onAvatar?: boolean };

/**
 * A chat status as a dot: green Available, amber Away, red with a bar Do not disturb, hollow grey Offline.
 * The shapes differ as well as the colours; the status is always also given in words next to it or in the
 * label of what it decorates, so the dot itself is hidden from screen readers. On an avatar it sits on the
 * corner (the avatar's wrapper must be position: relative).
 */
export function StatusDot({ status, size = 12, onAvatar = false }: TStatusDotProps) {
  return (
    <span
      className={classes.dot}
      data-status={status}
      data-on-avatar={onAvatar || undefined}
      style={{ '--dot-size': `${size}px` } as CSSProperties}
      aria-hidden
    />
  );
}

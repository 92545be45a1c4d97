import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

type TCallControlProps = {
  label: string;
  color: 'teal' | 'red' | 'gray';
  variant: 'filled' | 'light';
  onClick: () => void;
  /** A toggle (mute, camera): pressed while the thing is off. */
  pressed?: boolean;
  /** Not available now (the camera while the screen is shared). */
  disabled?: boolean;
  /** Its action is on its way to the server (Accept pressed while the connection comes up). */
  loading?: boolean;
  size?: number;
  /** Its keyboard shortcut: `keys` as aria-keyshortcuts names them, `shown` as the reader's keyboard prints them. */
  shortcut?: { keys: string; shown: string };
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
};

/** One round call button with its tooltip and accessible name: accept, decline, mute, camera, leave. */
export function CallControl({
  label,
  color,
  variant,
  onClick,
  pressed,
  disabled,
  loading,
  size = 40,
  shortcut,
  ref,
  children,
}: TCallControlProps) {
  return (
    <Tooltip label={shortcut ? `${label} (${shortcut.shown})` : label} withArrow>
      <ActionIcon
        ref={ref}
        aria-keyshortcuts={shortcut?.keys}
        size={size}
        radius="xl"
        color={color}
        variant={variant}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        loading={loading}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

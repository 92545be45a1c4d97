import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

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
  children,
}: TCallControlProps) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
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

import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type TComposerButtonProps = ActionIconProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ActionIconProps | 'aria-label'> & {
    /** The tooltip and the accessible name. */
    label: string;
    children: ReactNode;
  };

/** A round icon button beside the message box (attach, flag, record, discard), named by its tooltip. */
export function ComposerButton({ label, children, ...props }: TComposerButtonProps) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon size={40} radius="xl" variant="subtle" aria-label={label} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

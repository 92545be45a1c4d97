import { Button, type ButtonProps, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

type TFormActionsProps = {
  /** The submit button's label. */
  children: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  /** Cancel waits while the request is on its way, where closing then would lose its answer. */
  cancelDisabled?: boolean;
  loading?: boolean;
  disabled?: boolean;
  color?: ButtonProps['color'];
  gap?: MantineSpacing;
};

/** A form's footer, right-aligned: Cancel, then the button that submits. */
export function FormActions({
  children,
  cancelLabel,
  onCancel,
  cancelDisabled,
  loading,
  disabled,
  color,
  gap = 'sm',
}: TFormActionsProps) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={color} loading={loading} disabled={disabled}>
        {children}
      </Button>
    </Group>
  );
}

import { Button, type ButtonProps, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

type TFormActionsProps = {
  /** The submit button's label. */
  children: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  loading?: boolean;
  /**
   * The request is on its way: the submit spins, and Cancel waits, where closing then would lose its answer.
   */
  pending?: boolean;
  disabled?: boolean;
  color?: ButtonProps['color'];
  gap?: MantineSpacing;
};

/** A form's footer, right-aligned: Cancel, then the button that submits. */
export function FormActions({
  children,
  cancelLabel,
  onCancel,
  loading,
  pending,
  disabled,
  color,
  gap = 'sm',
}: TFormActionsProps) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={color} loading={loading || pending} disabled={disabled}>
        {children}
      </Button>
    </Group>
  );
}

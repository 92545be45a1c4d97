import { Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

type TFormModalProps = Omit<ModalProps, 'children' | 'onSubmit'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields, then the footer (FormActions). */
  children: ReactNode;
};

/** A dialog that is one form: its fields stacked, validated by the app (noValidate), sent by Enter or Submit. */
export function FormModal({ onSubmit, children, ...modal }: TFormModalProps) {
  return (
    <Modal {...modal}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">{children}</Stack>
      </form>
    </Modal>
  );
}

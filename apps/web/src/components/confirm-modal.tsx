import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type TConfirmModalProps = {
  /** Open while true. */
  opened: boolean;
  title: string;
  body: string;
  /** The red button's text ('Delete', 'Retire'); Cancel is the other. */
  confirm: string;
  cancel: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** Asks before something is deleted or retired: what happens, Cancel, and the red button focused. */
export function ConfirmModal({ opened, title, body, confirm, cancel, busy, onClose, onConfirm }: TConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg">
      <Stack gap="lg">
        <Text fz="sm">{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {cancel}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-autofocus>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

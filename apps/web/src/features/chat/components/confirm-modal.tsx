import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MODAL_STYLES } from '../../../components/modal-styles';

type TConfirmModalProps = {
  opened: boolean;
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something that cannot be undone (delete a group or a message, leave a group). Cancel has focus. */
export function ConfirmModal({ opened, title, body, confirm, cancel, busy, onConfirm, onClose }: TConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered size="sm" styles={MODAL_STYLES}>
      <Stack gap="lg">
        <Text fz="sm">{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MODAL_STYLES } from './modal-styles';

type TConfirmModalProps = {
  /** Open while true. */
  opened: boolean;
  title: string;
  body: string;
  /** The red button's text ('Delete', 'Retire', 'Leave'); Cancel is the other. */
  confirm: string;
  cancel: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/**
 * Asks before something that cannot be undone (delete, retire, leave, end a session). Cancel has the focus, so
 * an Enter pressed out of habit does not delete; while the action runs the dialog stays and Cancel waits.
 */
export function ConfirmModal({ opened, title, body, confirm, cancel, busy, onClose, onConfirm }: TConfirmModalProps) {
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

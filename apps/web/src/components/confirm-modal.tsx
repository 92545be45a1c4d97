import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { showToast } from '../lib/toast';
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

type TConfirmItemModalProps = Omit<TConfirmModalProps, 'opened' | 'busy' | 'onConfirm'> & {
  /** The item asked about: the dialog is open while there is one. */
  item: { id: string } | null;
  /** The mutation the red button runs on the item's id. */
  action: { mutate: (id: string, options: { onSuccess: () => void }) => void; isPending: boolean };
  /** The toast once it is done; the dialog then closes. */
  done: string;
};

/** Asks before an action on one item of a list (release a hold, retire a role, revoke a token), then runs it. */
export function ConfirmItemModal({ item, action, done, ...props }: TConfirmItemModalProps) {
  return (
    <ConfirmModal
      {...props}
      opened={item !== null}
      busy={action.isPending}
      onConfirm={() =>
        item &&
        action.mutate(item.id, {
          onSuccess: () => {
            showToast(done, 'success');
            props.onClose();
          },
        })
      }
    />
  );
}

import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconChecklist, IconCopy, IconEye, IconFlag, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './chat.module.css';
import '../chat-texts';

type TActionBarProps = {
  canDelete: boolean;
  canSeeReaders: boolean;
  canMarkImportant: boolean;
  /** A priority message, and the user its sender or the room's owner. */
  canSeeAcknowledgements: boolean;
  onCopy: () => void;
  onMarkImportant: () => void;
  onDelete: () => void;
  onSeenBy: () => void;
  onAckGrid: () => void;
  onClose: () => void;
};

/**
 * The actions on the selected message (spec doc 1 section 2): copy, mark important (own), seen by (own),
 * acknowledgements (a priority message, own or in a group the user owns), delete (own). Escape closes.
 */
export function ActionBar({
  canDelete,
  canSeeReaders,
  canMarkImportant,
  canSeeAcknowledgements,
  onCopy,
  onMarkImportant,
  onDelete,
  onSeenBy,
  onAckGrid,
  onClose,
}: TActionBarProps) {
  const { t } = useTranslation('chat');
  // The plain actions; `dialog`: the action opens a dialog (said to assistive technology).
  const action = (icon: ReactNode, label: string, onClick: () => void, dialog = false) => (
    <Button
      size="xs"
      variant="default"
      leftSection={icon}
      onClick={onClick}
      aria-haspopup={dialog ? 'dialog' : undefined}
    >
      {label}
    </Button>
  );
  return (
    <div className={classes.actionBar} role="toolbar" aria-label={t('actions.label')}>
      <Text fz="sm" fw={600} mr="auto">
        {t('actions.selected')}
      </Text>
      <Group gap={6}>
        {action(<IconCopy size={15} />, t('actions.copy'), onCopy)}
        {canMarkImportant && action(<IconFlag size={15} />, t('actions.markImportant'), onMarkImportant, true)}
        {canSeeReaders && action(<IconEye size={15} />, t('actions.seenBy'), onSeenBy)}
        {canSeeAcknowledgements && action(<IconChecklist size={15} />, t('actions.ackGrid'), onAckGrid, true)}
        {canDelete && (
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={15} />} onClick={onDelete}>
            {t('actions.delete')}
          </Button>
        )}
        <Tooltip label={t('actions.close')} withArrow>
          <ActionIcon variant="subtle" color="gray" size={30} onClick={onClose} aria-label={t('actions.close')}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}

import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TChatRoom } from '@rounds/contracts/chat';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import classes from './groups.module.css';

type TSimilarGroupsDialogProps = {
  rooms: readonly TChatRoom[];
  processing: boolean;
  onOpen: (room: TChatRoom) => void;
  onCreateAnyway: () => void;
  onCancel: () => void;
};

/**
 * Before a group is created (spec doc 1 section 4): the user's rooms with exactly the same people. Opening one
 * of them spares the team a duplicate conversation; 'Create Anyway' makes the new group regardless.
 */
export function SimilarGroupsDialog({
  rooms,
  processing,
  onOpen,
  onCreateAnyway,
  onCancel,
}: TSimilarGroupsDialogProps) {
  const { t } = useTranslation('groups');
  return (
    <Modal
      // Stacked over the group modal (group-modal.tsx): only the top one answers Escape.
      stackId="similar-groups"
      opened
      onClose={onCancel}
      title={t('similar.title')}
      centered
      radius="lg"
      size="md"
      styles={MODAL_STYLES}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      closeOnClickOutside={!processing}
      closeOnEscape={!processing}
    >
      <Stack gap="md">
        <Text fz="sm">{t('similar.body', { count: rooms.length })}</Text>
        <ul className={classes.rows} aria-label={t('similar.label')} style={{ padding: 0 }}>
          {rooms.map((room) => (
            <li key={room.twId}>
              <Group gap={12} wrap="nowrap" py={6}>
                <Avatar src={room.avatar?.path ?? null} alt="" size={36} radius={36} color="initials" name={room.name}>
                  {room.type === 'group' ? (
                    <IconUsersGroup size={18} stroke={1.6} />
                  ) : (
                    <IconUser size={18} stroke={1.6} />
                  )}
                </Avatar>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fz="sm" fw={600} className={classes.ellipsis}>
                    {room.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {room.type === 'group'
                      ? t('groups.members', { count: room.participants.length })
                      : t('similar.direct')}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => onOpen(room)}
                  disabled={processing}
                  aria-label={t('similar.openLabel', { name: room.name })}
                >
                  {t('similar.open')}
                </Button>
              </Group>
            </li>
          ))}
        </ul>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={processing}>
            {t('similar.cancel')}
          </Button>
          <Button onClick={onCreateAnyway} loading={processing}>
            {t('similar.createAnyway')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

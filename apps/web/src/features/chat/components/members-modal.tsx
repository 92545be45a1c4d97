import { Badge, Button, Modal, Stack, Text } from '@mantine/core';
import type { TChatRoom, TParticipant } from '@rounds/contracts/chat';
import { compareNames } from '@rounds/contracts/names';
import { shownStatus } from '@rounds/contracts/user';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { PersonAvatar } from '../../../components/person-avatar';
import { STATUS_KEY } from '../../../components/status-dot';
import { VirtualList } from '../../../components/virtual-list';
import { showToast } from '../../../lib/toast';
import { useRemoveContacts } from '../api/remove-contacts';
import classes from './chat.module.css';
import '../chat-texts';

const memberKey = (member: TParticipant) => member.id;
const memberSize = () => 55;

type TMembersModalProps = { room: TChatRoom; me: string | undefined; opened: boolean; onClose: () => void };

/**
 * The group's members with their live status, the owner first. The owner can remove others, with a second
 * click to confirm (a slip of the finger at night must not take someone out of a care team's group).
 */
export function MembersModal({ room, me, opened, onClose }: TMembersModalProps) {
  const { t } = useTranslation('chat');
  const remove = useRemoveContacts();
  const [confirming, setConfirming] = useState<string | null>(null);
  const isOwner = room.owner !== null && room.owner === me;
  const members = useMemo(
    () =>
      [...room.participants].sort(
        (a, b) => Number(b.id === room.owner) - Number(a.id === room.owner) || compareNames(a.fullName, b.fullName),
      ),
    [room.participants, room.owner],
  );

  const onRemove = (member: TParticipant) => {
    if (confirming !== member.id) {
      setConfirming(member.id);
      return;
    }
    remove.mutate(
      { twId: room.twId, contacts: [member.id] },
      {
        onSuccess: () => showToast(t('members.removed', { name: member.fullName }), 'success'),
        onSettled: () => setConfirming(null),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('members.title', { name: room.name })}
      centered
      size="md"
      styles={MODAL_STYLES}
    >
      <Text fz="sm" c="dimmed" mb="xs">
        {t('room.members', { count: room.participants.length })}
      </Text>
      <VirtualList
        items={members}
        getKey={memberKey}
        estimateSize={memberSize}
        label={t('members.title', { name: room.name })}
        padding={0}
        className={classes.membersList}
        // As tall as its members up to most of the screen; a group of 500 scrolls inside the dialog.
        style={{ height: `min(60dvh, ${members.length * 55}px)` }}
        renderItem={(member) => {
          const status = shownStatus(member);
          const self = member.id === me;
          return (
            <div className={classes.memberRow}>
              <PersonAvatar name={member.fullName} path={member.avatar?.path} status={status} size={38} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fz="sm" fw={600} truncate>
                  {member.fullName}{' '}
                  {self && (
                    <Text span c="dimmed" fz="sm" fw={400}>
                      {t('members.you')}
                    </Text>
                  )}
                </Text>
                <Text fz="xs" c="dimmed">
                  {member.deleted ? t('members.deleted') : t(`status.${STATUS_KEY[status]}`)}
                </Text>
              </Stack>
              {member.id === room.owner && (
                <Badge variant="light" radius="sm" tt="none">
                  {t('members.owner')}
                </Badge>
              )}
              {isOwner && !self && (
                <Button
                  size="compact-sm"
                  variant={confirming === member.id ? 'filled' : 'subtle'}
                  color="red"
                  loading={remove.isPending && confirming === member.id}
                  onClick={() => onRemove(member)}
                  aria-label={
                    confirming === member.id
                      ? t('members.confirmLabel', { name: member.fullName })
                      : t('members.removeLabel', { name: member.fullName })
                  }
                >
                  {confirming === member.id ? t('members.confirmRemove') : t('members.remove')}
                </Button>
              )}
            </div>
          );
        }}
      />
    </Modal>
  );
}

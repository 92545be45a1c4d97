import { ActionIcon, Badge, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TChatRoom } from '@rounds/contracts/chat';
import {
  IconArrowLeft,
  IconBell,
  IconBellOff,
  IconDoorExit,
  IconDots,
  IconPencil,
  IconStar,
  IconStarFilled,
  IconStethoscope,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { STATUS_KEY, StatusDot } from '../../../components/status-dot';
import { useGroupModal } from '../../../lib/group-modal-store';
import { useSetFavorite } from '../api/set-favorite';
import { useSetMuted } from '../api/set-muted';
import { otherParticipant, roomStatus } from '../lib/chat-status';
import { useRoomSlots } from '../room-slots';
import classes from './chat.module.css';
import '../chat-texts';

type TRoomHeaderProps = {
  room: TChatRoom;
  me: string | undefined;
  onBack: () => void;
  onMembers: () => void;
  onLeave: () => void;
  onDelete: () => void;
};

/**
 * The room's header: back (phones), avatar and name, the other person's status or the member count (which
 * opens the members), favorite and mute toggles, and the group actions: edit and add people (owner), leave
 * (others), delete (owner). Adding people to a direct chat starts a group with both (spec doc 1 section 6).
 */
export function RoomHeader({ room, me, onBack, onMembers, onLeave, onDelete }: TRoomHeaderProps) {
  const { t } = useTranslation('chat');
  const favorite = useSetFavorite();
  const mute = useSetMuted();
  const group = room.type === 'group';
  const isOwner = group && room.owner !== null && room.owner === me;
  const status = roomStatus(room, me);
  const other = otherParticipant(room, me);
  const writable = !room.archived && !room.disabled;
  const openGroupModal = useGroupModal.getState().open;
  const slots = useRoomSlots();

  const canEdit = isOwner && writable;
  const canAddPeople = writable && (isOwner || (!group && other !== undefined));
  const canLeave = group && !isOwner;
  const canDelete = isOwner;
  const hasMenu = canEdit || canAddPeople || canLeave || canDelete;
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;

  const addPeople = () => {
    if (group) openGroupModal({ mode: 'extend', twId: room.twId });
    else if (other) openGroupModal({ mode: 'create', preselected: [other.id] });
  };

  return (
    <header className={classes.header}>
      <Tooltip label={t('room.back')} withArrow>
        <ActionIcon
          hiddenFrom="sm"
          variant="subtle"
          color="gray"
          size={40}
          onClick={onBack}
          aria-label={t('room.back')}
        >
          <IconArrowLeft size={22} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <PersonAvatar name={room.name} path={room.avatar?.path} group={group} status={status} size={40} />
      <div className={classes.headerText}>
        <h2 className={classes.headerName} title={room.name}>
          {room.name}
        </h2>
        {room.dutyRole && (
          <Badge
            variant="light"
            color="teal"
            radius="sm"
            tt="none"
            size="sm"
            leftSection={<IconStethoscope size={12} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            data-role-marker
          >
            {t('room.dutyRole')}
          </Badge>
        )}
        {status !== null && (
          <Text component="span" fz="xs" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <StatusDot status={status} size={8} />
            {t(`status.${STATUS_KEY[status]}`)}
          </Text>
        )}
        {group && (
          <UnstyledButton
            onClick={onMembers}
            fz="xs"
            c="dimmed"
            style={{ display: 'flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
            aria-haspopup="dialog"
            aria-label={`${t('room.showMembers')}: ${t('room.members', { count: room.participants.length })}`}
          >
            <IconUsers size={13} aria-hidden />
            {t('room.members', { count: room.participants.length })}
          </UnstyledButton>
        )}
      </div>
      {slots.callButtons(room, me, writable)}
      <Tooltip label={room.isFavorite ? t('room.unfavorite') : t('room.favorite')} withArrow>
        <ActionIcon
          visibleFrom="sm"
          variant="subtle"
          color={room.isFavorite ? 'yellow' : 'gray'}
          size={38}
          aria-label={room.isFavorite ? t('room.unfavorite') : t('room.favorite')}
          aria-pressed={room.isFavorite}
          loading={favorite.isPending}
          onClick={() => favorite.mutate({ twId: room.twId, favorite: !room.isFavorite })}
        >
          {room.isFavorite ? <IconStarFilled size={20} /> : <IconStar size={20} stroke={1.7} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={room.muted ? t('room.unmute') : t('room.mute')} withArrow>
        <ActionIcon
          visibleFrom="sm"
          variant="subtle"
          color="gray"
          size={38}
          aria-label={room.muted ? t('room.unmute') : t('room.mute')}
          aria-pressed={room.muted}
          loading={mute.isPending}
          onClick={() => mute.mutate({ twId: room.twId, muted: !room.muted })}
        >
          {room.muted ? <IconBellOff size={20} stroke={1.7} /> : <IconBell size={20} stroke={1.7} />}
        </ActionIcon>
      </Tooltip>
      {/* On a phone favorite and mute fold into this menu, so the name keeps the width (issue 28). */}
      <Menu position="bottom-end" withArrow shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon
            hiddenFrom={hasMenu ? undefined : 'sm'}
            variant="subtle"
            color="gray"
            size={38}
            aria-label={t('room.more')}
          >
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {/* Rendered on a phone only, not hidden: a hidden first item would take the keyboard's focus. */}
          {phone && (
            <>
              <Menu.Item
                leftSection={room.isFavorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                onClick={() => favorite.mutate({ twId: room.twId, favorite: !room.isFavorite })}
              >
                {room.isFavorite ? t('room.unfavorite') : t('room.favorite')}
              </Menu.Item>
              <Menu.Item
                leftSection={room.muted ? <IconBell size={16} /> : <IconBellOff size={16} />}
                onClick={() => mute.mutate({ twId: room.twId, muted: !room.muted })}
              >
                {room.muted ? t('room.unmute') : t('room.mute')}
              </Menu.Item>
              {hasMenu && <Menu.Divider />}
            </>
          )}
          {group && (
            <Menu.Item leftSection={<IconUsers size={16} />} onClick={onMembers}>
              {t('room.showMembers')}
            </Menu.Item>
          )}
          {canEdit && (
            <Menu.Item
              leftSection={<IconPencil size={16} />}
              onClick={() => openGroupModal({ mode: 'edit', twId: room.twId })}
            >
              {t('room.edit')}
            </Menu.Item>
          )}
          {canAddPeople && (
            <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={addPeople}>
              {t('room.addPeople')}
            </Menu.Item>
          )}
          {(canLeave || canDelete) && <Menu.Divider />}
          {canLeave && (
            <Menu.Item leftSection={<IconDoorExit size={16} />} color="red" onClick={onLeave}>
              {t('room.leave')}
            </Menu.Item>
          )}
          {canDelete && (
            <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={onDelete}>
              {t('room.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </header>
  );
}

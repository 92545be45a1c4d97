import { ActionIcon, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { TCallType } from '@rounds/contracts/calls';
import type { TChatRoom } from '@rounds/contracts/chat';
import {
  IconArrowLeft,
  IconBell,
  IconBellOff,
  IconDoorExit,
  IconDots,
  IconPencil,
  IconPhone,
  IconScreenShare,
  IconStar,
  IconStarFilled,
  IconTrash,
  IconUserPlus,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { STATUS_KEY, StatusDot } from '../../../components/status-dot';
import { useGroupModal } from '../../../lib/group-modal-store';
import { useSession } from '../../../lib/session-store';
import { callAction } from '../../calls/call-actions';
import { callAvailability } from '../../calls/call-availability';
import { inAnyCall, useCalls } from '../../calls/call-store';
import { UnavailableModal } from '../../calls/components/unavailable-modal';
import { canShareScreen } from '../../calls/media/call-media';
import { startDirectShare } from '../../calls/screen-share';
import { useSetFavorite } from '../api/set-favorite';
import { useSetMuted } from '../api/set-muted';
import { otherParticipant, roomStatus } from '../lib/chat-status';
import classes from './chat.module.css';
import '../../calls/calls-texts';
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
  const { t: tc } = useTranslation('calls');
  const favorite = useSetFavorite();
  const mute = useSetMuted();
  const group = room.type === 'group';
  const isOwner = group && room.owner !== null && room.owner === me;
  const status = roomStatus(room, me);
  const other = otherParticipant(room, me);
  const writable = !room.archived && !room.disabled;
  const openGroupModal = useGroupModal.getState().open;
  const permissions = useSession((s) => s.user?.permissions);
  const busy = useCalls((s) => inAnyCall(s.calls, me) || s.calls[room.twId] !== undefined);
  // Call buttons (doc 2 section 6): no call going on and the permission granted (voice and video are off unless
  // granted): else disabled. With nobody connected who can answer, a press says so instead of ringing nobody;
  // the server checks the same.
  const callable = writable && !busy && room.participants.some((p) => p.id !== me);
  const [unavailable, setUnavailable] = useState(false);
  const availability = (type: TCallType) => callAvailability(type, room.participants, me, permissions);
  const startCall = (video: boolean) => {
    if (availability(video ? 'video' : 'voice') === 'unavailable') setUnavailable(true);
    else void callAction('CallInitialize', { twId: room.twId, video });
  };
  const startShare = () => {
    if (availability('directScreenShare') === 'unavailable') setUnavailable(true);
    else void startDirectShare(room.twId);
  };

  const canEdit = isOwner && writable;
  const canAddPeople = writable && (isOwner || (!group && other !== undefined));
  const canLeave = group && !isOwner;
  const canDelete = isOwner;
  const hasMenu = canEdit || canAddPeople || canLeave || canDelete;

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
      <Tooltip label={tc('startVoice')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={38}
          aria-label={tc('startVoice')}
          disabled={!callable || availability('voice') === 'forbidden'}
          onClick={() => startCall(false)}
        >
          <IconPhone size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={tc('startVideo')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={38}
          aria-label={tc('startVideo')}
          disabled={!callable || availability('video') === 'forbidden'}
          onClick={() => startCall(true)}
        >
          <IconVideo size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      {/* Direct screen share (doc 2 sections 1, 2): its own call type; needs video and a browser that shares.
          Not on phone widths: phone browsers cannot share a screen, and the room's name needs the room. */}
      <Tooltip label={tc('startScreenShare')} withArrow>
        <ActionIcon
          visibleFrom="sm"
          variant="subtle"
          color="gray"
          size={38}
          aria-label={tc('startScreenShare')}
          disabled={!callable || availability('directScreenShare') === 'forbidden' || !canShareScreen()}
          onClick={startShare}
        >
          <IconScreenShare size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
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
          <Menu.Item
            hiddenFrom="sm"
            leftSection={room.isFavorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
            onClick={() => favorite.mutate({ twId: room.twId, favorite: !room.isFavorite })}
          >
            {room.isFavorite ? t('room.unfavorite') : t('room.favorite')}
          </Menu.Item>
          <Menu.Item
            hiddenFrom="sm"
            leftSection={room.muted ? <IconBell size={16} /> : <IconBellOff size={16} />}
            onClick={() => mute.mutate({ twId: room.twId, muted: !room.muted })}
          >
            {room.muted ? t('room.unmute') : t('room.mute')}
          </Menu.Item>
          {hasMenu && <Menu.Divider hiddenFrom="sm" />}
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
      <UnavailableModal opened={unavailable} onClose={() => setUnavailable(false)} />
    </header>
  );
}

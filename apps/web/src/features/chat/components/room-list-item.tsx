import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TChatRoom } from '@rounds/contracts/chat';
import { IconAlertTriangle, IconArchive, IconBellOff, IconStarFilled, IconStethoscope } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { STATUS_KEY } from '../../../components/status-dot';
import list from '../../../components/virtual-list.module.css';
import { PERSON_DRAG_TYPE } from '../../../lib/person-drag';
import { useMessageText } from '../hooks/use-message-text';
import { roomStatus } from '../lib/chat-status';
import { roomTime } from '../lib/format-time';
import { activityAt } from '../lib/group-rooms';
import classes from './chat.module.css';
import '../chat-texts';

type TRoomListItemProps = {
  room: TChatRoom;
  me: string | undefined;
  now: number;
  selected: boolean;
  /** Holds an URGENT message waiting for my acknowledgement. */
  urgent?: boolean;
  onSelect: (twId: string) => void;
};

/**
 * One room: avatar (with the other person's status for a direct chat), name, time of the last message, its
 * first 40 characters, the unread count and a muted mark. Its accessible name says the same in words.
 */
export const RoomListItem = memo(function RoomListItem({
  room,
  me,
  now,
  selected,
  urgent = false,
  onSelect,
}: TRoomListItemProps) {
  const { t } = useTranslation('chat');
  const { language, preview } = useMessageText();
  const status = roomStatus(room, me);
  const unread = room.unreadCount;
  const at = activityAt(room);
  const line = preview(room.lastMessage, room.type === 'group');
  // A direct chat stands for its other person: dragged onto the open chat it adds them (a new group, or the
  // owner's group in edit).
  const person = room.type === 'direct' && !room.disabled ? room.participants.find((p) => p.id !== me) : undefined;

  return (
    <UnstyledButton
      className={list.row}
      data-selected={selected || undefined}
      data-unread={unread > 0 || undefined}
      data-urgent={urgent || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(room.twId)}
      data-room-id={room.twId}
      draggable={person !== undefined}
      onDragStart={
        person
          ? (event) => {
              event.dataTransfer.setData(PERSON_DRAG_TYPE, person.id);
              event.dataTransfer.effectAllowed = 'copy';
            }
          : undefined
      }
    >
      <PersonAvatar name={room.name} path={room.avatar?.path} group={room.type === 'group'} status={status} size={44} />
      <span className={`${list.rowText} ${classes.roomText}`}>
        <span className={list.rowLine}>
          <span className={list.rowName}>{room.name}</span>
          {room.dutyRole && <IconStethoscope size={14} className={classes.roleMark} aria-hidden />}
          {room.isFavorite && <IconStarFilled size={13} className={classes.rowIcon} aria-hidden />}
          <span className={list.rowTime} aria-hidden>
            {roomTime(at, language, now, t('list.yesterday'))}
          </span>
        </span>
        <span className={list.rowLine}>
          <span className={classes.rowSnippet}>{line}</span>
          {urgent && (
            <span className={classes.urgentMark} aria-hidden data-testid="room-urgent">
              <IconAlertTriangle size={12} />
              {t('urgent.badge')}
            </span>
          )}
          {room.archived && <IconArchive size={15} className={classes.rowIcon} aria-hidden />}
          {room.muted && <IconBellOff size={15} className={classes.rowIcon} aria-hidden />}
          {unread > 0 && (
            <span className={classes.unread} aria-hidden>
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
      </span>
      <VisuallyHidden>
        {[
          status !== null ? t(`status.${STATUS_KEY[status]}`) : room.dutyRole ? t('room.dutyRole') : t('list.group'),
          urgent ? t('list.urgentPending') : null,
          unread > 0 ? t('list.unread', { count: unread }) : null,
          room.muted ? t('list.muted') : null,
          room.archived ? t('list.archived') : null,
        ]
          .filter(Boolean)
          .map((part) => `, ${part}`)
          .join('')}
      </VisuallyHidden>
    </UnstyledButton>
  );
});

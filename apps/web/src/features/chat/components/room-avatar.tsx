import { Avatar } from '@mantine/core';
import type { TChatStatus } from '@rounds/contracts/user';
import { IconUsersGroup } from '@tabler/icons-react';
import { StatusDot } from '../../../components/status-dot';
import classes from './chat.module.css';

type TRoomAvatarProps = {
  name: string;
  path: string | null | undefined;
  group: boolean;
  /** A direct chat's other person: their status dot on the avatar's corner. */
  status: TChatStatus | null;
  size?: number;
};

/** A room's picture: the person's photo or initials, or a group icon; decorative (the name is next to it). */
export function RoomAvatar({ name, path, group, status, size = 44 }: TRoomAvatarProps) {
  return (
    <span className={classes.avatar} aria-hidden>
      {group && !path ? (
        <Avatar size={size} radius={size} color="rounds" variant="light" alt="">
          <IconUsersGroup size={Math.round(size * 0.5)} stroke={1.7} />
        </Avatar>
      ) : (
        <Avatar src={path ?? null} alt="" size={size} radius={size} color="initials" name={name} />
      )}
      {status !== null && <StatusDot status={status} size={Math.max(10, Math.round(size * 0.28))} onAvatar />}
    </span>
  );
}

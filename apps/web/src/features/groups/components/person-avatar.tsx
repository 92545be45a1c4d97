import { Avatar } from '@mantine/core';
import { CHAT_STATUS } from '@rounds/contracts/user';
import { StatusDot } from '../../../components/status-dot';
import type { TPerson } from '../lib/people';
import classes from './groups.module.css';

/** Someone not connected shows Offline, whatever status they last chose (spec doc 1 section 3). */
export function shownStatus(person: Pick<TPerson, 'chatStatus' | 'connected'>) {
  return person.connected ? person.chatStatus : CHAT_STATUS.Offline;
}

/** Key of each status in the groups namespace (status.*). */
export const STATUS_KEY = {
  [CHAT_STATUS.Available]: 'available',
  [CHAT_STATUS.Away]: 'away',
  [CHAT_STATUS.DoNotDisturb]: 'doNotDisturb',
  [CHAT_STATUS.Offline]: 'offline',
} as const;

type TPersonAvatarProps = { person: TPerson; size?: number; withStatus?: boolean };

/**
 * A picture or initials, with the status as a dot on its corner. Decorative: the name and the status in words
 * are in the label of whatever the avatar sits in.
 */
export function PersonAvatar({ person, size = 36, withStatus = true }: TPersonAvatarProps) {
  return (
    <span className={classes.avatar} aria-hidden>
      <Avatar
        src={person.avatar?.path ?? null}
        alt=""
        size={size}
        radius={size}
        color="initials"
        name={person.fullName}
      />
      {withStatus && <StatusDot status={shownStatus(person)} size={Math.max(10, Math.round(size * 0.32))} onAvatar />}
    </span>
  );
}

import { Avatar } from '@mantine/core';
import type { TChatStatus } from '@rounds/contracts/user';
import { IconUsersGroup } from '@tabler/icons-react';
import { StatusDot } from './status-dot';

type TPersonAvatarProps = {
  name: string;
  path: string | null | undefined;
  /** The status others see (contracts' shownStatus) as a dot on the corner; null for none (groups, chips). */
  status: TChatStatus | null;
  size?: number;
  /** A group without a picture: the group icon instead of initials. */
  group?: boolean;
};

const WRAPPER = { position: 'relative', flex: 'none', display: 'inline-flex' } as const;

/**
 * A person's (or a room's) picture, or initials on a colour of their own, with the status dot on its corner.
 * The one avatar of Contacts, the group modal and the chat (they were three near-copies). Decorative: the
 * name and the status in words are in the label of whatever it sits in.
 */
export function PersonAvatar({ name, path, status, size = 40, group = false }: TPersonAvatarProps) {
  return (
    <span style={WRAPPER} aria-hidden>
      {group && !path ? (
        <Avatar size={size} radius={size} color="rounds" variant="light" alt="">
          <IconUsersGroup size={Math.round(size * 0.5)} stroke={1.7} />
        </Avatar>
      ) : (
        <Avatar src={path ?? null} alt="" size={size} radius={size} color="initials" name={name} />
      )}
      {status !== null && <StatusDot status={status} size={Math.max(10, Math.round(size * 0.3))} onAvatar />}
    </span>
  );
}

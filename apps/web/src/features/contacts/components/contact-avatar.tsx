import { Avatar } from '@mantine/core';
import type { TContact } from '@rounds/contracts/contacts';
import { StatusDot } from '../../../components/status-dot';
import { shownStatus } from '../lib/chat-status';
import classes from './contacts.module.css';

type TContactAvatarProps = { contact: TContact; size?: number };

/** The contact's picture, or their initials on a colour of their own, with their status dot. */
export function ContactAvatar({ contact, size = 40 }: TContactAvatarProps) {
  return (
    <span className={classes.avatar} aria-hidden>
      <Avatar
        src={contact.avatar?.path ?? null}
        alt=""
        size={size}
        radius={size}
        color="initials"
        name={contact.fullName}
      />
      <StatusDot status={shownStatus(contact)} size={Math.max(10, Math.round(size * 0.3))} onAvatar />
    </span>
  );
}

/** 'Registered Nurse · RN': the clinical role and suffix line under a name. */
export function roleLine(contact: Pick<TContact, 'professions' | 'suffixes'>): string {
  const names = (items: readonly { name: string }[]) => items.map((item) => item.name).join(', ');
  return [names(contact.professions), names(contact.suffixes)].filter(Boolean).join(' · ');
}

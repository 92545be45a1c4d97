import { ActionIcon, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconMessageCircle, IconStethoscope } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dutyRolesQueryOptions } from '../api/get-duty-roles';
import { useOpenRoleRoom } from '../api/open-role-room';
import classes from './on-call-list.module.css';
import '../texts';

/** The few roles a search shows beside the people it finds; the On call view lists them all. */
const SHOWN = 3;

type TRoleMatchesProps = {
  facilityIds: readonly string[];
  keyword: string;
  /** Shows a role's conversation once it is open (the route navigates to the room). */
  onOpenRoom: (twId: string) => void;
  /** Switches Contacts to its On call view, where every match is listed. */
  onShowAll: () => void;
};

/**
 * Roles found by the search where a conversation starts (Contacts › People, issue 25): typing "cardio" offers
 * "Cardiology on call" to message, above the people of that name, with who holds it now. Nothing while the
 * search is empty or finds no role.
 */
export function RoleMatches({ facilityIds, keyword, onOpenRoom, onShowAll }: TRoleMatchesProps) {
  const { t } = useTranslation('on-call');
  // Asked only while something is typed: Contacts opens without a request for roles.
  const roles = useQuery({
    ...dutyRolesQueryOptions({ facilityIds, keyword, page: 1, pageSize: SHOWN }),
    enabled: keyword !== '',
  });
  const open = useOpenRoleRoom();
  const found = keyword ? (roles.data?.results ?? []) : [];
  if (found.length === 0) return null;
  const total = roles.data?.total ?? found.length;
  return (
    <section className={classes.matches} aria-label={t('matches.label')}>
      <Group justify="space-between" gap="xs" px={4}>
        <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
          {t('matches.title')}
        </Text>
        {total > found.length && (
          <Anchor component="button" type="button" fz="xs" onClick={onShowAll}>
            {t('matches.showAll', { count: total })}
          </Anchor>
        )}
      </Group>
      {found.map((role) => (
        <div key={role.id} className={classes.match} data-role-id={role.id}>
          <IconStethoscope size={18} stroke={1.7} aria-hidden className={classes.matchIcon} />
          <div className={classes.text}>
            <Text component="span" fz="sm" fw={700} lh={1.3} truncate>
              {role.name}
            </Text>
            <Text component="span" fz="xs" c="dimmed" lh={1.3} truncate>
              {role.holders.length === 0
                ? t('list.nobody')
                : t('matches.heldBy', { names: role.holders.map((h) => h.fullName).join(', ') })}
            </Text>
          </div>
          <Tooltip label={t('list.messageRole', { role: role.name })} withArrow>
            <ActionIcon
              variant="light"
              size={30}
              loading={open.isPending && open.variables === role.id}
              onClick={() => open.mutate(role.id, { onSuccess: (room) => onOpenRoom(room.twId) })}
              aria-label={t('list.messageRole', { role: role.name })}
            >
              <IconMessageCircle size={17} stroke={1.8} />
            </ActionIcon>
          </Tooltip>
        </div>
      ))}
    </section>
  );
}

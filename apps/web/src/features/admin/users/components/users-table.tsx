import {
  ActionIcon,
  Badge,
  Group,
  NativeSelect,
  Switch,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { TAdminUserListQuery } from '@rounds/contracts/admin-users';
import type { TRole } from '@rounds/contracts/common';
import type { TUser } from '@rounds/contracts/user';
import { PERMISSION_KEYS, type TPermissionKey } from '@rounds/contracts/user-permissions';
import {
  IconArrowsSort,
  IconKey,
  IconPencil,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonAvatar } from '../../../../components/person-avatar';
import { useSetPermission } from '../api/set-permission';
import { useSetUserActive } from '../api/set-user-active';
import { useUpdateRole } from '../api/update-role';
import { canTogglePermission, permissionOn } from '../lib/permissions';
import { roleChoices, rowLocked } from '../lib/row-access';
import classes from './users-table.module.css';

export type TSort = Pick<TAdminUserListQuery, 'sortBy' | 'order'>;

type TUsersTableProps = {
  users: readonly TUser[];
  viewer: TRole | undefined;
  sort: TSort;
  onSort: (sort: TSort) => void;
  /** The path of a user's page, e.g. /admin/users/{id}. */
  userPath: (id: string) => string;
  onDelete: (user: TUser) => void;
  onResetPassword: (user: TUser) => void;
  busy?: boolean;
};

type TSortable = 'firstName' | 'lastName' | 'email';

/**
 * The users table (doc 2 section 2): every column of the spec, with the row's role, status and permissions
 * changed in place. It scrolls sideways inside its card on narrow screens (first column stays put).
 */
export function UsersTable({
  users,
  viewer,
  sort,
  onSort,
  userPath,
  onDelete,
  onResetPassword,
  busy,
}: TUsersTableProps) {
  const { t } = useTranslation('adminUsers');
  const { t: tc } = useTranslation();
  const role = useUpdateRole();
  const status = useSetUserActive();
  const permission = useSetPermission();

  const header = (column: TSortable, className?: string) => {
    const active = sort.sortBy === column;
    const Icon = !active ? IconArrowsSort : sort.order === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th className={className} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          className={classes.sort}
          onClick={() => onSort({ sortBy: column, order: active && sort.order === 'asc' ? 'desc' : 'asc' })}
        >
          {t(`columns.${column}`)}
          <Icon size={14} stroke={1.8} aria-hidden className={active ? undefined : classes.idleIcon} />
        </UnstyledButton>
      </Table.Th>
    );
  };

  // The switch shows the value being sent until the list comes back with it.
  const shownPermission = (user: TUser, key: TPermissionKey) => {
    const pending = permission.isPending ? permission.variables : undefined;
    if (pending && pending.userId === user.id && pending.permission === key) return pending.value;
    return permissionOn(user.permissions, key);
  };

  return (
    <Table.ScrollContainer minWidth={1280} type="native" className={classes.scroller}>
      <Table verticalSpacing="xs" horizontalSpacing="sm" className={classes.table} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.stickyHead}>
              <VisuallyHidden>{t('columns.avatar')}</VisuallyHidden>
            </Table.Th>
            {header('firstName', classes.stickyNameHead)}
            {header('lastName')}
            {header('email')}
            <Table.Th>{t('columns.phone')}</Table.Th>
            <Table.Th>{t('columns.sessionTimeout')}</Table.Th>
            <Table.Th>{t('columns.role')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            {PERMISSION_KEYS.map((key) => (
              <Table.Th key={key} ta="center">
                {t(`permissions.${key}`)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name = `${user.firstName} ${user.lastName}`.trim();
            const locked = rowLocked(viewer, user);
            const choices = roleChoices(viewer);
            const roles = choices.includes(user.role) ? choices : [user.role, ...choices];
            return (
              <Table.Tr key={user.id} data-locked={locked || undefined}>
                <Table.Td className={classes.stickyCell}>
                  <PersonAvatar name={user.fullName || name} path={user.avatar?.path} status={null} size={36} />
                </Table.Td>
                <Table.Td className={classes.stickyName}>
                  <Text fz="sm" fw={600} component={Link} to={userPath(user.id)} className={classes.nameLink}>
                    {user.firstName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{user.lastName}</Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" className={classes.email}>
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" className={classes.nowrap}>
                    {user.phone ? `${user.phoneCountryCode ?? ''} ${user.phone}`.trim() : '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {user.isDefaultSessionTimeout || user.sessionTimeout == null ? (
                    <Badge variant="light" color="gray" radius="sm" style={{ minWidth: 'max-content' }}>
                      {t('defaultBadge')}
                    </Badge>
                  ) : (
                    <Text fz="sm" className={classes.nowrap}>
                      {t('minutesValue', { count: user.sessionTimeout })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    w={150}
                    aria-label={t('roleOf', { name })}
                    value={user.role}
                    disabled={locked}
                    data={roles.map((value) => ({
                      value,
                      label: tc(`roles.${value}`),
                      disabled: !choices.includes(value),
                    }))}
                    onChange={(event) => role.mutate({ id: user.id, role: event.currentTarget.value as TRole })}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    w={110}
                    aria-label={t('statusOf', { name })}
                    value={user.active ? 'active' : 'inactive'}
                    disabled={locked}
                    data={[
                      { value: 'active', label: t('status.active') },
                      { value: 'inactive', label: t('status.inactive') },
                    ]}
                    onChange={(event) =>
                      status.mutate({ userId: user.id, active: event.currentTarget.value === 'active' })
                    }
                  />
                </Table.Td>
                {PERMISSION_KEYS.map((key) => (
                  <Table.Td key={key}>
                    <Group justify="center">
                      <Switch
                        size="sm"
                        aria-label={t('permissionOf', { permission: t(`permissions.${key}`), name })}
                        checked={shownPermission(user, key)}
                        disabled={locked || !canTogglePermission(viewer, key)}
                        onChange={(event) =>
                          permission.mutate({ userId: user.id, permission: key, value: event.currentTarget.checked })
                        }
                      />
                    </Group>
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t('actions.edit')} withArrow>
                      <ActionIcon
                        component={Link}
                        to={userPath(user.id)}
                        variant="subtle"
                        color="gray"
                        aria-label={t('actions.editOf', { name })}
                      >
                        <IconPencil size={18} stroke={1.7} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('actions.resetPassword')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        disabled={locked}
                        aria-label={t('actions.resetPasswordOf', { name })}
                        onClick={() => onResetPassword(user)}
                      >
                        <IconKey size={18} stroke={1.7} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('actions.delete')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={locked}
                        aria-label={t('actions.deleteOf', { name })}
                        onClick={() => onDelete(user)}
                      >
                        <IconTrash size={18} stroke={1.7} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Button, Group, Pagination, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_USER_SORTS } from '@rounds/contracts/admin-users';
import type { TAppSettings } from '@rounds/contracts/settings';
import type { TUser } from '@rounds/contracts/user';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListError, ListSkeleton } from '../../../../components/list-states';
import { useSession } from '../../../../lib/session-store';
import { type TUsersQuery, useUsers } from '../api/list-users';
import { PAGINATION, pageAfterDelete, pageCount, USERS_PAGE_SIZE } from '../lib/paging';
import { subscribeAdminUsers } from '../realtime';
import { AppSettingsCard } from './app-settings-card';
import { BulkPermissionsCard } from './bulk-permissions-card';
import { BulkUploadCard } from './bulk-upload-card';
import { DeleteUserModal } from './delete-user-modal';
import { MfaPolicyCard } from './mfa-policy-card';
import { PasswordPolicyCard } from './password-policy-card';
import { QuickLockCard } from './quick-lock-card';
import { ResetPasswordModal } from './reset-password-modal';
import { type TSort, UsersTable } from './users-table';

type TUsersListPageProps = {
  /** /admin/users: the table's links lead to `${basePath}/{id}` and Add user to `${basePath}/new`. */
  basePath: string;
  appSettings: TAppSettings | undefined;
  builtInTimeout: number;
  onAppSettings: (settings: TAppSettings) => void;
};

const SEARCH_DEBOUNCE_MS = 300;

type TSortBy = TUsersQuery['sortBy'];

/** Page, sort and search live in the URL, so Back from a user's page returns to the same view. */
function readQuery(params: URLSearchParams): TUsersQuery {
  const page = Number(params.get('page'));
  const sortBy = params.get('sort') as TSortBy;
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: USERS_PAGE_SIZE,
    sortBy: (ADMIN_USER_SORTS as readonly string[]).includes(sortBy) ? sortBy : 'firstName',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    keyword: params.get('q') ?? '',
  };
}

/** The Users section (doc 2 section 2): Add user, search, the paged table, then the bulk and policy panels. */
export function UsersListPage({ basePath, appSettings, builtInTimeout, onAppSettings }: TUsersListPageProps) {
  const { t } = useTranslation('adminUsers');
  const viewer = useSession((s) => s.user?.role);
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [search, setSearch] = useState(query.keyword);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [deleting, setDeleting] = useState<TUser | null>(null);
  const [resetting, setResetting] = useState<TUser | null>(null);

  const update = (changes: Partial<TUsersQuery>) => {
    const next = { ...query, ...changes };
    const entries: Record<string, string> = {};
    if (next.page > 1) entries.page = String(next.page);
    if (next.sortBy !== 'firstName') entries.sort = next.sortBy;
    if (next.order !== 'asc') entries.order = next.order;
    if (next.keyword) entries.q = next.keyword;
    setParams(entries, { replace: true });
  };

  // A new search starts on page 1; the request of a search typed past is aborted by its query's signal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text starts a search
  useEffect(() => {
    if (debounced !== query.keyword) update({ keyword: debounced, page: 1 });
  }, [debounced]);

  useEffect(() => subscribeAdminUsers(client), [client]);

  const users = useUsers(query);
  const rows = users.data?.results ?? [];
  const total = users.data?.total ?? 0;
  const pages = pageCount(total);

  // A page that emptied (users removed elsewhere) shows the last page that has rows.
  useEffect(() => {
    if (users.data && query.page > pages) update({ page: pages });
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('search')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} stroke={1.7} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
          type="search"
        />
        <Button component={Link} to={`${basePath}/new`} leftSection={<IconUserPlus size={18} stroke={1.8} />}>
          {t('addUser')}
        </Button>
      </Group>

      <Paper withBorder radius="lg" p={0} component="section" aria-labelledby="users-table-title">
        <Group justify="space-between" px={{ base: 'md', sm: 'lg' }} pt="md" pb="xs" gap="xs">
          <Group gap="xs">
            <IconUsers size={20} stroke={1.7} aria-hidden />
            <Text fw={700} id="users-table-title" component="h2" fz="h4" m={0}>
              {t('tableTitle')}
            </Text>
          </Group>
          {users.data && (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('total', { count: total })}
            </Text>
          )}
        </Group>
        {users.isPending ? (
          <ListSkeleton label={t('loading')} rows={5} avatar={36} />
        ) : users.isError ? (
          <ListError title={t('loadFailed')} retry={t('retry')} onRetry={() => void users.refetch()} />
        ) : rows.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl" fz="sm">
            {query.keyword ? t('noMatch', { keyword: query.keyword }) : t('noData')}
          </Text>
        ) : (
          <UsersTable
            users={rows}
            viewer={viewer}
            sort={{ sortBy: query.sortBy, order: query.order }}
            onSort={(sort: TSort) => update({ ...sort, page: 1 })}
            userPath={(id) => `${basePath}/${id}`}
            onDelete={setDeleting}
            onResetPassword={setResetting}
            busy={users.isFetching}
          />
        )}
        {pages > 1 && (
          <Group justify="center" p="md">
            <Pagination
              total={pages}
              value={Math.min(query.page, pages)}
              onChange={(page) => update({ page })}
              boundaries={PAGINATION.boundaries}
              siblings={PAGINATION.siblings}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' ? t('previousPage') : control === 'next' ? t('nextPage') : undefined,
              })}
              getItemProps={(page) => ({ 'aria-label': t('pageN', { page }) })}
            />
          </Group>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <BulkUploadCard />
        <BulkPermissionsCard viewer={viewer} />
        {appSettings && <PasswordPolicyCard policy={appSettings.passwordUpdate} onSaved={onAppSettings} />}
        {viewer === 'Admin' && <MfaPolicyCard />}
        {appSettings && viewer === 'Admin' && (
          <AppSettingsCard settings={appSettings} builtInTimeout={builtInTimeout} onSaved={onAppSettings} />
        )}
        {appSettings && viewer === 'Admin' && <QuickLockCard settings={appSettings} onSaved={onAppSettings} />}
      </SimpleGrid>

      <DeleteUserModal
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => update({ page: pageAfterDelete(query.page, rows.length) })}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}

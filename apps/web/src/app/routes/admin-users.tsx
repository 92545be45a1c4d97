import type { TAppSettings } from '@rounds/contracts/settings';
import { useQueryClient } from '@tanstack/react-query';
import { UserPage } from '../../features/admin/users/components/user-page';
import { UsersListPage } from '../../features/admin/users/components/users-list-page';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../../features/auth/lib/idle';
import { useClassificationLists } from '../../features/reference/api/get-reference-list';
import { appSettingsQueryOptions, useAppSettings } from '../../features/settings/api/get-app-settings';
import { useCallingCodes } from '../../features/settings/api/get-calling-codes';
import './admin-users-texts';

const BASE_PATH = '/admin/users';

/**
 * The Users section of administration: the list, or one user's page (/admin/users/{id}, 'new' creates).
 * Composes the admin users feature with the settings and reference features it needs (features do not
 * import each other).
 */
export function AdminUsersSection({ id }: { id?: string }) {
  const client = useQueryClient();
  const appSettings = useAppSettings().data;
  const defaultTimeout = appSettings?.sessionTimeout || DEFAULT_SESSION_TIMEOUT_MINUTES;
  if (id) return <AdminUserPage id={id === 'new' ? undefined : id} defaultTimeout={defaultTimeout} />;
  return (
    <UsersListPage
      basePath={BASE_PATH}
      appSettings={appSettings}
      builtInTimeout={DEFAULT_SESSION_TIMEOUT_MINUTES}
      // The reply of a settings change is the new app settings: the whole app reads them from here.
      onAppSettings={(settings: TAppSettings) => client.setQueryData(appSettingsQueryOptions().queryKey, settings)}
    />
  );
}

function AdminUserPage({ id, defaultTimeout }: { id: string | undefined; defaultTimeout: number }) {
  const callingCodes = useCallingCodes().data ?? [];
  const lists = useClassificationLists();
  return (
    <UserPage
      key={id ?? 'new'}
      id={id}
      basePath={BASE_PATH}
      lists={lists}
      callingCodes={callingCodes}
      defaultTimeout={defaultTimeout}
    />
  );
}

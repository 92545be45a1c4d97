import type { TAdminUserListQuery } from '@rounds/contracts/admin-users';

/** Query keys of the Users section: everything under ['admin', 'users'] is refreshed together. */
export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (query: Partial<TAdminUserListQuery>) => ['admin', 'users', 'list', query] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
};

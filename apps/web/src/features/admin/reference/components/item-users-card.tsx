import { ActionIcon, Badge, Group, Select, Stack, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMINGS } from '@rounds/contracts/limits';
import { REFERENCE_KINDS, type TReferenceKind } from '@rounds/contracts/reference';
import type { TUser } from '@rounds/contracts/user';
import { IconUserMinus, IconUserPlus, IconUserSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNumbers } from '../../../../components/page-numbers';
import { PersonAvatar } from '../../../../components/person-avatar';
import { scrollable } from '../../../../components/scrollable';
import { SectionCard } from '../../../../components/section-card';
import { TableStateRow } from '../../components/table-state-row';
import { useChangeMember } from '../api/change-member';
import { useItemUsers } from '../api/get-item-users';
import { useSetUserStatus } from '../api/set-user-status';
import { pageAfterDelete, pageCount } from '../page-after-delete';
import { MEMBER_PAGE_SIZE, USER_ITEMS } from '../reference-sections';
import { SearchField } from './search-field';

type TItemUsersCardProps = {
  kind: TReferenceKind;
  id: string;
  /** 'members' lists the item's members with Remove; 'available' everyone else with Add. */
  mode: 'members' | 'available';
};

/** The Actions column stays in view while the wide members table scrolls sideways. */
const STICKY = { position: 'sticky', right: 0, background: 'var(--mantine-color-body)' } as const;

const names = (user: TUser, kind: TReferenceKind) => user[USER_ITEMS[kind]].map((item) => item.name).join(', ') || '—';

/**
 * The Members and Available users lists of an edit page (doc 2 section 2): count, search, 5 a page, and a
 * button per user to add or remove. Members show the other four classifications, the role and a status to
 * switch between Active and Inactive.
 */
export function ItemUsersCard({ kind, id, mode }: TItemUsersCardProps) {
  const { t } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  const members = mode === 'members';
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), TIMINGS.searchDebounceMs);
  const [pageOf, setPageOf] = useState({ keyword: '', page: 1 });
  const page = pageOf.keyword === keyword ? pageOf.page : 1;
  const setPage = (next: number) => setPageOf({ keyword, page: next });
  const list = useItemUsers({ kind, id, exclude: !members, keyword, page });
  const change = useChangeMember(kind, id);
  const status = useSetUserStatus(kind);
  const rows = list.data?.results ?? [];
  const total = list.data?.total ?? 0;
  const others = REFERENCE_KINDS.filter((other) => other !== kind);
  const columns = members ? 6 + others.length : 5;

  const toggle = (user: TUser) =>
    change.mutate(
      { userId: user.id, add: !members },
      // The user leaves this list: its last row on a page steps back one page.
      { onSuccess: () => setPage(pageAfterDelete(page, rows.length)) },
    );

  return (
    <SectionCard
      title={members ? t('reference.membersTitle') : t('reference.availableTitle')}
      icon={members ? IconUsers : IconUserSearch}
      aside={
        <Badge variant="light" size="lg" radius="sm" aria-label={t('reference.count', { count: total })}>
          {total}
        </Badge>
      }
    >
      <Stack gap="sm">
        <SearchField
          value={search}
          onChange={setSearch}
          label={members ? t('reference.searchMembers') : t('reference.searchAvailable')}
          placeholder={t('reference.searchPeople')}
        />
        <Table.ScrollContainer
          minWidth={members ? 800 : 560}
          {...scrollable(
            t('reference.table', { name: members ? t('reference.membersTitle') : t('reference.availableTitle') }),
          )}
        >
          <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('reference.avatar')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('reference.firstName')}</Table.Th>
                <Table.Th>{t('reference.lastName')}</Table.Th>
                {members ? (
                  <>
                    {others.map((other) => (
                      <Table.Th key={other}>{common(`classification.${other}`)}</Table.Th>
                    ))}
                    <Table.Th>{t('reference.role')}</Table.Th>
                    <Table.Th w={140}>{t('reference.status')}</Table.Th>
                  </>
                ) : (
                  <Table.Th>{t('reference.email')}</Table.Th>
                )}
                <Table.Th w={90} ta="right" style={STICKY}>
                  {t('reference.actions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => {
                const fullName = `${user.firstName} ${user.lastName}`;
                return (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <PersonAvatar name={fullName} path={user.avatar?.path} status={null} size={32} />
                    </Table.Td>
                    <Table.Td fw={600}>{user.firstName}</Table.Td>
                    <Table.Td>{user.lastName}</Table.Td>
                    {members ? (
                      <>
                        {others.map((other) => (
                          <Table.Td key={other} fz="xs" maw={180}>
                            {names(user, other)}
                          </Table.Td>
                        ))}
                        <Table.Td fz="sm">{common(`roles.${user.role}`)}</Table.Td>
                        <Table.Td>
                          <Select
                            size="xs"
                            aria-label={t('reference.statusOf', { name: fullName })}
                            allowDeselect={false}
                            value={user.active ? 'active' : 'inactive'}
                            data={[
                              { value: 'active', label: t('reference.active') },
                              { value: 'inactive', label: t('reference.inactive') },
                            ]}
                            onChange={(value) =>
                              value && status.mutate({ userId: user.id, active: value === 'active' })
                            }
                          />
                        </Table.Td>
                      </>
                    ) : (
                      <Table.Td fz="sm">{user.email}</Table.Td>
                    )}
                    <Table.Td style={STICKY}>
                      <Group justify="flex-end">
                        <Tooltip label={members ? t('reference.remove') : t('reference.add')}>
                          <ActionIcon
                            variant={members ? 'subtle' : 'light'}
                            color={members ? 'red' : undefined}
                            aria-label={
                              members
                                ? t('reference.removeUser', { name: fullName })
                                : t('reference.addUser', { name: fullName })
                            }
                            loading={change.isPending && change.variables?.userId === user.id}
                            onClick={() => toggle(user)}
                          >
                            {members ? <IconUserMinus size={18} /> : <IconUserPlus size={18} />}
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {rows.length === 0 && <TableStateRow columns={columns} pending={list.isPending} py="md" />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageNumbers
          page={page}
          pages={pageCount(total, MEMBER_PAGE_SIZE)}
          onChange={setPage}
          label={members ? t('reference.membersPages') : t('reference.availablePages')}
          previous={t('reference.previous')}
          next={t('reference.next')}
        />
      </Stack>
    </SectionCard>
  );
}

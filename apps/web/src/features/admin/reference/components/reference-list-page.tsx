import { Anchor, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMINGS } from '@rounds/contracts/limits';
import type { TReferenceItem } from '@rounds/contracts/reference';
import { ROUTES } from '@rounds/contracts/routes';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminTable, RowActions } from '../../../../components/admin-table';
import { PageNumbers } from '../../../../components/page-numbers';
import { showToast } from '../../../../lib/toast';
import { TableStateRow } from '../../components/table-state-row';
import { useDeleteReferenceItem } from '../api/delete-reference-item';
import { useReferencePage } from '../api/get-reference-page';
import { useSaveReferenceItem } from '../api/save-reference-item';
import { pageAfterDelete, pageCount } from '../page-after-delete';
import { REFERENCE_PAGE_SIZE, REFERENCE_SECTIONS, type TReferenceSection } from '../reference-sections';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { NameModal } from './name-modal';
import { SearchField } from './search-field';

/**
 * Facilities, Departments, Clinical roles, Specialties and Suffixes (doc 2 section 2): search, add through the
 * create-name modal, a table of Name, Members and Actions, 10 a page with page numbers past one page.
 */
export function ReferenceListPage({ section }: { section: TReferenceSection }) {
  const kind = REFERENCE_SECTIONS[section];
  const { t } = useTranslation('admin-sections');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), TIMINGS.searchDebounceMs);
  const [pageOf, setPageOf] = useState({ keyword: '', page: 1 });
  // A new search starts again at its first page.
  const page = pageOf.keyword === keyword ? pageOf.page : 1;
  const setPage = (next: number) => setPageOf({ keyword, page: next });
  const list = useReferencePage(kind, keyword, page);
  const save = useSaveReferenceItem(kind);
  const remove = useDeleteReferenceItem(kind);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TReferenceItem | null>(null);
  const rows = list.data?.results ?? [];
  const total = list.data?.total ?? 0;
  const title = t(`kinds.${kind}.title`);
  const editPath = (id: string) => `${ROUTES.admin}/${section}/${id}`;

  const create = (name: string) =>
    save.mutate(
      { name },
      {
        onSuccess: () => {
          showToast(t(`kinds.${kind}.created`), 'success');
          setCreating(false);
        },
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showToast(t(`kinds.${kind}.deleted`), 'success');
        setDeleting(null);
        setPage(pageAfterDelete(page, rows.length));
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchField
          value={search}
          onChange={setSearch}
          label={t(`kinds.${kind}.search`)}
          placeholder={t('reference.searchPlaceholder')}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t(`kinds.${kind}.add`)}
        </Button>
      </Group>

      <AdminTable
        label={t('reference.table', { name: title })}
        minWidth={420}
        busy={list.isFetching}
        head={
          <>
            <Table.Th>{t('reference.name')}</Table.Th>
            <Table.Th w={140}>{t('reference.members')}</Table.Th>
            <Table.Th w={120} ta="right">
              {t('reference.actions')}
            </Table.Th>
          </>
        }
      >
        {rows.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Anchor component={Link} to={editPath(item.id)} fw={600} c="var(--mantine-color-text)">
                {item.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" radius="sm">
                {item.members ?? 0}
              </Badge>
            </Table.Td>
            <Table.Td>
              <RowActions
                edit={{
                  tip: t('reference.edit'),
                  label: t('reference.editItem', { name: item.name }),
                  to: editPath(item.id),
                }}
                remove={{
                  tip: t('reference.delete'),
                  label: t('reference.deleteItem', { name: item.name }),
                  onClick: () => setDeleting(item),
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
        {rows.length === 0 && <TableStateRow columns={3} pending={list.isPending} />}
      </AdminTable>

      <PageNumbers
        page={page}
        pages={pageCount(total, REFERENCE_PAGE_SIZE)}
        onChange={setPage}
        label={t('reference.pages')}
        previous={t('reference.previous')}
        next={t('reference.next')}
        summary={t('reference.total', { count: total })}
      />

      <NameModal
        opened={creating}
        title={t(`kinds.${kind}.new`)}
        busy={save.isPending}
        onClose={() => setCreating(false)}
        onSubmit={create}
      />
      <ConfirmDeleteModal
        name={deleting?.name ?? null}
        title={t(`kinds.${kind}.deleteTitle`)}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

import type { ComboboxItem } from '@mantine/core';
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMINGS } from '@rounds/contracts/limits';
import type { TDutyRole } from '@rounds/contracts/on-call';
import { IconFileImport, IconPlus, IconSearch, IconStairsUp } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, RowActions, TableStateRow } from '../../../components/admin-table';
import { ConfirmItemModal } from '../../../components/confirm-modal';
import { FormActions } from '../../../components/form-actions';
import { FormModal } from '../../../components/form-modal';
import { PageNumbers } from '../../../components/page-numbers';
import { showToast } from '../../../lib/toast';
import { useDutyRoles } from '../api/get-duty-roles';
import { useRetireDutyRole } from '../api/retire-duty-role';
import { type TDutyRoleForm, useSaveDutyRole } from '../api/save-duty-role';
import { EscalationPolicyModal } from './escalation-policy-modal';
import { ScheduleImportModal } from './schedule-import-modal';
import '../texts';

const PAGE_SIZE = 10;

/** A facility or department as the selects list it (Mantine's own item). */
type TOption = ComboboxItem;

type TDutyRolesAdminProps = {
  /** The facilities this administrator may give a role (an Admin: all; a FacilityAdmin: theirs). */
  facilities: readonly TOption[];
  departments: readonly TOption[];
};

/**
 * Administration › On-call roles (issue 25), in the style of the reference lists: search and a facility
 * filter, Add through a modal (name, facility, department, time zone), a table of Name, Facility, Held by
 * and Actions (edit, retire), 10 a page.
 */
export function DutyRolesAdmin({ facilities, departments }: TDutyRolesAdminProps) {
  const { t } = useTranslation('on-call');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), TIMINGS.searchDebounceMs);
  const [facility, setFacility] = useState<string | null>(null);
  const [pageOf, setPageOf] = useState({ key: '', page: 1 });
  const key = `${keyword}|${facility ?? ''}`;
  const page = pageOf.key === key ? pageOf.page : 1;
  const list = useDutyRoles({ facilityIds: facility ? [facility] : [], keyword, page, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<TDutyRole | 'new' | null>(null);
  const [retiring, setRetiring] = useState<TDutyRole | null>(null);
  const [escalating, setEscalating] = useState<TDutyRole | null>(null);
  const [importing, setImporting] = useState(false);
  const retire = useRetireDutyRole();
  const rows = list.data?.results ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
          <TextInput
            aria-label={t('admin.search')}
            placeholder={t('admin.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            rightSection={
              search ? <CloseButton size="sm" aria-label={t('admin.search')} onClick={() => setSearch('')} /> : null
            }
            style={{ flex: 1, minWidth: 200, maxWidth: 360 }}
          />
          <Select
            aria-label={t('admin.facility')}
            placeholder={t('admin.allFacilities')}
            data={[...facilities]}
            value={facility}
            onChange={setFacility}
            clearable
            searchable
            style={{ minWidth: 200 }}
          />
        </Group>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            {t('import.open')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('admin.add')}
          </Button>
        </Group>
      </Group>

      <AdminTable
        label={t('admin.table')}
        minWidth={560}
        busy={list.isFetching}
        head={
          <>
            <Table.Th>{t('admin.name')}</Table.Th>
            <Table.Th>{t('admin.facility')}</Table.Th>
            <Table.Th>{t('admin.holders')}</Table.Th>
            <Table.Th w={150} ta="right">
              {t('admin.actions')}
            </Table.Th>
          </>
        }
      >
        {rows.map((role) => (
          <Table.Tr key={role.id}>
            <Table.Td>
              <Text fw={600} fz="sm">
                {role.name}
              </Text>
              {role.departmentName && (
                <Text fz="xs" c="dimmed">
                  {role.departmentName}
                </Text>
              )}
            </Table.Td>
            <Table.Td fz="sm">{role.facilityName}</Table.Td>
            <Table.Td>
              {role.holders.length ? (
                <Text fz="sm">{role.holders.map((h) => h.fullName).join(', ')}</Text>
              ) : (
                <Badge variant="light" color="orange" radius="sm" tt="none">
                  {t('list.unheld')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <RowActions
                edit={{
                  tip: t('admin.edit'),
                  label: t('admin.editItem', { name: role.name }),
                  onClick: () => setEditing(role),
                }}
                remove={{
                  tip: t('admin.retire'),
                  label: t('admin.retireItem', { name: role.name }),
                  onClick: () => setRetiring(role),
                }}
              >
                <Tooltip label={t('escalation.policy.open')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('escalation.policy.openItem', { name: role.name })}
                    onClick={() => setEscalating(role)}
                  >
                    <IconStairsUp size={18} stroke={1.7} />
                  </ActionIcon>
                </Tooltip>
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
        {rows.length === 0 && (
          <TableStateRow columns={4} pending={list.isPending} loading={t('admin.loading')} empty={t('admin.empty')} />
        )}
      </AdminTable>

      <PageNumbers
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onChange={(next) => setPageOf({ key, page: next })}
        label={t('admin.pages')}
        previous={t('admin.previous')}
        next={t('admin.next')}
        summary={t('admin.total', { count: total })}
      />

      {editing !== null && (
        <DutyRoleModal
          role={editing === 'new' ? null : editing}
          facilities={facilities}
          departments={departments}
          onClose={() => setEditing(null)}
        />
      )}
      {escalating && <EscalationPolicyModal role={escalating} onClose={() => setEscalating(null)} />}
      {importing && <ScheduleImportModal facilities={facilities} onClose={() => setImporting(false)} />}
      <ConfirmItemModal
        item={retiring}
        title={t('admin.retireTitle')}
        body={t('admin.retireText', { name: retiring?.name ?? '' })}
        confirm={t('admin.retire')}
        cancel={t('admin.cancel')}
        action={retire}
        done={t('admin.retired')}
        onClose={() => setRetiring(null)}
      />
    </Stack>
  );
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const ZONES: string[] = (() => {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes(browserZone()) ? all : [browserZone(), ...all];
})();

/** Create (name, facility, department, time zone) or edit (name, department) one role. */
function DutyRoleModal({
  role,
  facilities,
  departments,
  onClose,
}: {
  role: TDutyRole | null;
  facilities: readonly TOption[];
  departments: readonly TOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation('on-call');
  const { t: common } = useTranslation();
  const save = useSaveDutyRole();
  const [form, setForm] = useState<TDutyRoleForm>({
    name: role?.name ?? '',
    facilityId: role?.facilityId ?? (facilities.length === 1 ? facilities[0]!.value : ''),
    departmentId: role?.departmentId ?? null,
    timeZone: role?.timeZone ?? browserZone(),
  });
  const [touched, setTouched] = useState(false);
  const nameError = touched && !form.name.trim() ? common('Required') : undefined;
  const facilityError = touched && !form.facilityId ? common('Required') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!form.name.trim() || !form.facilityId) return;
    save.mutate(
      { id: role?.id, form: { ...form, name: form.name.trim() } },
      {
        onSuccess: () => {
          showToast(role ? t('admin.saved') : t('admin.created'), 'success');
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={role ? t('admin.rename') : t('admin.new')}
      centered
      radius="lg"
      onSubmit={submit}
    >
      <TextInput
        label={t('admin.name')}
        required
        data-autofocus
        maxLength={100}
        value={form.name}
        error={nameError}
        onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
      />
      <Select
        label={t('admin.facility')}
        required
        searchable
        disabled={role !== null}
        data={[...facilities]}
        value={form.facilityId || null}
        error={facilityError}
        onChange={(value) => setForm({ ...form, facilityId: value ?? '' })}
      />
      <Select
        label={t('admin.department')}
        placeholder={t('admin.noDepartment')}
        clearable
        searchable
        data={[...departments]}
        value={form.departmentId}
        onChange={(value) => setForm({ ...form, departmentId: value })}
      />
      <Select
        label={t('admin.timeZone')}
        searchable
        disabled={role !== null}
        data={ZONES}
        value={form.timeZone}
        onChange={(value) => setForm({ ...form, timeZone: value ?? browserZone() })}
      />
      <FormActions cancelLabel={t('admin.cancel')} onCancel={onClose} loading={save.isPending}>
        {role ? t('admin.save') : t('admin.create')}
      </FormActions>
    </FormModal>
  );
}

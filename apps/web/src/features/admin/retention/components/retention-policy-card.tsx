import { Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import {
  RETENTION_LIMITS,
  RETENTION_ROOM_TYPES,
  type TRetentionPolicy,
  type TRetentionRoomType,
} from '@rounds/contracts/compliance';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '../../../../components/card-heading';
import { showToast } from '../../../../lib/toast';
import { useRetention } from '../api/get-retention';
import { useSaveRetention } from '../api/save-retention';

type TMode = 'default' | 'forever' | 'days';
type TRow = { mode: TMode; days: number | string };
type TForm = Record<'default' | TRetentionRoomType, TRow>;

const rowOf = (days: number | null | undefined, inherits: boolean): TRow =>
  days === undefined && inherits
    ? { mode: 'default', days: 30 }
    : days === null || days === undefined
      ? { mode: 'forever', days: 30 }
      : { mode: 'days', days };

const formOf = (policy: TRetentionPolicy): TForm => ({
  default: rowOf(policy.defaultDays, false),
  direct: rowOf(policy.rooms.direct, true),
  group: rowOf(policy.rooms.group, true),
});

const daysOf = (row: TRow) => (row.mode === 'days' ? Number(row.days) : null);

function policyOf(form: TForm): TRetentionPolicy {
  const rooms: TRetentionPolicy['rooms'] = {};
  for (const type of RETENTION_ROOM_TYPES) if (form[type].mode !== 'default') rooms[type] = daysOf(form[type]);
  return { defaultDays: daysOf(form.default), rooms };
}

/** The hospital's retention policy: a default (forever, or days) and, per room type, the default or its own. */
export function RetentionPolicyCard() {
  const { t, i18n } = useTranslation('admin-sections');
  const retention = useRetention();
  const save = useSaveRetention();
  const [form, setForm] = useState<TForm | null>(null);
  useEffect(() => {
    if (retention.data && form === null) setForm(formOf(retention.data.policy));
  }, [retention.data, form]);
  const last = retention.data?.lastSweep;
  const date = (at: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);

  const set = (key: keyof TForm, row: Partial<TRow>) =>
    setForm((f) => (f ? { ...f, [key]: { ...f[key], ...row } } : f));
  const invalid = (row: TRow) =>
    row.mode === 'days' &&
    !(
      Number.isInteger(Number(row.days)) &&
      Number(row.days) >= RETENTION_LIMITS.daysMin &&
      Number(row.days) <= RETENTION_LIMITS.daysMax
    );

  const rows: { key: keyof TForm; label: string }[] = [
    { key: 'default', label: t('retention.default') },
    { key: 'direct', label: t('retention.direct') },
    { key: 'group', label: t('retention.group') },
  ];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <CardHeading title={t('retention.policyTitle')} help={t('retention.policyHelp')} />
        {form &&
          rows.map(({ key, label }) => (
            <Group key={key} gap="sm" align="flex-end" wrap="wrap">
              <Select
                w={{ base: '100%', xs: 260 }}
                label={label}
                allowDeselect={false}
                value={form[key].mode}
                onChange={(mode) => set(key, { mode: (mode ?? 'forever') as TMode })}
                data={[
                  ...(key === 'default' ? [] : [{ value: 'default', label: t('retention.useDefault') }]),
                  { value: 'forever', label: t('retention.forever') },
                  { value: 'days', label: t('retention.days') },
                ]}
              />
              {form[key].mode === 'days' && (
                <NumberInput
                  w={140}
                  label={t('retention.daysLabel')}
                  aria-label={t('retention.daysOf', { label })}
                  min={RETENTION_LIMITS.daysMin}
                  max={RETENTION_LIMITS.daysMax}
                  allowDecimal={false}
                  value={form[key].days}
                  onChange={(days) => set(key, { days })}
                  error={invalid(form[key]) ? t('retention.daysRange', RETENTION_LIMITS) : undefined}
                />
              )}
            </Group>
          ))}
        <Group justify="space-between" align="center" gap="sm">
          <Text fz="sm" c="dimmed" data-testid="last-sweep">
            {last
              ? t('retention.lastSweep', {
                  date: date(last.at),
                  messages: last.messages,
                  files: last.files,
                  entries: last.indexEntries,
                  held: last.held,
                })
              : t('retention.noSweep')}
          </Text>
          <Button
            loading={save.isPending}
            disabled={!form || rows.some(({ key }) => invalid(form[key]))}
            onClick={() =>
              form &&
              save.mutate(policyOf(form), {
                onSuccess: (reply) => {
                  setForm(formOf(reply.data.policy));
                  showToast(t('retention.saved'), 'success');
                },
              })
            }
          >
            {t('retention.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

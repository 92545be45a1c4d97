import { Button, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_UPDATE_PERIODS, type TAppSettings, type TPasswordUpdate } from '@rounds/contracts/settings';
import { IconLockCog } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { usePasswordPolicy } from '../api/update-settings';
import { frequencyInput, policyChanged, policyValid, policyValues, type TPolicyValues } from '../lib/settings-form';

type TPasswordPolicyCardProps = {
  policy: TPasswordUpdate;
  onSaved: (settings: TAppSettings) => void;
};

/**
 * Password update policy (doc 2 sections 4, 5, 7): Active/Inactive, every N days, weeks, months or years.
 * Submit is enabled only after a change; the frequency is disabled while the policy is inactive.
 */
export function PasswordPolicyCard({ policy, onSaved }: TPasswordPolicyCardProps) {
  const { t } = useTranslation('adminUsers');
  const [values, setValues] = useState<TPolicyValues>(() => policyValues(policy));
  const save = usePasswordPolicy(onSaved);

  // The saved policy changed (this save, or another administrator): follow it unless edited here.
  const [shown, setShown] = useState(policy);
  if (shown !== policy) {
    if (!policyChanged(values, shown)) setValues(policyValues(policy));
    setShown(policy);
  }
  const changed = policyChanged(values, policy);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || !policyValid(values)) return;
    save.mutate(
      {
        active: values.active,
        frequency: Number(values.frequency || policy.frequency),
        period: values.period,
        changed: true,
      },
      { onSuccess: (_, sent) => setValues({ ...values, frequency: String(sent.frequency) }) },
    );
  };

  return (
    <SectionCard
      icon={IconLockCog}
      title={t('policy.title')}
      description={t('policy.description')}
      id="password-policy"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('policy.state')}
            value={values.active ? 'active' : 'inactive'}
            onChange={(value) => setValues({ ...values, active: value === 'active' })}
            data={[
              { value: 'active', label: t('status.active') },
              { value: 'inactive', label: t('status.inactive') },
            ]}
            fullWidth
            maw={320}
          />
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('policy.frequency')}
              inputMode="numeric"
              maxLength={3}
              w={110}
              value={values.frequency}
              disabled={!values.active}
              onChange={(event) => setValues({ ...values, frequency: frequencyInput(event.currentTarget.value) })}
              error={values.active && values.frequency === '' ? t('policy.frequencyRequired') : undefined}
            />
            <NativeSelect
              label={t('policy.period')}
              w={150}
              value={values.period}
              disabled={!values.active}
              onChange={(event) =>
                setValues({ ...values, period: event.currentTarget.value as TPolicyValues['period'] })
              }
              data={PASSWORD_UPDATE_PERIODS.map((period) => ({ value: period, label: t(`policy.periods.${period}`) }))}
            />
          </Group>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {values.active
                ? t('policy.summary', {
                    frequency: values.frequency || '—',
                    period: t(`policy.periods.${values.period}`),
                  })
                : t('policy.off')}
            </Text>
            <Button type="submit" disabled={!changed || !policyValid(values)} loading={save.isPending}>
              {t('policy.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

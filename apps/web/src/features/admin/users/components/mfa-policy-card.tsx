import { SegmentedControl, Stack, Text } from '@mantine/core';
import { MFA_POLICIES, type TMfaPolicy } from '@rounds/contracts/mfa';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { showToast } from '../../../../lib/toast';
import { useMfaPolicy, useSetMfaPolicy } from '../api/mfa-policy';

/**
 * Two-step sign-in policy (issue 26), beside the password policy: Admins and FacilityAdmins (the default),
 * everyone, or nobody. Saved on choice; whoever it newly covers sets up an authenticator at their next sign-in.
 */
export function MfaPolicyCard() {
  const { t } = useTranslation('adminUsers');
  const policy = useMfaPolicy();
  const save = useSetMfaPolicy();
  return (
    <SectionCard icon={IconShieldLock} title={t('mfa.title')} description={t('mfa.description')} id="mfa-policy">
      <Stack gap="xs">
        <Text fz="sm" fw={500} id="mfa-policy-label">
          {t('mfa.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="mfa-policy-label"
          value={policy.data ?? 'admins'}
          disabled={!policy.data || save.isPending}
          onChange={(value) =>
            save.mutate(value as TMfaPolicy, { onSuccess: () => showToast(t('mfa.saved'), 'success') })
          }
          data={MFA_POLICIES.map((value) => ({ value, label: t(`mfa.${value}`) }))}
          orientation="vertical"
          fullWidth
        />
      </Stack>
    </SectionCard>
  );
}

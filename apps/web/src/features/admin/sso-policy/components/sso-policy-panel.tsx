import { Alert, Loader, Switch } from '@mantine/core';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { showToast } from '../../../../lib/toast';
import { useSsoPolicy, useUpdateSsoPolicy } from '../api/sso-policy';

/**
 * Administration (Admin only, shown when the server offers single sign-on): SSO as the only way in. The
 * break-glass local Admin still signs in with a password, so a provider that is down never locks everyone out.
 * Texts in the 'admin-sections' namespace.
 */
export function SsoPolicyPanel() {
  const { t } = useTranslation('admin-sections');
  const policy = useSsoPolicy();
  const update = useUpdateSsoPolicy();
  return (
    <SectionCard id="sso-policy" icon={IconBuildingHospital} title={t('ssoPolicy.title')}>
      {policy.isPending && <Loader size="sm" />}
      {policy.isError && <Alert color="red">{t('ssoPolicy.failed')}</Alert>}
      {policy.data && (
        <Switch
          checked={update.isPending ? update.variables : policy.data.ssoOnly}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(event.currentTarget.checked, {
              onSuccess: () => showToast(t('ssoPolicy.saved'), 'success'),
            })
          }
          label={t('ssoPolicy.only')}
          description={t('ssoPolicy.hint')}
        />
      )}
    </SectionCard>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import type { TRole } from '@rounds/contracts/common';
import type { TPermissionKey } from '@rounds/contracts/user-permissions';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { useSetPermissionForAll } from '../api/set-permission';
import { bulkPermissions } from '../lib/permissions';

/** A permission's two buttons: Activate for everyone, then Deactivate for everyone. */
const SETTINGS = [
  { value: true, variant: 'light', label: 'bulkPermissions.activate' },
  { value: false, variant: 'default', label: 'bulkPermissions.deactivate' },
] as const;

/**
 * Bulk action panels (doc 2 sections 4 and 6): one permission for all users, Activate or Deactivate. Message
 * delete and speech to text are offered to Admin viewers only.
 */
export function BulkPermissionsCard({ viewer }: { viewer: TRole | undefined }) {
  const { t } = useTranslation('adminUsers');
  const setAll = useSetPermissionForAll();
  const busy = (permission: TPermissionKey, value: boolean) =>
    setAll.isPending && setAll.variables?.permission === permission && setAll.variables.value === value;
  return (
    <SectionCard
      icon={IconShieldCheck}
      title={t('bulkPermissions.title')}
      description={t('bulkPermissions.description')}
      id="bulk-permissions"
    >
      <Stack gap={0}>
        {bulkPermissions(viewer).map((permission) => (
          <Group
            key={permission}
            justify="space-between"
            gap="sm"
            py={8}
            wrap="wrap"
            role="group"
            aria-label={t(`permissions.${permission}`)}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text fz="sm" fw={600}>
              {t(`permissions.${permission}`)}
            </Text>
            <Group gap="xs">
              {SETTINGS.map(({ value, variant, label }) => (
                <Button
                  key={label}
                  size="xs"
                  variant={variant}
                  loading={busy(permission, value)}
                  disabled={setAll.isPending && !busy(permission, value)}
                  onClick={() => setAll.mutate({ permission, value })}
                >
                  {t(label)}
                </Button>
              ))}
            </Group>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}

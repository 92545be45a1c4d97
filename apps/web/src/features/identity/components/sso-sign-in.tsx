import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { IconBuildingHospital, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SSO_START_URL, useSsoStatus } from '../api/get-sso-status';

/**
 * "Sign in with <hospital>" above the password form, when the server is configured for single sign-on. The
 * button is a link: the browser goes to the server, which sends it on to the provider. A provider that does not
 * answer turns the button off and says so; the password form below keeps working.
 */
export function SsoSignIn() {
  const { t } = useTranslation();
  const { data } = useSsoStatus();
  if (!data?.enabled) return null;
  const label = t('auth.sso.signInWith', { label: data.label });
  return (
    <Stack gap="md" mb="md">
      {data.available ? (
        <Button
          component="a"
          href={SSO_START_URL}
          size="md"
          fullWidth
          leftSection={<IconBuildingHospital size={20} />}
          data-testid="sso-sign-in"
        >
          {label}
        </Button>
      ) : (
        <>
          <Button
            size="md"
            fullWidth
            disabled
            leftSection={<IconBuildingHospital size={20} />}
            data-testid="sso-sign-in"
          >
            {label}
          </Button>
          <Alert color="orange" variant="light" role="status" icon={<IconPlugConnectedX size={18} />}>
            {t(data.only ? 'auth.sso.unavailableOnly' : 'auth.sso.unavailable', { label: data.label })}
          </Alert>
        </>
      )}
      {data.only && (
        <Text fz="sm" c="dimmed" ta="center">
          {t('auth.sso.onlyNote')}
        </Text>
      )}
      <Divider label={t('auth.sso.orPassword')} labelPosition="center" />
    </Stack>
  );
}

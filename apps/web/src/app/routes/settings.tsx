import { Avatar, Badge, Button, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ROUTES } from '@rounds/contracts/routes';
import { IconAdjustmentsHorizontal, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SectionCard } from '../../components/section-card';
import { AvatarCard } from '../../features/account/components/avatar-card';
import { ContactCard } from '../../features/account/components/contact-card';
import { PasswordChangeForm } from '../../features/account/components/password-change-form';
import { PreferencesPanel } from '../../features/account/components/preferences-panel';
import { ProfileForm } from '../../features/account/components/profile-form';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../../features/auth/lib/idle';
import { MfaSettingsPanel } from '../../features/identity/components/mfa-settings-panel';
import { QuickUnlockPanel } from '../../features/identity/components/quick-unlock-panel';
import { SignedInDevicesPanel } from '../../features/identity/components/signed-in-devices-panel';
import { NotificationsPanel } from '../../features/push/components/notifications-panel';
import { useClassificationLists } from '../../features/reference/api/get-reference-list';
import { useAppSettings } from '../../features/settings/api/get-app-settings';
import { useCallingCodes } from '../../features/settings/api/get-calling-codes';
import { useScreenLock } from '../../lib/screen-lock-store';
import { useSession } from '../../lib/session-store';
import { disconnectSocket } from '../../lib/socket';
import { showToast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { logout } from '../session/end-session';
import { endSessionLocally, sendLogoutSignal } from '../session/local-session';

type TTab = 'settings' | 'account';

/** Settings, with its two tabs Settings and Account (spec doc 1 section 2). The tab is in the URL (?tab=). */
export function SettingsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('pages.settings'));
  const user = useSession((s) => s.user);
  const [params, setParams] = useSearchParams();
  const tab: TTab = params.get('tab') === 'account' ? 'account' : 'settings';
  const [leaving, setLeaving] = useState(false);
  // On a phone the logout button beside the name card was hit by mistake: it goes to the end of the page.
  const phone = useMediaQuery('(max-width: 767.98px)');
  const appSettings = useAppSettings().data;
  const callingCodes = useCallingCodes();
  const lists = useClassificationLists();
  const lockNow = useScreenLock((s) => s.lock);
  if (!user) return null;

  const onLogout = async () => {
    setLeaving(true);
    await logout();
    navigate(ROUTES.login, { replace: true });
  };
  // This device's session ended from the devices list: the server has ended it already; every tab of this
  // browser signs out, as after a logout, without ending the account's other sessions.
  const onEndedCurrent = () => {
    sendLogoutSignal(user.id, 'logout');
    disconnectSocket();
    endSessionLocally();
    navigate(ROUTES.login, { replace: true });
  };
  const logoutButton = (
    <Button
      variant="light"
      color="red"
      leftSection={<IconLogout size={18} stroke={1.8} />}
      onClick={onLogout}
      loading={leaving}
      fullWidth={phone}
    >
      {t('settings.logout')}
    </Button>
  );

  return (
    <Container size={880} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} className="settings-header">
          <Group justify="space-between" align="center" gap="md" wrap="wrap">
            <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar
                src={user.avatar?.path ?? null}
                alt=""
                size={56}
                radius={56}
                color="initials"
                name={user.fullName}
              />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Title order={1} fz="h3" lineClamp={1}>
                  {`${user.firstName} ${user.lastName}`.trim()}
                </Title>
                <Group gap={8} wrap="wrap">
                  <Text fz="sm" c="dimmed" truncate="end" maw={320}>
                    {user.email}
                  </Text>
                  <Badge variant="light" size="sm" radius="sm">
                    {t(`roles.${user.role}`)}
                  </Badge>
                </Group>
              </Stack>
            </Group>
            {!phone && logoutButton}
          </Group>
        </Paper>

        <Tabs
          value={tab}
          onChange={(value) => setParams(value === 'account' ? { tab: 'account' } : {}, { replace: true })}
          variant="pills"
          radius="md"
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="settings" leftSection={<IconAdjustmentsHorizontal size={18} stroke={1.7} />}>
              {t('settings.tabSettings')}
            </Tabs.Tab>
            <Tabs.Tab value="account" leftSection={<IconUserCircle size={18} stroke={1.7} />}>
              {t('settings.tabAccount')}
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="settings">
            <Stack gap="lg">
              <PreferencesPanel />
              <NotificationsPanel />
              <QuickUnlockPanel onLockNow={lockNow} />
              <MfaSettingsPanel />
              <SignedInDevicesPanel onEndedCurrent={onEndedCurrent} />
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="account">
            <Stack gap="lg">
              <AvatarCard />
              <ProfileForm
                user={user}
                lists={lists}
                defaultTimeout={appSettings?.sessionTimeout || DEFAULT_SESSION_TIMEOUT_MINUTES}
                showTimeout
              />
              <SectionCard icon={IconKey} title={t('account.password')} description={t('account.passwordHint')}>
                <PasswordChangeForm
                  onChanged={(message) => showToast(message || t('passwordUpdate.done'), 'success')}
                />
              </SectionCard>
              <ContactCard user={user} callingCodes={callingCodes.data ?? []} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {phone && (
          <Paper withBorder radius="lg" p="md" mt="xl">
            {logoutButton}
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

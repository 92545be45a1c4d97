import { ActionIcon, Alert, Badge, Button, Group, List, Loader, Stack, Switch, Text, Tooltip } from '@mantine/core';
import type { TPushDevice } from '@rounds/contracts/push';
import { IconBellRinging, IconDeviceMobile, IconSend, IconShare2, IconTrash } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DeviceList, DeviceRow } from '../../../components/device-list';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { usePushDevices } from '../api/get-devices';
import { useRemovePushDevice } from '../api/remove-device';
import { useSendTestPush } from '../api/send-test';
import '../push-texts';
import { disableDeviceNotifications, enableDeviceNotifications } from '../lib/device-subscription';
import { pushSupport, type TPushSupport } from '../lib/push-support';

function currentSupport(): TPushSupport {
  const nav = navigator as Navigator & { standalone?: boolean };
  return pushSupport({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    permission: 'Notification' in window ? Notification.permission : undefined,
    standalone: nav.standalone === true || window.matchMedia('(display-mode: standalone)').matches,
  });
}

// The permission can change in the browser's site settings while the page is open.
let version = 0;
function subscribePermission(onChange: () => void): () => void {
  const bump = () => {
    version += 1;
    onChange();
  };
  window.addEventListener('focus', bump);
  return () => window.removeEventListener('focus', bump);
}

function useSupport(): TPushSupport {
  useSyncExternalStore(
    subscribePermission,
    () => version,
    () => 0,
  );
  return currentSupport();
}

/**
 * Settings' Notifications panel (issue 24): turn notifications on for this device, after a sentence that says
 * why (the browser asks for its permission only when the switch is turned on, never on page load), send a test,
 * see and remove this account's devices; on an iPhone or iPad in Safari, the steps to add Rounds to the Home
 * Screen first (Web Push there works only for an app opened from it).
 */
export function NotificationsPanel() {
  const { t } = useTranslation('push');
  const userId = useSession((s) => s.user?.id);
  const support = useSupport();
  const devices = usePushDevices();
  const test = useSendTestPush();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [, rerender] = useState(0);
  const thisDevice = devices.data?.find((device) => device.current);
  const granted = support.kind === 'supported' && support.permission === 'granted';
  const on = granted && Boolean(thisDevice);

  const toggle = async (next: boolean) => {
    if (!userId) return;
    setBusy(true);
    setProblem(null);
    try {
      if (next) {
        const permission = await enableDeviceNotifications(userId);
        if (permission === 'denied') setProblem(t('blocked'));
        else if (permission === 'granted') showToast(t('enabled'), 'success');
      } else {
        await disableDeviceNotifications();
        showToast(t('disabled'), 'success');
      }
    } catch (error) {
      setProblem(error instanceof ApiError && error.message ? error.message : t('failed'));
    } finally {
      setBusy(false);
      rerender((n) => n + 1);
      void devices.refetch();
    }
  };

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: () => showToast(t('testSent'), 'success'),
    });

  return (
    <SectionCard
      id="device-notifications"
      icon={IconBellRinging}
      title={t('title')}
      description={t('why')}
      aside={
        on ? (
          <Badge variant="light" color="teal">
            {t('onBadge')}
          </Badge>
        ) : undefined
      }
    >
      {support.kind === 'ios-home-screen' && <HomeScreenSteps />}
      {support.kind === 'unsupported' && (
        <Alert color="gray" variant="light">
          {t('unsupported')}
        </Alert>
      )}
      {support.kind === 'supported' && (
        <Stack gap="sm">
          <Switch
            size="md"
            checked={on}
            disabled={busy}
            onChange={(event) => void toggle(event.currentTarget.checked)}
            label={t('switch')}
            description={t('switchHint')}
            thumbIcon={busy ? <Loader size={10} /> : undefined}
          />
          {support.permission === 'denied' && !problem && (
            <Alert color="orange" variant="light">
              {t('blocked')}
            </Alert>
          )}
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group>
            <Button
              variant="default"
              leftSection={<IconSend size={16} stroke={1.8} />}
              disabled={!on}
              loading={test.isPending}
              onClick={sendTest}
            >
              {t('test')}
            </Button>
          </Group>
        </Stack>
      )}
      <PushDevices
        devices={devices.data}
        failed={devices.isError}
        loading={devices.isPending}
        // This device's own entry is the switch turned off: the browser's subscription goes too.
        onRemoveCurrent={() => void toggle(false)}
      />
    </SectionCard>
  );
}

/** iPhone and iPad: Web Push only for Rounds opened from the Home Screen (iOS 16.4 and later). */
function HomeScreenSteps() {
  const { t } = useTranslation('push');
  return (
    <Alert color="blue" variant="light" title={t('ios.title')} icon={<IconDeviceMobile size={20} />}>
      <List type="ordered" spacing={4} fz="sm">
        <List.Item>
          <Trans
            i18nKey="ios.share"
            ns="push"
            components={{
              icon: <IconShare2 size={16} aria-label={t('ios.shareButton')} style={{ verticalAlign: -3 }} />,
            }}
          />
        </List.Item>
        <List.Item>{t('ios.add')}</List.Item>
        <List.Item>{t('ios.open')}</List.Item>
      </List>
    </Alert>
  );
}

type TPushDevicesProps = { devices?: TPushDevice[]; failed: boolean; loading: boolean; onRemoveCurrent: () => void };

function PushDevices({ devices, failed, loading, onRemoveCurrent }: TPushDevicesProps) {
  const { t, i18n } = useTranslation('push');
  const remove = useRemovePushDevice();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Stack gap={6}>
      <Text fw={600} fz="sm">
        {t('devices')}
      </Text>
      {loading && <Loader size="sm" />}
      {failed && (
        <Text fz="sm" c="dimmed">
          {t('devicesFailed')}
        </Text>
      )}
      {devices?.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('noDevices')}
        </Text>
      )}
      {devices && devices.length > 0 && (
        <DeviceList label={t('devices')}>
          {devices.map((device) => (
            <DeviceRow
              key={device.id}
              name={device.label || t('unknownDevice')}
              thisDevice={device.current ? t('thisDevice') : undefined}
              details={
                <Text fz="xs" c="dimmed">
                  {t('since', { date: date.format(device.createdAt) })}
                </Text>
              }
              action={
                <Tooltip label={t('remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('removeDevice', { device: device.label || t('unknownDevice') })}
                    loading={remove.isPending && remove.variables === device.id}
                    onClick={() =>
                      device.current
                        ? onRemoveCurrent()
                        : remove.mutate(device.id, { onSuccess: () => showToast(t('removed'), 'success') })
                    }
                  >
                    <IconTrash size={18} stroke={1.7} />
                  </ActionIcon>
                </Tooltip>
              }
            />
          ))}
        </DeviceList>
      )}
    </Stack>
  );
}

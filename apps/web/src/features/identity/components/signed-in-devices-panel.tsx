import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { TDeviceSession } from '@rounds/contracts/auth';
import { IconDevices, IconLogout2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DeviceList, DeviceRow } from '../../../components/device-list';
import { SectionCard } from '../../../components/section-card';
import { showToast } from '../../../lib/toast';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useDeviceSessions } from '../api/get-sessions';
import { lastSeenText } from '../lib/last-seen';
import '../sessions-texts';

type TProps = {
  /** This device's own session was ended here: the page signs this browser out (app/ composes how). */
  onEndedCurrent: () => void;
};

/**
 * Settings' signed-in devices (issue 26): every browser this account is signed in on, with where and when it
 * was last seen; End signs one out at once (its sockets close, its notifications stop), after a confirmation,
 * and "Sign out all other devices" does it for every one but this.
 */
export function SignedInDevicesPanel({ onEndedCurrent }: TProps) {
  const { t } = useTranslation('sessions');
  const sessions = useDeviceSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [asking, setAsking] = useState<TDeviceSession | 'others' | null>(null);
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const name = (s: TDeviceSession) => (s.label === 'Browser' ? t('unknownBrowser') : s.label);

  const confirm = () => {
    if (asking === 'others') {
      endOthers.mutate(undefined, {
        onSuccess: () => showToast(t('othersEnded'), 'success'),
        onSettled: () => setAsking(null),
      });
    } else if (asking) {
      const current = asking.current;
      end.mutate(asking.id, {
        onSuccess: () => (current ? onEndedCurrent() : showToast(t('ended'), 'success')),
        onSettled: () => setAsking(null),
      });
    }
  };

  return (
    <SectionCard id="signed-in-devices" icon={IconDevices} title={t('title')} description={t('why')}>
      {sessions.isPending && <Loader size="sm" />}
      {sessions.isError && (
        <Text fz="sm" c="dimmed">
          {t('failed')}
        </Text>
      )}
      {sessions.data && (
        <Stack gap="sm">
          <DeviceList label={t('title')}>
            {sessions.data.map((s) => (
              <SessionRow key={s.id} session={s} name={name(s)} onEnd={() => setAsking(s)} />
            ))}
          </DeviceList>
          {others.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('onlyThisOne')}
            </Text>
          ) : (
            <Group>
              <Button
                variant="light"
                color="red"
                leftSection={<IconLogout2 size={16} stroke={1.8} />}
                onClick={() => setAsking('others')}
              >
                {t('endOthers')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={asking !== null}
        title={asking === 'others' ? t('confirmOthersTitle') : t('confirmTitle')}
        body={
          asking === 'others'
            ? t('confirmOthersBody')
            : asking?.current
              ? t('confirmBodyCurrent')
              : t('confirmBody', { device: asking ? name(asking) : '' })
        }
        confirm={asking === 'others' ? t('confirmOthers') : t('confirm')}
        cancel={t('cancel')}
        busy={end.isPending || endOthers.isPending}
        onClose={() => setAsking(null)}
        onConfirm={confirm}
      />
    </SectionCard>
  );
}

function SessionRow({ session, name, onEnd }: { session: TDeviceSession; name: string; onEnd: () => void }) {
  const { t, i18n } = useTranslation('sessions');
  const seen = lastSeenText(session.lastSeenAt, Date.now(), i18n.language);
  const signedIn = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <DeviceRow
      name={name}
      thisDevice={session.current ? t('thisDevice') : undefined}
      py={10}
      linesGap={2}
      data-session={session.id}
      details={
        <>
          <Text fz="xs" c="dimmed">
            {session.ip ? t('place', { ip: session.ip }) : t('unknownPlace')}
            {' · '}
            {seen === null ? t('activeNow') : t('lastSeen', { when: seen })}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('signedIn', { date: signedIn.format(session.createdAt) })}
          </Text>
        </>
      }
      action={
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          style={{ flex: 'none' }}
          aria-label={t('endDevice', { device: name })}
          onClick={onEnd}
        >
          {t('end')}
        </Button>
      }
    />
  );
}

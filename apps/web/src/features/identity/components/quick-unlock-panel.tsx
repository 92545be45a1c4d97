import { Alert, Button, Group, Loader, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { RECENT_SIGN_IN_MINUTES, UNLOCK_PIN_PATTERN } from '@rounds/contracts/quick-unlock';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SectionCard } from '../../../components/section-card';
import { showToast } from '../../../lib/toast';
import { useQuickUnlockStatus, useRemoveUnlockPin, useSetUnlockPin } from '../api/quick-unlock';
import '../sessions-texts';

type TProps = {
  /** Locks this workstation's screen at once (app/ composes the lock). */
  onLockNow: () => void;
};

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/**
 * Settings' quick unlock (issue 26): the user's own 4 to 6 digit PIN, set or changed with the password, removed
 * after a confirmation. With a PIN the screen locks after the hospital's idle time, and can be locked at once.
 * An account without a password (the hospital's sign-in made it) sets it within minutes of signing in instead.
 */
export function QuickUnlockPanel({ onLockNow }: TProps) {
  const { t } = useTranslation('sessions');
  const status = useQuickUnlockStatus();
  const setPin = useSetUnlockPin();
  const remove = useRemoveUnlockPin();
  const [pin, setPinText] = useState('');
  const [again, setAgain] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; again?: string; password?: string }>({});
  const [asking, setAsking] = useState(false);
  const minutes = status.data?.lockAfterMinutes ?? 0;
  const withPassword = status.data?.proof === 'password';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      pin: UNLOCK_PIN_PATTERN.test(pin) ? undefined : t('lock.pinFormat'),
      again: again === pin ? undefined : t('lock.pinMismatch'),
      password: password || !withPassword ? undefined : t('lock.required'),
    };
    setErrors(found);
    if (found.pin || found.again || found.password) return;
    setPin.mutate(withPassword ? { pin, password } : { pin }, {
      onSuccess: (reply) => {
        showToast(reply.message, 'success');
        setPinText('');
        setAgain('');
        setPassword('');
      },
      onError: (error) =>
        setErrors(error.code === 'WRONG_PASSWORD' ? { password: error.message } : { pin: error.message }),
    });
  };
  // The PIN and its confirmation: digits only, hidden as typed, never offered by the browser.
  const pinField = (label: string, value: string, set: (value: string) => void, error: string | undefined) => (
    <PasswordInput
      label={label}
      value={value}
      onChange={(e) => set(digits(e.currentTarget.value))}
      inputMode="numeric"
      autoComplete="off"
      error={error}
    />
  );

  return (
    <SectionCard
      id="quick-unlock"
      icon={IconLock}
      title={t('lock.pinTitle')}
      description={minutes > 0 ? t('lock.pinWhy', { minutes }) : t('lock.pinWhyOff')}
    >
      {status.isPending && <Loader size="sm" />}
      {status.data && (
        <Stack gap="md">
          <Text fz="sm" fw={500}>
            {status.data.hasPin ? t('lock.pinIsSet') : t('lock.pinNotSet')}
          </Text>
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {pinField(t('lock.pin'), pin, setPinText, errors.pin)}
                {pinField(t('lock.pinConfirm'), again, setAgain, errors.again)}
              </SimpleGrid>
              {withPassword ? (
                <PasswordInput
                  label={t('lock.password')}
                  description={t('lock.passwordHint')}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  autoComplete="current-password"
                  error={errors.password}
                />
              ) : (
                <Alert color={status.data.proof === 'signInAgain' ? 'yellow' : 'blue'} variant="light">
                  {status.data.proof === 'signInAgain'
                    ? t('lock.signInAgain', { minutes: RECENT_SIGN_IN_MINUTES })
                    : t('lock.recentSignIn', { minutes: RECENT_SIGN_IN_MINUTES })}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" loading={setPin.isPending} disabled={status.data.proof === 'signInAgain'}>
                  {status.data.hasPin ? t('lock.changePin') : t('lock.setPin')}
                </Button>
                {status.data.hasPin && (
                  <Button variant="light" onClick={onLockNow} leftSection={<IconLock size={16} stroke={1.8} />}>
                    {t('lock.lockNow')}
                  </Button>
                )}
                {status.data.hasPin && (
                  <Button variant="subtle" color="red" onClick={() => setAsking(true)}>
                    {t('lock.removePin')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
      <ConfirmModal
        opened={asking}
        title={t('lock.confirmRemoveTitle')}
        body={t('lock.confirmRemoveBody')}
        confirm={t('lock.confirmRemove')}
        cancel={t('cancel')}
        busy={remove.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (reply) => showToast(reply.message, 'success'),
            onSettled: () => setAsking(false),
          })
        }
      />
    </SectionCard>
  );
}

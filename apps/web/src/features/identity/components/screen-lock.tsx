import { Avatar, Button, FocusTrap, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { UNLOCK_PIN_PATTERN } from '@rounds/contracts/quick-unlock';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnlock } from '../api/quick-unlock';
import '../sessions-texts';
import classes from './screen-lock.module.css';

type TProps = {
  name: string;
  /** The account has a PIN: asked first; the password is the other way in (and the only one without a PIN). */
  hasPin: boolean;
  /** The account has a password (one the hospital's sign-in made has none): the PIN's other way in. */
  hasPassword: boolean;
  onUnlocked: () => void;
  onSignOut: () => void;
};

/**
 * The locked screen of a shared workstation (issue 26): it covers and hides whatever was open, and only the PIN
 * or the password takes it away. Calls and their ringing stay above it (the call layer's place), so a call is
 * still answered; the session's idle logout still runs at its own timeout.
 */
export function ScreenLock({ name, hasPin, hasPassword, onUnlocked, onSignOut }: TProps) {
  const { t } = useTranslation('sessions');
  const [withPassword, setWithPassword] = useState(!hasPin);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unlock = useUnlock();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value) return setError(t('lock.required'));
    if (!withPassword && !UNLOCK_PIN_PATTERN.test(value)) return setError(t('lock.pinFormat'));
    unlock.mutate(withPassword ? { password: value } : { pin: value }, {
      onSuccess: onUnlocked,
      onError: (e) => {
        setValue('');
        setError(e.message);
      },
    });
  };

  const switchWay = () => {
    setWithPassword((w) => !w);
    setValue('');
    setError(null);
  };

  return (
    <div className={classes.lock} role="dialog" aria-modal="true" aria-labelledby="screen-lock-title">
      <FocusTrap active>
        <Paper component="form" onSubmit={submit} className={classes.card} radius="lg" p="xl" withBorder noValidate>
          <Stack gap="md" align="stretch">
            <Stack gap={6} align="center">
              <Avatar size={56} radius="xl" color="blue" variant="light">
                <IconLock size={28} stroke={1.7} />
              </Avatar>
              <Title order={1} fz="h3" id="screen-lock-title" ta="center">
                {t('lock.lockedTitle')}
              </Title>
              <Text fz="sm" c="dimmed" ta="center">
                {t(withPassword ? 'lock.lockedBodyPassword' : 'lock.lockedBody', { name })}
              </Text>
            </Stack>
            <PasswordInput
              label={withPassword ? t('lock.password') : t('lock.pin')}
              value={value}
              onChange={(e) => {
                setValue(withPassword ? e.currentTarget.value : e.currentTarget.value.replace(/\D/g, '').slice(0, 6));
                setError(null);
              }}
              inputMode={withPassword ? undefined : 'numeric'}
              autoComplete={withPassword ? 'current-password' : 'off'}
              error={error}
              size="md"
              data-autofocus
            />
            <Button type="submit" size="md" loading={unlock.isPending}>
              {t('lock.unlock')}
            </Button>
            {hasPin && hasPassword && (
              <Button variant="subtle" onClick={switchWay} disabled={unlock.isPending}>
                {withPassword ? t('lock.usePin') : t('lock.usePassword')}
              </Button>
            )}
            <Button variant="subtle" color="gray" onClick={onSignOut} disabled={unlock.isPending}>
              {t('lock.notYou')}
            </Button>
          </Stack>
        </Paper>
      </FocusTrap>
    </div>
  );
}

import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TPasswordFieldProps = Omit<PasswordInputProps, 'onChange'> & { onChange: (value: string) => void };

/**
 * Every password box of the app: the spec's length limit, the lock icon and a named show/hide toggle. The
 * caller gives the label, the autocomplete hint and the value.
 */
export function PasswordField({ onChange, ...props }: TPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      maxLength={LIMITS.passwordMaxLength}
      leftSection={<IconLock size={16} stroke={1.6} />}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

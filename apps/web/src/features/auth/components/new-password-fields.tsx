import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { useErrorText } from '../../../lib/use-form';

type TNewPassword = { password: string; confirmPassword: string };

type TNewPasswordFieldsProps = {
  values: TNewPassword;
  errors: Partial<Record<keyof TNewPassword, string>>;
  onChange: (changes: Partial<TNewPassword>) => void;
  /** The first field's label: "Password" when registering, "New password" on reset. */
  label: string;
  withAsterisk?: boolean;
  autoFocus?: boolean;
};

/** A new password and its confirmation (register, reset). The caller lays them out. */
export function NewPasswordFields({
  values,
  errors,
  onChange,
  label,
  withAsterisk,
  autoFocus,
}: TNewPasswordFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        value={values.password}
        onChange={(password) => onChange({ password })}
        error={errorText(errors.password)}
        withAsterisk={withAsterisk}
        autoFocus={autoFocus}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(confirmPassword) => onChange({ confirmPassword })}
        error={errorText(errors.confirmPassword)}
        withAsterisk={withAsterisk}
      />
    </>
  );
}

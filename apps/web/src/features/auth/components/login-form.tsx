import { Alert, Anchor, Button, Checkbox, Divider, Group, Stack } from '@mantine/core';
import { AUTH_CODES } from '@rounds/contracts/auth-codes';
import { ROUTES } from '@rounds/contracts/routes';
import { IconAlertCircle, IconAlertTriangle, IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { startSession } from '../lib/start-session';
import { type TLoginErrors, type TLoginValues, validateLogin } from '../lib/validation';
import { CaptchaField } from './captcha-field';
import { SignInEmailField } from './sign-in-email-field';

/** Where an unverified account goes next; the server has just sent a fresh code to that channel. */
export type TVerificationNeeded = { step: 'email' | 'phone'; email: string; tempToken: string };

type TLoginFormProps = {
  /** The Register button is shown only when self-registration is enabled. */
  canRegister: boolean;
  onLoggedIn: () => void;
  onVerificationNeeded: (next: TVerificationNeeded) => void;
  /** A right password, and the account signs in with a second factor (issue 26): app/ shows that step. */
  onSecondFactor: (next: { kind: 'code' | 'enrol'; mfaToken: string; remember: boolean; passkey: boolean }) => void;
  /** Other ways in, under the Sign in button (app/ composes them: a passkey). */
  alternatives?: ReactNode;
};

type TRefusal = { kind: 'credentials'; attemptsLeft: number | undefined } | { kind: 'server'; message: string };

/** From this many tries left the count is a warning: the next failures make this address wait. */
const LAST_ATTEMPTS = 2;

/**
 * Why the sign-in was refused, under the fields. The server's text says "username" (the spec's contract,
 * kept for every client); this form asks for an email, so it is worded for its field (docs/decisions.md).
 */
function RefusalAlert({ refusal }: { refusal: TRefusal }) {
  const { t } = useTranslation();
  if (refusal.kind === 'server') {
    return <ErrorAlert>{refusal.message}</ErrorAlert>;
  }
  const count = refusal.attemptsLeft;
  const last = count !== undefined && count <= LAST_ATTEMPTS;
  return (
    <Alert
      color={last ? 'orange' : 'red'}
      variant="light"
      role="alert"
      icon={last ? <IconAlertTriangle size={18} /> : <IconAlertCircle size={18} />}
      title={t('auth.wrongCredentials')}
      data-tone={last ? 'warning' : 'error'}
    >
      {count !== undefined && (last ? t('auth.lastAttempts', { count }) : t('auth.attemptsLeft', { count }))}
    </Alert>
  );
}

export function LoginForm({
  canRegister,
  onLoggedIn,
  onVerificationNeeded,
  onSecondFactor,
  alternatives,
}: TLoginFormProps) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const [values, setValues] = useState<TLoginValues>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<TLoginErrors>({});
  // After a few failed sign-ins the server asks for the captcha (docs/decisions.md, "Login failures").
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);
  // A refusal is shown at the form (issue 13: two toasts far from it); the last tries read as a warning.
  const [refusal, setRefusal] = useState<TRefusal | null>(null);

  const update = <K extends keyof TLoginValues>(key: K, value: TLoginValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    if (key === 'email' || key === 'password') setRefusal(null);
    if (key in errors) setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setCaptchaMissing(captchaNeeded && !captcha);
    if (found.email || found.password || (captchaNeeded && !captcha)) return;

    const email = values.email.trim();
    setRefusal(null);
    loginMutation.mutate(
      {
        username: email,
        password: values.password,
        remember: values.remember,
        ...(captchaNeeded && captcha ? { captchaResponse: captcha } : {}),
      },
      {
        onSuccess: (reply) => {
          if (reply.token) {
            startSession(reply.token, { ...reply.user, role: reply.role }, values.remember);
            onLoggedIn();
          } else if (reply.tempToken) {
            onVerificationNeeded({ step: 'email', email, tempToken: reply.tempToken });
          }
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          // A solution is accepted once: any refusal needs a fresh one.
          if (captchaNeeded) setCaptchaReset((key) => key + 1);
          if (error.data.captchaRequired === true || error.code === AUTH_CODES.captchaRequired) {
            setCaptchaNeeded(true);
          }
          const tempToken = error.string('tempToken');
          const mfaToken = error.string('mfaToken');
          if (mfaToken && (error.code === AUTH_CODES.mfaRequired || error.code === AUTH_CODES.mfaEnrolmentRequired)) {
            const kind = error.code === AUTH_CODES.mfaRequired ? 'code' : 'enrol';
            onSecondFactor({ kind, mfaToken, remember: values.remember, passkey: error.data.passkey === true });
          } else if (error.code === AUTH_CODES.emailNotVerified && tempToken) {
            onVerificationNeeded({ step: 'email', email, tempToken });
          } else if (error.code === AUTH_CODES.phoneNotVerified && tempToken) {
            onVerificationNeeded({ step: 'phone', email, tempToken });
          } else if (error.code === AUTH_CODES.invalidCredentials) {
            setRefusal({ kind: 'credentials', attemptsLeft: error.number('attemptLeft') });
          } else if (error.code !== AUTH_CODES.captchaRequired && error.status >= 400 && error.status < 500) {
            // Throttled, inactive, a failed check: the server's words (already in the user's language).
            setRefusal({ kind: 'server', message: error.message });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.loginTitle')}>
      <Stack gap="md">
        <SignInEmailField
          value={values.email}
          onChange={(value) => update('email', value)}
          error={errors.email ? t(errors.email) : refusal?.kind === 'credentials'}
          required
          withAsterisk={false}
          autoFocus
        />
        <PasswordField
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          value={values.password}
          onChange={(value) => update('password', value)}
          error={errors.password ? t(errors.password) : refusal?.kind === 'credentials'}
          required
          withAsterisk={false}
        />
        {refusal && <RefusalAlert refusal={refusal} />}
        {captchaNeeded && (
          <>
            <Alert color="yellow" variant="light" role="status">
              {t('auth.captchaNeeded')}
            </Alert>
            <CaptchaField
              onChange={(payload) => {
                setCaptcha(payload);
                if (payload) setCaptchaMissing(false);
              }}
              resetKey={captchaReset}
              error={captchaMissing ? t('register.captchaRequired') : undefined}
            />
          </>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            label={t('auth.remember')}
            checked={values.remember}
            onChange={(event) => update('remember', event.currentTarget.checked)}
          />
          <Anchor component={Link} to={ROUTES.forgotPassword} fz="sm" fw={500}>
            {t('auth.forgot')}
          </Anchor>
        </Group>
        <SubmitButton loading={loginMutation.isPending} leftSection={<IconLogin2 size={18} stroke={1.8} />}>
          {t('auth.login')}
        </SubmitButton>
        {alternatives}
        {canRegister && (
          <>
            <Divider label={t('auth.noAccount')} labelPosition="center" />
            <Button
              component={Link}
              to={ROUTES.register}
              variant="default"
              size="md"
              fullWidth
              leftSection={<IconUserPlus size={18} stroke={1.8} />}
            >
              {t('auth.register')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}

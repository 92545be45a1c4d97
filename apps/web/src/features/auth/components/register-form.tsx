import { Checkbox, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { AUTH_CODES } from '@rounds/contracts/auth-codes';
import type { TCallingCode } from '@rounds/contracts/settings';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ClassificationFields, type TClassificationLists } from '../../../components/classification-fields';
import { EulaLink } from '../../../components/eula-link';
import { NameFields, OwnEmailField } from '../../../components/person-fields';
import { PhoneField } from '../../../components/phone-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { hasErrors } from '../../../lib/form-errors';
import { EMPTY_PERSON } from '../../../lib/person-fields';
import { showToast } from '../../../lib/toast';
import { useErrorText, useForm } from '../../../lib/use-form';
import { useRegister } from '../api/register';
import { registerRequest, type TRegisterValues, validateRegister } from '../lib/forms';
import { BackToLoginButton } from './back-to-login-button';
import { CaptchaField } from './captcha-field';
import { NewPasswordFields } from './new-password-fields';

export type TRegistered = {
  tempToken: string;
  email: string;
  phone: string;
  phoneCountryCode: string;
  phoneCountryName: string;
};

type TRegisterFormProps = {
  lists: TClassificationLists;
  callingCodes: readonly TCallingCode[];
  onRegistered: (next: TRegistered) => void;
};

const INITIAL: TRegisterValues = { ...EMPTY_PERSON, password: '', confirmPassword: '' };

function SectionTitle({ children }: { children: string }) {
  return (
    <Divider
      label={
        <Text fz="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: 0.6 }}>
          {children}
        </Text>
      }
      labelPosition="left"
    />
  );
}

/** Register (spec doc 1 section 2): every field, the EULA, the captcha; on success, email confirmation. */
export function RegisterForm({ lists, callingCodes, onRegistered }: TRegisterFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<TRegisterValues>(INITIAL);
  const { values, errors, setField } = form;
  const [eula, setEula] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string>();
  const [captchaReset, setCaptchaReset] = useState(0);
  const registerMutation = useRegister();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRegister(values);
    form.setErrors(found);
    const captchaMissing = !captcha;
    setCaptchaError(captchaMissing ? 'register.captchaRequired' : undefined);
    if (hasErrors(found) || captchaMissing) {
      // Bring the first message into view: on a phone most of the form is off screen.
      requestAnimationFrame(() =>
        document.querySelector('[aria-invalid="true"], .captcha-field-error')?.scrollIntoView({ block: 'center' }),
      );
      return;
    }
    if (!eula) {
      showToast(t('register.eulaRequired'), 'info');
      return;
    }
    registerMutation.mutate(registerRequest(values, captcha), {
      onSuccess: (reply) => {
        showToast(t('register.success'), 'success');
        onRegistered({
          tempToken: reply.tempToken,
          email: reply.user.unverifiedEmail ?? reply.user.email,
          phone: values.phone,
          phoneCountryCode: values.phoneCountryCode,
          phoneCountryName: values.phoneCountryName,
        });
      },
      onError: (error) => {
        // A solved challenge is accepted once: whatever went wrong, the next attempt needs a new one.
        setCaptchaReset((n) => n + 1);
        if (error instanceof ApiError && error.code === AUTH_CODES.emailTaken) {
          form.setErrors((previous) => ({ ...previous, email: error.message }));
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('register.title')}>
      <Stack gap="lg">
        <SectionTitle>{t('register.aboutYou')}</SectionTitle>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <NameFields values={values} errors={errors} onChange={form.patch} autoFocus />
        </SimpleGrid>
        <OwnEmailField
          value={values.email}
          error={errors.email}
          onChange={(email) => setField('email', email)}
          registering
        />
        <PhoneField codes={callingCodes} value={values} onChange={form.patch} error={errorText(errors.phone)} />

        <SectionTitle>{t('register.work')}</SectionTitle>
        <ClassificationFields lists={lists} values={values} onChange={form.patch} errors={errors} />

        <SectionTitle>{t('register.security')}</SectionTitle>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <NewPasswordFields
            label={t('auth.password')}
            values={values}
            errors={errors}
            onChange={form.patch}
            withAsterisk
          />
        </SimpleGrid>
        <Text fz="xs" c="dimmed" mt={-8}>
          {t('auth.passwordRules')}
        </Text>

        <Checkbox
          checked={eula}
          onChange={(event) => setEula(event.currentTarget.checked)}
          label={
            <Trans
              i18nKey="register.acceptEula"
              // A link inside a label opens without ticking the box; it opens in its own tab (spec).
              components={{ eula: <EulaLink fz="sm">EULA</EulaLink> }}
            />
          }
        />
        <div className={captchaError ? 'captcha-field-error' : undefined}>
          <CaptchaField
            resetKey={captchaReset}
            error={errorText(captchaError)}
            onChange={(payload) => {
              setCaptcha(payload);
              if (payload) setCaptchaError(undefined);
            }}
          />
        </div>

        <Stack gap="sm" mt="xs">
          <SubmitButton loading={registerMutation.isPending} leftSection={<IconUserPlus size={18} stroke={1.8} />}>
            {t('auth.register')}
          </SubmitButton>
          <BackToLoginButton variant="subtle" />
        </Stack>
      </Stack>
    </form>
  );
}

import { Alert, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import type { TCallingCode } from '@rounds/contracts/settings';
import { IconAddressBook, IconClockHour4, IconSend, IconShieldCheck, IconX } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { OwnEmailField } from '../../../components/person-fields';
import { PhoneField } from '../../../components/phone-field';
import { SectionCard } from '../../../components/section-card';
import { hasErrors } from '../../../lib/form-errors';
import type { TSessionUser } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useErrorText, useForm } from '../../../lib/use-form';
import { useCancelContactChange } from '../api/cancel-contact-change';
import { useRequestContactChange } from '../api/request-contact-change';
import { useVerifyContactChange } from '../api/verify-contact-change';
import { contactChanged, contactValues, type TContactValues, validateContact } from '../lib/forms';

type TContactCardProps = { user: TSessionUser; callingCodes: readonly TCallingCode[] };

/** A pending new email or phone: the code sent to it, Verify (needs a code). */
function PendingValue({ type, value }: { type: 'email' | 'phone'; value: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const verify = useVerifyContactChange();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim() || verify.isPending) return;
    // mutateAsync, not mutate(…, { onSuccess }): once verified this block unmounts (nothing is pending any
    // more), and callbacks given to mutate() do not run for an unmounted component.
    const done = await verify.mutateAsync({ verifyToken: code.trim(), type }).then(
      () => true,
      () => false,
    );
    if (!done) return;
    setCode('');
    showToast(t(type === 'email' ? 'account.emailVerified' : 'account.phoneVerified'), 'success');
  };
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="md"
      icon={<IconClockHour4 size={20} />}
      title={t(`account.pending.${type}`)}
    >
      <Stack gap="sm">
        <Text fz="sm">
          <Trans i18nKey="account.pendingText" values={{ value }} components={{ b: <b /> }} />
        </Text>
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t(type === 'email' ? 'account.emailCode' : 'account.phoneCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIMITS.verificationCodeLength}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D+/g, ''))}
              style={{ flex: 1, maxWidth: 220 }}
              styles={{ input: { letterSpacing: 3 } }}
            />
            <Button
              type="submit"
              disabled={!code.trim()}
              loading={verify.isPending}
              leftSection={<IconShieldCheck size={16} />}
            >
              {t('account.verify')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Alert>
  );
}

/**
 * Phone and email (spec doc 1 sections 2 and 4): Update is enabled only after a change; the new values wait,
 * unverified, for the codes sent to them; Cancel drops them.
 */
export function ContactCard({ user, callingCodes }: TContactCardProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const base = useMemo(() => contactValues(user), [user]);
  const form = useForm<TContactValues>(base);
  const { values, errors, setField } = form;
  const request = useRequestContactChange();
  const cancel = useCancelContactChange();

  const [shownBase, setShownBase] = useState(base);
  if (shownBase !== base) {
    if (!contactChanged({ ...user, ...shownBase }, values)) form.reset(base);
    setShownBase(base);
  }
  const changed = contactChanged(user, values);
  const pendingPhone = user.unverifiedPhone
    ? `${user.unverifiedPhoneCountryCode ?? ''} ${user.unverifiedPhone}`.trim()
    : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed) return;
    const found = validateContact(values);
    form.setErrors(found);
    if (hasErrors(found)) return;
    request.mutate(
      { ...values, email: values.email.trim().toLowerCase() },
      {
        onSuccess: (reply) => {
          form.reset(contactValues(reply.updatedUser));
          showToast(t('account.codesSent'), 'success');
        },
      },
    );
  };

  return (
    <SectionCard icon={IconAddressBook} title={t('account.contact')} description={t('account.contactHint')}>
      <form onSubmit={submit} noValidate aria-label={t('account.contact')}>
        <Stack gap="md">
          <OwnEmailField value={values.email} error={errors.email} onChange={(email) => setField('email', email)} />
          <PhoneField codes={callingCodes} value={values} onChange={form.patch} error={errorText(errors.phone)} />
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!changed}
              loading={request.isPending}
              leftSection={<IconSend size={16} stroke={1.8} />}
            >
              {t('account.updateContact')}
            </Button>
          </Group>
        </Stack>
      </form>

      {(user.unverifiedEmail || pendingPhone) && (
        <>
          <Divider />
          <Stack gap="sm">
            {user.unverifiedEmail && <PendingValue type="email" value={user.unverifiedEmail} />}
            {pendingPhone && <PendingValue type="phone" value={pendingPhone} />}
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconX size={16} stroke={1.8} />}
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, { onSuccess: () => showToast(t('account.changeCancelled'), 'success') })
                }
              >
                {t('account.cancelChange')}
              </Button>
            </Group>
          </Stack>
        </>
      )}
    </SectionCard>
  );
}

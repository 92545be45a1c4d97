import { Image, Stack, Text, TextInput } from '@mantine/core';
import type { TTotpEnrolment } from '@rounds/contracts/mfa';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../lib/refusal';
import '../mfa-texts';

/** The new authenticator's first code and name, as typed; `answer` is what the confirming request sends. */
export function useTotpSetup() {
  const { t } = useTranslation('mfa');
  const [code, setCode] = useState('');
  const [label, setLabel] = useState(() => t('labelDefault'));
  return {
    code,
    label,
    setCode,
    setLabel,
    ready: code.trim().length >= 6,
    answer: { code: code.trim(), label: label.trim() || t('labelDefault') },
  };
}

type TProps = {
  enrolment: TTotpEnrolment;
  setup: ReturnType<typeof useTotpSetup>;
  /** The request that checks the first code: its refusal shows under the code, and a new code clears it. */
  confirm: { isError: boolean; error: unknown; reset: () => void };
};

/** The seed as groups of four, as authenticator apps show and ask for it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * A new authenticator: its QR code (whose text alternative carries the setup key, for a screen reader and for
 * typing it in), the key itself, the name to give it and its first code. Used at sign-in and in Settings.
 */
export function TotpSetupFields({ enrolment, setup, confirm }: TProps) {
  const { t } = useTranslation('mfa');
  const key = grouped(enrolment.secret);
  return (
    <Stack gap="sm" align="stretch">
      <Image
        src={enrolment.qrCode}
        alt={t('qrAlt', { secret: key })}
        w={184}
        h={184}
        mx="auto"
        radius="sm"
        bg="white"
        p={6}
        style={{ border: '1px solid var(--mantine-color-default-border)' }}
      />
      <Text fz="sm" c="dimmed">
        {t('manualKey')}
      </Text>
      <Text
        ff="monospace"
        fz="md"
        fw={600}
        ta="center"
        py={6}
        bg="var(--mantine-color-default-hover)"
        data-testid="totp-setup-key"
      >
        {key}
      </Text>
      <TextInput
        label={t('labelLabel')}
        value={setup.label}
        maxLength={60}
        onChange={(e) => setup.setLabel(e.currentTarget.value)}
      />
      <TextInput
        label={t('codeLabel')}
        value={setup.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        onChange={(e) => {
          setup.setCode(e.currentTarget.value);
          confirm.reset();
        }}
        error={confirm.isError ? (refusalOf(confirm.error) ?? undefined) : undefined}
        data-autofocus
      />
    </Stack>
  );
}

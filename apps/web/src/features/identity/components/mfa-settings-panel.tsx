import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TMfaFactor, TTotpEnrolment } from '@rounds/contracts/mfa';
import { IconFingerprint, IconPlus, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { FormActions } from '../../../components/form-actions';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { SectionCard } from '../../../components/section-card';
import { showToast } from '../../../lib/toast';
import { useAddPasskey } from '../api/add-passkey';
import { useAddTotp } from '../api/add-totp';
import { useConfirmTotp } from '../api/confirm-totp';
import { useMfaFactors } from '../api/get-factors';
import { useRemoveFactor } from '../api/remove-factor';
import { useRenameFactor } from '../api/rename-factor';
import { passkeyFailure, passkeyLabel, passkeysSupported } from '../lib/passkey-ceremony';
import { refusalOf } from '../lib/refusal';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetupFields, useTotpSetup } from './totp-setup-fields';
import '../mfa-texts';

/** Adding an authenticator: its QR code and first code, then (for the first one) the recovery codes. */
function AddModal({ enrolment, onClose }: { enrolment: TTotpEnrolment | null; onClose: () => void }) {
  const { t } = useTranslation('mfa');
  const confirm = useConfirmTotp();
  const setup = useTotpSetup();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setup.setCode('');
    setCodes(null);
    confirm.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enrolment || !setup.ready) return;
    confirm.mutate(
      { id: enrolment.factorId, ...setup.answer },
      {
        onSuccess: (reply) => {
          showToast(t('added'), 'success');
          if (reply.recoveryCodes) setCodes(reply.recoveryCodes);
          else close();
        },
      },
    );
  };
  return (
    <Modal opened={enrolment !== null} onClose={close} title={t('add')} centered styles={MODAL_STYLES}>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={close} />
      ) : (
        enrolment && (
          <form onSubmit={submit} noValidate aria-label={t('add')}>
            <Stack gap="md">
              <TotpSetupFields enrolment={enrolment} setup={setup} confirm={confirm} />
              <FormActions cancelLabel={t('cancel')} onCancel={close} loading={confirm.isPending} gap="md">
                {t('confirm')}
              </FormActions>
            </Stack>
          </form>
        )
      )}
    </Modal>
  );
}

/** Rename or remove one authenticator; removing asks again for the password or a code. */
function FactorModal({
  factor,
  mode,
  onClose,
}: {
  factor: TMfaFactor | null;
  mode: 'rename' | 'remove';
  onClose: () => void;
}) {
  const { t } = useTranslation('mfa');
  const rename = useRenameFactor();
  const remove = useRemoveFactor();
  const [value, setValue] = useState('');
  const busy = rename.isPending || remove.isPending;
  const error = refusalOf(mode === 'rename' ? rename.error : remove.error);
  const close = () => {
    setValue('');
    rename.reset();
    remove.reset();
    onClose();
  };
  const done = (key: 'renamed' | 'removed') => {
    showToast(t(key), 'success');
    close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!factor || !value.trim()) return;
    if (mode === 'rename') rename.mutate({ id: factor.id, label: value.trim() }, { onSuccess: () => done('renamed') });
    else remove.mutate({ id: factor.id, proof: value }, { onSuccess: () => done('removed') });
  };
  const title = mode === 'rename' ? t('rename') : t('removeTitle', { label: factor?.label ?? '' });
  return (
    <Modal
      opened={factor !== null}
      onClose={() => !busy && close()}
      title={title}
      centered
      size="sm"
      styles={MODAL_STYLES}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          {mode === 'remove' && <Text fz="sm">{t('removeProof')}</Text>}
          <TextInput
            label={mode === 'rename' ? t('labelLabel') : t('passwordOrCode')}
            type={mode === 'remove' ? 'password' : 'text'}
            autoComplete={mode === 'remove' ? 'current-password' : 'off'}
            maxLength={mode === 'rename' ? 60 : 128}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error ?? undefined}
            data-autofocus
          />
          <FormActions
            cancelLabel={t('cancel')}
            onCancel={close}
            pending={busy}
            color={mode === 'remove' ? 'red' : undefined}
            gap="md"
          >
            {mode === 'rename' ? t('save') : t('remove')}
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A new passkey on this device: the browser asks its unlock, the server checks and stores it under a default
 * name (renamed like any factor); the first factor of the account brings its recovery codes.
 */
function AddPasskeyButton() {
  const { t } = useTranslation('mfa');
  const add = useAddPasskey();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!passkeysSupported()) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFingerprint size={16} />}
        loading={add.isPending}
        onClick={() =>
          add.mutate(
            { label: passkeyLabel(t) },
            {
              onSuccess: (reply) => {
                showToast(t('passkeyAdded'), 'success');
                if (reply.recoveryCodes) setCodes(reply.recoveryCodes);
              },
            },
          )
        }
      >
        {t('passkeyAdd')}
      </Button>
      {add.isError && (
        <ErrorAlert w="100%" p="xs">
          {passkeyFailure(add.error, t)}
        </ErrorAlert>
      )}
      <Modal
        opened={codes !== null}
        onClose={() => setCodes(null)}
        title={t('passkeyAdd')}
        centered
        styles={MODAL_STYLES}
      >
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      </Modal>
    </>
  );
}

/**
 * Settings' two-step sign-in (issue 26): this account's authenticator apps and passkeys by name, when each was
 * added and last used, the recovery codes left; add one, rename one, remove one (with the password or a code).
 */
export function MfaSettingsPanel() {
  const { t, i18n } = useTranslation('mfa');
  const factors = useMfaFactors();
  const add = useAddTotp();
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const [editing, setEditing] = useState<{ factor: TMfaFactor; mode: 'rename' | 'remove' } | null>(null);
  const date = (at: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(at);
  const data = factors.data;

  return (
    <SectionCard id="two-step-sign-in" icon={IconShieldLock} title={t('settingsTitle')} description={t('settingsWhy')}>
      {factors.isPending && <Loader size="sm" />}
      {factors.isError && (
        <Text fz="sm" c="dimmed">
          {t('failed')}
        </Text>
      )}
      {data && (
        <Stack gap="sm">
          {data.required && (
            <Alert color="blue" variant="light" p="xs">
              {t('required')}
            </Alert>
          )}
          {data.factors.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('none')}
            </Text>
          ) : (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('settingsTitle')}>
              {data.factors.map((factor) => (
                <Group component="li" key={factor.id} justify="space-between" py="xs" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Text fw={500}>{factor.label}</Text>
                    <Text fz="xs" c="dimmed">
                      {factor.kind === 'passkey' ? t('kindPasskey') : t('kindTotp')}
                      {' · '}
                      {factor.lastUsedAt
                        ? t('lastUsed', { when: date(factor.lastUsedAt) })
                        : t('addedOn', { when: date(factor.createdAt) })}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing({ factor, mode: 'rename' })}>
                      {t('rename')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setEditing({ factor, mode: 'remove' })}
                    >
                      {t('remove')}
                    </Button>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
          <Group justify="space-between" wrap="wrap">
            {data.factors.length > 0 ? (
              <Badge variant="light" color="gray">
                {t('codesLeft', { count: data.recoveryCodesLeft })}
              </Badge>
            ) : (
              <span />
            )}
            <Group gap="xs" justify="flex-end">
              <AddPasskeyButton />
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                loading={add.isPending}
                onClick={() => add.mutate(undefined, { onSuccess: setEnrolment })}
              >
                {t('add')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
      <AddModal enrolment={enrolment} onClose={() => setEnrolment(null)} />
      <FactorModal factor={editing?.factor ?? null} mode={editing?.mode ?? 'rename'} onClose={() => setEditing(null)} />
    </SectionCard>
  );
}

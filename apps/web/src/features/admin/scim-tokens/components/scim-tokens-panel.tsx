import { Alert, Button, Code, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { SCIM_BASE_PATH, type TScimToken } from '@rounds/contracts/scim';
import { IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmItemModal } from '../../../../components/confirm-modal';
import { CopyAndDone } from '../../../../components/copy-and-done';
import { MODAL_STYLES } from '../../../../components/modal-styles';
import { SectionCard } from '../../../../components/section-card';
import { useCreateScimToken, useRevokeScimToken, useRotateScimToken, useScimTokens } from '../api/scim-tokens';

/**
 * Administration (Admin only): the bearer tokens the hospital's directory (Entra ID, Okta) provisions staff
 * with over SCIM. A token is shown once, when it is created or rotated; after that only its name and when it
 * was last used. Texts in the 'admin-sections' namespace.
 */
export function ScimTokensPanel() {
  const { t, i18n } = useTranslation('admin-sections');
  const tokens = useScimTokens();
  const create = useCreateScimToken();
  const rotate = useRotateScimToken();
  const revoke = useRevokeScimToken();
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<{ label: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<TScimToken | null>(null);
  const date = (at: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  const baseUrl = `${window.location.origin}${SCIM_BASE_PATH}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (label.trim() === '') return;
    create.mutate(label.trim(), {
      onSuccess: (data) => {
        setLabel('');
        setShown({ label: data.token.label, secret: data.secret });
      },
    });
  };

  return (
    <SectionCard id="scim-tokens" icon={IconKey} title={t('scimTokens.title')} description={t('scimTokens.hint')}>
      <Text fz="sm">
        {t('scimTokens.baseUrl')} <Code>{baseUrl}</Code>
      </Text>
      {tokens.isPending && <Loader size="sm" />}
      {tokens.isError && <Alert color="red">{t('scimTokens.failed')}</Alert>}
      {tokens.data?.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('scimTokens.none')}
        </Text>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('scimTokens.listLabel')} style={{ listStyle: 'none' }}>
          {tokens.data.map((token) => (
            <Paper key={token.id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{token.label}</Text>
                  <Text fz="xs" c="dimmed">
                    {t('scimTokens.created', {
                      date: date(token.rotatedAt ?? token.createdAt),
                      name: token.createdBy ? `${token.createdBy.firstName} ${token.createdBy.lastName}` : '—',
                    })}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {token.lastUsedAt
                      ? t('scimTokens.lastUsed', { date: date(token.lastUsedAt) })
                      : t('scimTokens.neverUsed')}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconRefresh size={16} />}
                    loading={rotate.isPending && rotate.variables === token.id}
                    aria-label={t('scimTokens.rotateNamed', { label: token.label })}
                    onClick={() =>
                      rotate.mutate(token.id, {
                        onSuccess: (data) => setShown({ label: token.label, secret: data.secret }),
                      })
                    }
                  >
                    {t('scimTokens.rotate')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={16} />}
                    aria-label={t('scimTokens.revokeNamed', { label: token.label })}
                    onClick={() => setRevoking(token)}
                  >
                    {t('scimTokens.revoke')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('scimTokens.label')}
            placeholder={t('scimTokens.labelPlaceholder')}
            value={label}
            maxLength={80}
            onChange={(event) => setLabel(event.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" loading={create.isPending} disabled={label.trim() === ''}>
            {t('scimTokens.create')}
          </Button>
        </Group>
      </form>

      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t('scimTokens.secretTitle', { label: shown?.label ?? '' })}
        centered
        size="lg"
        styles={MODAL_STYLES}
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <Alert color="orange" variant="light">
            {t('scimTokens.secretOnce')}
          </Alert>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="scim-secret">
            {shown?.secret}
          </Code>
          <CopyAndDone
            value={shown?.secret ?? ''}
            texts={{ copy: t('scimTokens.copy'), copied: t('scimTokens.copied'), done: t('scimTokens.done') }}
            onDone={() => setShown(null)}
          />
        </Stack>
      </Modal>

      <ConfirmItemModal
        item={revoking}
        title={t('scimTokens.revokeTitle')}
        body={t('scimTokens.revokeBody', { label: revoking?.label ?? '' })}
        confirm={t('scimTokens.revoke')}
        cancel={t('scimTokens.cancel')}
        action={revoke}
        done={t('scimTokens.revoked')}
        onClose={() => setRevoking(null)}
      />
    </SectionCard>
  );
}

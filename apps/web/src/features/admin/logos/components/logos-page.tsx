import '@mantine/dropzone/styles.css';
import { Box, Card, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { LIMITS } from '@rounds/contracts/limits';
import type { TAppSettings, TLogoKind } from '@rounds/contracts/settings';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DropzoneLabel } from '../../../../components/dropzone-label';
import { showToast } from '../../../../lib/toast';
import { useUploadLogo } from '../api/upload-logo';
import { LOGO_MIME_TYPES, LOGO_SLOTS } from '../logo-slots';

type TLogosPageProps = {
  settings: TAppSettings | undefined;
  /** A logo was replaced: the app shows it at once (the server also tells every other open app). */
  onUploaded: (key: TLogoKind, url: string) => void;
};

/** The Logos section (doc 2 section 2): the eight slots, each with its preview and a drop zone. */
export function LogosPage({ settings, onUploaded }: TLogosPageProps) {
  const { t } = useTranslation('admin-sections');
  const upload = useUploadLogo();

  const reject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    showToast(tooLarge ? t('logos.tooLarge') : t('logos.wrongType'), 'error');
  };

  const drop = (key: TLogoKind, files: File[]) => {
    const [file] = files;
    if (!file) return;
    upload.mutate(
      { key, file },
      {
        onSuccess: (reply) => {
          onUploaded(key, reply.data.logo);
          showToast(reply.message, 'success');
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        {t('logos.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
        {LOGO_SLOTS.map(({ key, dark }) => {
          const label = t(`logos.slots.${key}`);
          const src = settings?.[key];
          const busy = upload.isPending && upload.variables?.key === key;
          return (
            <Card key={key} withBorder radius="lg" padding="md" component="section" aria-label={label}>
              <Stack gap="sm">
                <Text fw={600} fz="sm">
                  {label}
                </Text>
                <Box
                  h={96}
                  style={{
                    overflow: 'hidden',
                    borderRadius: 'var(--mantine-radius-md)',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    padding: 12,
                    background: dark ? '#1a1b1e' : '#f8f9fa',
                    border: '1px solid var(--mantine-color-default-border)',
                  }}
                >
                  {src ? (
                    <Image src={src} alt={t('logos.preview', { name: label })} h={72} w="100%" fit="contain" />
                  ) : (
                    <IconPhoto size={32} color="var(--mantine-color-dimmed)" aria-hidden />
                  )}
                </Box>
                <Dropzone
                  onDrop={(files) => drop(key, files)}
                  onReject={reject}
                  accept={LOGO_MIME_TYPES}
                  // "rejected at 10,485,760 bytes or more" (doc 2 section 5): the largest allowed is one byte less.
                  maxSize={LIMITS.logoMaxBytes - 1}
                  multiple={false}
                  loading={busy}
                  radius="md"
                  p="sm"
                  inputProps={{ 'aria-label': t('logos.upload', { name: label }) }}
                  data-testid={`logo-drop-${key}`}
                >
                  <DropzoneLabel
                    accept={<IconUpload size={20} aria-hidden />}
                    reject={<IconX size={20} aria-hidden />}
                    idle={<IconUpload size={20} stroke={1.6} aria-hidden />}
                    title={t('logos.drop')}
                    hint={t('logos.hint')}
                    compact
                  />
                </Dropzone>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

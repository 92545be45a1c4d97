import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../mfa-texts';

/** The ten recovery codes, shown once: the person keeps them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('mfa');
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconShieldLock size={18} />} title={t('recoveryTitle')}>
        {t('recoveryIntro')}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('recoveryList')}
      >
        {codes.map((code) => (
          <Text
            component="li"
            key={code}
            ff="monospace"
            fz="md"
            ta="center"
            py={4}
            bg="var(--mantine-color-default-hover)"
          >
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('recoveryDone')}</Button>
      </Group>
    </Stack>
  );
}

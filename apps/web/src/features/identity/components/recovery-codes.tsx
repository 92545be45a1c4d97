import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyAndDone } from '../../../components/copy-and-done';
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
      <CopyAndDone
        value={codes.join('\n')}
        texts={{ copy: t('copy'), copied: t('copied'), done: t('recoveryDone') }}
        onDone={onDone}
      />
    </Stack>
  );
}

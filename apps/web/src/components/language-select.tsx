import { NativeSelect } from '@mantine/core';
import { LANGUAGE_SELECT_ATTRIBUTE } from '@rounds/contracts/first-paint';
import { LANGUAGES, toLanguage } from '@rounds/contracts/values';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences-store';

/**
 * English / Français before sign-in. A native select: accessible, light, and easy to drive from e2e tests.
 * A choice made here is a hand choice: it wins over the account's language at sign-in and is saved to it.
 */
export function LanguageSelect({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const chooseLanguage = usePreferences((s) => s.chooseLanguage);
  return (
    <NativeSelect
      size={size}
      aria-label={t('language.label')}
      {...{ [LANGUAGE_SELECT_ATTRIBUTE]: '' }}
      value={language}
      onChange={(event) => chooseLanguage(toLanguage(event.currentTarget.value))}
      data={LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
      leftSection={<IconLanguage size={16} stroke={1.6} />}
      w={size === 'xs' ? 130 : 150}
    />
  );
}

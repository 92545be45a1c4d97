import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type TLanguage } from '@rounds/contracts/common';
import { toLanguage } from '@rounds/contracts/values';
import { useTranslation } from 'react-i18next';

type TLanguageTabsProps = { label: string; value: TLanguage; onChange: (language: TLanguage) => void };

/** Which language's text is read or edited (the EULA, the About texts, the banner): a tab a language, in its own words. */
export function LanguageTabs({ label, value, onChange }: TLanguageTabsProps) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={label}
      value={value}
      onChange={(next) => onChange(toLanguage(next))}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import type { TLanguage } from '@rounds/contracts/common';
import type { TAppSettings } from '@rounds/contracts/settings';
import { IconDeviceFloppy, IconFileText, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageTabs } from '../../../../components/language-tabs';
import { SectionCard } from '../../../../components/section-card';
import { useSettingsDraft } from '../../hooks/use-settings-draft';
import { type TAboutTexts, useSaveAboutTexts } from '../api/save-about-texts';
import { HtmlEditor } from './html-editor';

type TAboutPageProps = {
  settings: TAppSettings | undefined;
  onSaved: (appSettings: TAppSettings) => void;
};

/**
 * About-us content (doc 2 section 2): a language switch, a rich text editor for the about-us text and one for
 * the information page, and Update text, which saves both texts in both languages.
 */
export function AboutPage({ settings, onSaved }: TAboutPageProps) {
  const { t } = useTranslation('admin-sections');
  const [language, setLanguage] = useState<TLanguage>('en');
  const stored: TAboutTexts | null = settings
    ? { aboutUsText: settings.aboutUsText, informationText: settings.informationText }
    : null;
  const save = useSaveAboutTexts();
  const { draft, setDraft, changed, submit: saveTexts } = useSettingsDraft(stored, save, onSaved);
  const texts = draft ?? stored;

  const edit = (field: keyof TAboutTexts, html: string) =>
    setDraft((previous) => {
      const base = previous ?? stored;
      if (!base) return previous;
      return { ...base, [field]: { ...base[field], [language]: html } };
    });

  const submit = () => {
    if (texts) saveTexts(texts);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <LanguageTabs label={t('about.language')} value={language} onChange={setLanguage} />
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={submit}
          loading={save.isPending}
          disabled={!changed}
        >
          {t('about.update')}
        </Button>
      </Group>
      {texts ? (
        <>
          <SectionCard title={t('about.aboutUs')} icon={IconFileText}>
            <HtmlEditor
              key={`about-${language}-${settings ? 'loaded' : ''}`}
              label={t('about.aboutUsField', { language: t(`languages.${language}`) })}
              value={texts.aboutUsText[language]}
              onChange={(html) => edit('aboutUsText', html)}
            />
          </SectionCard>
          <SectionCard title={t('about.information')} icon={IconInfoCircle}>
            <HtmlEditor
              key={`information-${language}`}
              label={t('about.informationField', { language: t(`languages.${language}`) })}
              value={texts.informationText[language]}
              onChange={(html) => edit('informationText', html)}
            />
          </SectionCard>
        </>
      ) : (
        <Text c="dimmed">{t('reference.loading')}</Text>
      )}
    </Stack>
  );
}

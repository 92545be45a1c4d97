import { Badge, Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { TLanguage } from '@rounds/contracts/common';
import { LIMITS } from '@rounds/contracts/limits';
import type { TAppSettings, TBannerMessage } from '@rounds/contracts/settings';
import { IconDeviceFloppy, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageTabs } from '../../../../components/language-tabs';
import { SectionCard } from '../../../../components/section-card';
import { useSettingsDraft } from '../../hooks/use-settings-draft';
import { useSaveBanner } from '../api/save-banner';

type TBannerPageProps = {
  settings: TAppSettings | undefined;
  onSaved: (appSettings: TAppSettings) => void;
};

const field = (language: TLanguage) => (language === 'fr' ? 'text_fr' : 'text_en');

/**
 * The Banner section (doc 2 section 2): a language switch, the text of each language with its n/500 counter,
 * Activate or Deactivate, Update, and whether the banner is showing now.
 */
export function BannerPage({ settings, onSaved }: TBannerPageProps) {
  const { t } = useTranslation('admin-sections');
  const [language, setLanguage] = useState<TLanguage>('en');
  const save = useSaveBanner();
  const stored = settings?.bannerMessage;
  const { draft, setDraft, changed, submit: saveBanner } = useSettingsDraft(stored, save, onSaved);
  const banner: TBannerMessage = draft ?? stored ?? { text_en: '', text_fr: '', show: false };
  const text = banner[field(language)];
  const tooLong = [banner.text_en, banner.text_fr].some((value) => value.length > LIMITS.bannerMaxLength);

  const patch = (change: Partial<TBannerMessage>) => setDraft({ ...banner, ...change });
  const submit = () => saveBanner(banner);

  return (
    <SectionCard
      title={t('banner.title')}
      description={t('banner.description')}
      icon={IconSpeakerphone}
      aside={
        <Badge color={stored?.show ? 'teal' : 'gray'} variant="light" size="lg" radius="sm">
          {stored?.show ? t('banner.active') : t('banner.inactive')}
        </Badge>
      }
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <LanguageTabs label={t('banner.language')} value={language} onChange={setLanguage} />
          <SegmentedControl
            aria-label={t('banner.visibility')}
            value={banner.show ? 'on' : 'off'}
            onChange={(value) => patch({ show: value === 'on' })}
            color={banner.show ? 'teal' : 'gray'}
            data={[
              { value: 'on', label: t('banner.activate') },
              { value: 'off', label: t('banner.deactivate') },
            ]}
          />
        </Group>
        <Textarea
          key={language}
          label={t('banner.text', { language: t(`languages.${language}`) })}
          value={text}
          onChange={(event) => patch({ [field(language)]: event.currentTarget.value })}
          maxLength={LIMITS.bannerMaxLength}
          autosize
          minRows={4}
          maxRows={10}
          description={
            <Text component="span" fz="xs" c={text.length >= LIMITS.bannerMaxLength ? 'red' : 'dimmed'}>
              {t('banner.counter', { length: text.length, max: LIMITS.bannerMaxLength })}
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={submit}
            loading={save.isPending}
            disabled={!changed || tooLong}
          >
            {t('banner.update')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

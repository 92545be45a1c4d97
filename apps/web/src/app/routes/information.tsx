import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';
import { InfoPage } from '../../features/info/components/info-page';
import { useAppSettings } from '../../features/settings/api/get-app-settings';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { usePreferences } from '../../lib/preferences-store';
import { usePageTitle } from '../../lib/use-page-title';

/** Information (spec doc 2 section 2): the about-us layout with the information text. */
export function InformationRoute() {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const settings = useAppSettings();
  const square = useLogo('square');
  const title = t('pages.information');
  usePageTitle(title);

  return (
    <InfoPage
      title={title}
      logo={<BrandLogo src={square} height={64} withWordmark />}
      html={settings.data?.informationText[language]}
      loading={settings.isPending}
      emptyText={t('info.empty')}
      captions={[t('info.photoTeam'), t('info.photoSecure'), t('info.photoAllDay'), t('info.photoFacilities')]}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';
import { InfoPage } from '../../features/info/components/info-page';
import { useAppSettings } from '../../features/settings/api/get-app-settings';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { usePreferences } from '../../lib/preferences-store';
import { usePageTitle } from '../../lib/use-page-title';

/** About us (spec doc 2 section 2 "Information pages"): the about-us logo, the admin's text, four photos. */
export function AboutUsRoute() {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const settings = useAppSettings();
  const header = useLogo('aboutUsHeader');
  const square = useLogo('square');
  const title = t('pages.aboutUs');
  usePageTitle(title);

  return (
    <InfoPage
      title={title}
      logo={<BrandLogo src={header ?? square} height={64} withWordmark />}
      html={settings.data?.aboutUsText[language]}
      loading={settings.isPending}
      emptyText={t('info.empty')}
      captions={[t('info.photoTeam'), t('info.photoSecure'), t('info.photoAllDay'), t('info.photoFacilities')]}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';
import { InfoPage } from '../../features/info/components/info-page';
import { useAppSettings } from '../../features/settings/api/get-app-settings';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { usePreferences } from '../../lib/preferences-store';
import { usePageTitle } from '../../lib/use-page-title';

type TInfoRouteProps = {
  title: 'pages.aboutUs' | 'pages.information';
  /** The administrator's text of the page, in each language (app settings). */
  text: 'aboutUsText' | 'informationText';
  /** The about-us header logo leads, where one is set; otherwise the square logo. */
  withHeaderLogo?: boolean;
};

/** An information page (spec doc 2 section 2 "Information pages"): a logo, the admin's text, four photos. */
function InfoRoute({ title: titleKey, text, withHeaderLogo = false }: TInfoRouteProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const settings = useAppSettings();
  const header = useLogo('aboutUsHeader');
  const square = useLogo('square');
  const title = t(titleKey);
  usePageTitle(title);

  return (
    <InfoPage
      title={title}
      logo={<BrandLogo src={(withHeaderLogo ? header : undefined) ?? square} height={64} withWordmark />}
      html={settings.data?.[text][language]}
      loading={settings.isPending}
      emptyText={t('info.empty')}
      captions={[t('info.photoTeam'), t('info.photoSecure'), t('info.photoAllDay'), t('info.photoFacilities')]}
    />
  );
}

/** About us: the about-us logo, the admin's text, four photos. */
export function AboutUsRoute() {
  return <InfoRoute title="pages.aboutUs" text="aboutUsText" withHeaderLogo />;
}

/** Information: the about-us layout with the information text. */
export function InformationRoute() {
  return <InfoRoute title="pages.information" text="informationText" />;
}

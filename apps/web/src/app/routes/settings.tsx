import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Settings and Account tabs: built by the accounts issue. */
export function SettingsRoute() {
  const { t } = useTranslation();
  const page = t('pages.settings');
  usePageTitle(page);
  return <ComingSoon page={page} icon={IconSettings} />;
}

import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Groups: built by the groups issue. */
export function GroupRoute() {
  const { t } = useTranslation();
  const page = t('pages.group');
  usePageTitle(page);
  return <ComingSoon page={page} icon={IconUsersGroup} />;
}

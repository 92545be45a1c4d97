import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Recent chats, the home screen: built by the chat issue. */
export function RecentRoute() {
  const { t } = useTranslation();
  const page = t('pages.recent');
  usePageTitle(page);
  return <ComingSoon page={page} icon={IconMessages} />;
}

import { ROUTES } from '@rounds/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { RecentScreen } from '../../features/chat/components/recent-screen';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Recent chats, the home screen (spec doc 1 section 2). The route composes the chat feature with the
 * panel logo of the app settings (features do not import each other). The ?rs= linked-message parameter
 * is the chat feature's own (hooks/use-linked-message.ts).
 */
export function RecentRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.recent'));
  const logo = useLogo('recent');
  const navigate = useNavigate();
  return (
    <RecentScreen
      logo={<BrandLogo src={logo} height={32} withWordmark />}
      onStart={() => void navigate(ROUTES.contacts)}
    />
  );
}

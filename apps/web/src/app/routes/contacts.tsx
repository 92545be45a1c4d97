import { chatPath } from '@rounds/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ContactsScreen } from '../../features/contacts/components/contacts-screen';
import { OnCallList } from '../../features/on-call/components/on-call-list';
import { RoleMatches } from '../../features/on-call/components/role-matches';
import { useAppSettings } from '../../features/settings/api/get-app-settings';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { usePreferences } from '../../lib/preferences-store';
import { useSession } from '../../lib/session-store';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Contacts (spec doc 1 section 2). The route composes the contacts feature with the app settings it shows:
 * the panel logo for the theme and the banner message in the reader's language, and the On call view of the
 * on-call feature (issue 25) beside People (features do not import each other).
 */
export function ContactsRoute() {
  const { t } = useTranslation();
  const { t: onCall } = useTranslation('on-call');
  const userId = useSession((s) => s.user?.id) ?? '';
  const navigate = useNavigate();
  const openRoom = (twId: string) => void navigate(chatPath(twId));
  usePageTitle(t('pages.contacts'));
  const logo = useLogo('recent');
  const language = usePreferences((s) => s.language);
  const banner = useAppSettings().data?.bannerMessage;
  const bannerText = banner?.show ? (language === 'fr' ? banner.text_fr : banner.text_en).trim() : '';

  return (
    <ContactsScreen
      logo={<BrandLogo src={logo} height={32} withWordmark />}
      banner={bannerText || undefined}
      otherView={{
        label: onCall('view.onCall'),
        render: (context) => <OnCallList {...context} userId={userId} onOpenRoom={openRoom} />,
        matches: ({ facilityIds, keyword, showAll }) => (
          <RoleMatches facilityIds={facilityIds} keyword={keyword} onOpenRoom={openRoom} onShowAll={showAll} />
        ),
      }}
    />
  );
}

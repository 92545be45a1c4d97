import { IconAddressBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Contacts and filters: built by the contacts issue. */
export function ContactsRoute() {
  const { t } = useTranslation();
  const page = t('pages.contacts');
  usePageTitle(page);
  return <ComingSoon page={page} icon={IconAddressBook} />;
}

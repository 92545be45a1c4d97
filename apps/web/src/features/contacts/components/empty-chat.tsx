import { useTranslation } from 'react-i18next';
import { EmptyConversation } from '../../../components/empty-conversation';

/** No contact chosen: what to do, in one calm sentence. */
export function EmptyChat() {
  const { t } = useTranslation('contacts');
  return <EmptyConversation title={t('empty.title')} body={t('empty.body')} />;
}

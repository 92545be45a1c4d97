import { useTranslation } from 'react-i18next';
import { EmptyConversation } from '../../../components/empty-conversation';
import '../chat-texts';

/** No room open, or the one asked for is not available (left, removed, deleted). */
export function EmptyRoom({ unavailable = false }: { unavailable?: boolean }) {
  const { t } = useTranslation('chat');
  return <EmptyConversation title={unavailable ? t('empty.unavailable') : t('empty.title')} body={t('empty.body')} />;
}

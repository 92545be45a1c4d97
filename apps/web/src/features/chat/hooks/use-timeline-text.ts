import { useTranslation } from 'react-i18next';
import { dayKind } from '../lib/days';
import { formatDate } from '../lib/format-time';
import { useMessageText } from './use-message-text';
import { useNow } from './use-now';
import '../chat-texts';

/** What a message log needs to word its rows: the language, system lines, and day headers (Today, a date). */
export function useTimelineText() {
  const { t } = useTranslation('chat');
  const { language, systemLine } = useMessageText();
  const now = useNow();
  const dayLabel = (at: number) => {
    const kind = dayKind(at, now);
    return kind === 'date' ? formatDate(at, language, now) : t(`list.${kind}`);
  };
  return { language, systemLine, now, dayLabel };
}

import type { TMessage } from '@rounds/contracts/chat';
import type { TLanguage } from '@rounds/contracts/common';
import { toLanguage } from '@rounds/contracts/values';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { mediaLine } from '../lib/media-line';
import { snippet } from '../lib/snippet';
import { systemText } from '../lib/system-message';
import '../chat-texts';

/**
 * Texts built from messages in the reader's language: a system message's sentence, and the one-line preview
 * of a room's last message ('You: …', 'Liam: …' in groups), cut at 40 characters.
 */
export function useMessageText() {
  const { t, i18n } = useTranslation('chat');
  const me = useSession((s) => s.user?.id);
  const language: TLanguage = toLanguage(i18n.language);
  const list = useMemo(() => {
    const format = new Intl.ListFormat(language, { type: 'conjunction', style: 'long' });
    return (names: string[]) => format.format(names);
  }, [language]);

  const systemLine = useCallback(
    (message: TMessage, short = false) => {
      const { key, context, params } = systemText(message.attributes.event, list, me, short);
      return t(key, { ...params, context });
    },
    [t, list, me],
  );

  // A voice note or images sent without text still say what came, instead of an empty line.
  const mediaText = useCallback(
    (message: TMessage) => {
      const line = mediaLine(message);
      return line ? t(line.key, line.values) : '';
    },
    [t],
  );

  const preview = useCallback(
    (message: TMessage | null, group: boolean) => {
      if (!message) return t('list.noMessages');
      // A direct room's row already names the other person: its line does not name them again.
      if (message.attributes.systemMessage) return snippet(systemLine(message, !group));
      const text = snippet(message.body || mediaText(message));
      if (message.author === me) return snippet(t('list.you', { text }));
      if (group)
        return snippet(t('list.author', { name: message.authorName.split(' ')[0] ?? message.authorName, text }));
      return text;
    },
    [t, systemLine, mediaText, me],
  );

  return { language, systemLine, preview };
}

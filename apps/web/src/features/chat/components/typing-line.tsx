import { useTranslation } from 'react-i18next';
import { typingText } from '../lib/typing-text';
import { useTyping } from '../stores/typing';
import classes from './chat.module.css';
import '../chat-texts';

/** Who is typing in the room: up to three names, then 'and N other people' (spec doc 1 section 9). */
export function TypingLine({ twId }: { twId: string }) {
  const { t } = useTranslation('chat');
  const typers = useTyping((s) => s.rooms[twId]);
  const text = typingText((typers ?? []).map((typer) => typer.fullName));
  let line = '';
  if (text?.key === 'typing.one') line = t('typing.one', text.params);
  else if (text?.key === 'typing.two') line = t('typing.two', text.params);
  else if (text?.key === 'typing.three') line = t('typing.three', text.params);
  else if (text?.key === 'typing.more') line = t('typing.more', text.params);
  // Always rendered, one line high: the list does not jump when someone starts typing.
  return (
    <div className={classes.typing} aria-live="polite">
      {line}
    </div>
  );
}

import { ActionIcon, Textarea, Tooltip } from '@mantine/core';
import { CHAT_LIMITS } from '@rounds/contracts/chat';
import { TIMINGS } from '@rounds/contracts/limits';
import { IconSend2 } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendTyping } from '../api/send-typing';
import { sendMessage } from '../delivery/outbox-sender';
import { createThrottledSaver, readDraft, writeDraft } from '../lib/drafts';
import classes from './chat.module.css';

type TComposerProps = { twId: string; userId: string };

/**
 * The message box: Enter sends, Shift+Enter starts a new line, Send is off while there is nothing to send.
 * The draft is kept per room (saved at most every 500 ms, spec doc 1 section 9) and comes back on return.
 * Typing is announced to the others at most every 2 s.
 */
export function Composer({ twId, userId }: TComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(() => readDraft(userId, twId));
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const saver = useMemo(
    () => createThrottledSaver<string>((value) => writeDraft(userId, twId, value), TIMINGS.draftSaveMs),
    [userId, twId],
  );
  useEffect(() => () => saver.flush(), [saver]);

  // On a large screen the cursor waits in the box; on a phone that would pop the keyboard over the messages.
  useEffect(() => {
    if (window.matchMedia('(min-width: 768px)').matches) inputRef.current?.focus({ preventScroll: true });
  }, []);

  const empty = text.trim().length === 0;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty) return;
    sendMessage(twId, text.trim());
    setText('');
    saver.push('');
    saver.flush();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME composition (Japanese, Chinese…) is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={classes.composer} onSubmit={submit}>
      <Textarea
        ref={inputRef}
        className={classes.composerInput}
        aria-label={t('composer.label')}
        placeholder={t('composer.label')}
        title={t('composer.hint')}
        value={text}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          saver.push(value);
          if (value.trim()) sendTyping(twId);
        }}
        onKeyDown={onKeyDown}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={CHAT_LIMITS.messageMaxLength}
        radius="lg"
        size="md"
      />
      <Tooltip label={t('composer.send')} withArrow>
        <ActionIcon type="submit" size={42} radius="xl" disabled={empty} aria-label={t('composer.send')}>
          <IconSend2 size={20} stroke={1.8} />
        </ActionIcon>
      </Tooltip>
    </form>
  );
}

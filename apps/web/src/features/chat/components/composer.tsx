import { ActionIcon, Textarea, Tooltip } from '@mantine/core';
import { CHAT_LIMITS, type TChatRoom } from '@rounds/contracts/chat';
import { CHAT_FILE_TYPES } from '@rounds/contracts/chat-files';
import { TIMINGS } from '@rounds/contracts/limits';
import { SPEECH_LIMITS } from '@rounds/contracts/speech';
import { toLanguage } from '@rounds/contracts/values';
import { IconFlag, IconPaperclip, IconSend2 } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../../../lib/session-store';
import { useSpeechStatus } from '../api/get-speech-status';
import { sendTyping } from '../api/send-typing';
import { sendMessage } from '../delivery/outbox-sender';
import { addFiles, releaseTray } from '../delivery/uploads';
import { useDictation } from '../hooks/use-dictation';
import { anchorAt, type TDictationAnchor, withDictation } from '../lib/dictation-text';
import { createThrottledSaver, readDraft, writeDraft } from '../lib/drafts';
import type { TSendExtras } from '../lib/outbox-entry';
import { useAttachments } from '../stores/attachments';
import { useUploadBanner } from '../stores/upload-banner';
import classes from './chat.module.css';
import { ComposerButton } from './composer-button';
import { DictationBar, DictationButton } from './dictation';
import { ImportanceModal } from './importance-modal';
import { UploadBanner } from './upload-banner';
import { UploadTray } from './upload-tray';
import { VoiceRecorder } from './voice-recorder';
import '../chat-texts';

type TComposerProps = { room: TChatRoom; userId: string };

const ACCEPT = CHAT_FILE_TYPES.join(',');

/**
 * The message box: Enter sends, Shift+Enter starts a new line, Send is off while there is nothing to send.
 * Images wait in the tray above it while they upload; Send with an upload still running is refused with the
 * spec's text. The flag sends through the importance dialog; the microphone records a voice note instead.
 * The draft (text only) is kept per room (saved at most every 500 ms, spec doc 1 section 9).
 * Typing is announced to the others at most every 2 s. Dictation (when the server has a speech engine and the
 * user's speechToText permission is not off) puts the recognised words at the cursor, for editing; it never
 * sends by itself. The box is read-only while words arrive, so the text being recognised cannot collide with
 * typing.
 */
export function Composer({ room, userId }: TComposerProps) {
  const { twId } = room;
  const { t } = useTranslation('chat');
  const [text, setText] = useState(() => readDraft(userId, twId));
  const [importance, setImportance] = useState(false);
  const [recording, setRecording] = useState<MediaStream | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const tray = useAttachments(useShallow((s) => s.files.filter((file) => file.twId === twId)));
  const saver = useMemo(
    () => createThrottledSaver<string>((value) => writeDraft(userId, twId, value), TIMINGS.draftSaveMs),
    [userId, twId],
  );
  useEffect(() => () => saver.flush(), [saver]);

  const { i18n } = useTranslation();
  const speech = useSpeechStatus();
  const mayDictate = useSession((s) => s.user?.permissions.speechToText !== false);
  const anchor = useRef<TDictationAnchor | null>(null);
  const textRef = useRef(text);
  textRef.current = text;
  const dictation = useDictation({
    language: toLanguage(i18n.language),
    onStart: () => {
      const input = inputRef.current;
      const value = textRef.current;
      anchor.current = anchorAt(value, input?.selectionStart ?? value.length, input?.selectionEnd ?? value.length);
    },
    onText: (recognised, final) => {
      if (!anchor.current) return;
      const { value, caret } = withDictation(anchor.current, recognised);
      setText(value);
      saver.push(value);
      requestAnimationFrame(() => {
        inputRef.current?.setSelectionRange(caret, caret);
        if (final) inputRef.current?.focus();
      });
    },
    onEnd: () => {
      anchor.current = null;
    },
  });
  const dictating = dictation.state !== 'idle';
  const { cancel: cancelDictation } = dictation;
  // The permission taken away while dictating (PermissionsChanged): stop now; the server ends it too.
  useEffect(() => {
    if (!mayDictate) cancelDictation('STT_NOT_ALLOWED');
  }, [mayDictate, cancelDictation]);

  // On a large screen the cursor waits in the box; on a phone that would pop the keyboard over the messages.
  useEffect(() => {
    if (window.matchMedia('(min-width: 768px)').matches) inputRef.current?.focus({ preventScroll: true });
  }, []);

  const live = tray.filter((file) => file.error === null);
  const empty = text.trim().length === 0 && live.length === 0;

  /** Sends what is written and uploaded; false when it may not go yet (the banner says why). */
  const send = (extras: TSendExtras = {}): boolean => {
    if (live.some((file) => file.key === null)) {
      useUploadBanner.getState().show(t('files.errors.notUploaded'));
      return false;
    }
    // Words are still arriving: the user sends once the text is final and checked.
    if (empty || dictating) return false;
    const keys = live.map((file) => file.key!);
    sendMessage(twId, text.trim(), { ...extras, files: keys.length > 0 ? keys : undefined });
    releaseTray(twId);
    setText('');
    saver.push('');
    saver.flush();
    inputRef.current?.focus();
    return true;
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME composition (Japanese, Chinese…) is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const pick = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const refused = addFiles(twId, [...files]);
    if (refused) useUploadBanner.getState().show(refused);
  };

  if (recording) {
    return (
      <div className={classes.composerWrap}>
        <VoiceRecorder twId={twId} stream={recording} onDone={() => setRecording(null)} />
      </div>
    );
  }

  return (
    <div className={classes.composerWrap}>
      <UploadBanner />
      <UploadTray twId={twId} />
      {dictating && (
        <DictationBar
          state={dictation.state}
          elapsed={dictation.elapsed}
          level={dictation.level}
          maxSeconds={speech.data?.maxSeconds ?? SPEECH_LIMITS.maxSeconds}
          onStop={dictation.stop}
        />
      )}
      <form className={classes.composer} onSubmit={submit}>
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="attach-input"
          onChange={(event) => {
            pick(event.currentTarget.files);
            // The same photo picked again after removing it is a new choice.
            event.currentTarget.value = '';
          }}
        />
        <ComposerButton label={t('files.attach')} color="gray" onClick={() => fileRef.current?.click()}>
          <IconPaperclip size={20} stroke={1.8} />
        </ComposerButton>
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
          readOnly={dictating}
          onPaste={(event) => {
            // A screenshot pasted from the clipboard is an image like any other.
            if (event.clipboardData.files.length > 0) {
              event.preventDefault();
              pick(event.clipboardData.files);
            }
          }}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_LIMITS.messageMaxLength}
          radius="lg"
          size="md"
        />
        {speech.data?.available && mayDictate && (
          <DictationButton state={dictation.state} onStart={() => void dictation.start()} onStop={dictation.stop} />
        )}
        {empty ? (
          // Nothing written: the microphone takes the flag's place (a voice note is sent on its own).
          <VoiceRecorder.Start onStart={setRecording} />
        ) : (
          <ComposerButton
            label={t('importance.open')}
            color="orange"
            onClick={() => setImportance(true)}
            aria-haspopup="dialog"
          >
            <IconFlag size={20} stroke={1.8} />
          </ComposerButton>
        )}
        <Tooltip label={t('composer.send')} withArrow>
          <ActionIcon type="submit" size={42} radius="xl" disabled={empty || dictating} aria-label={t('composer.send')}>
            <IconSend2 size={20} stroke={1.8} />
          </ActionIcon>
        </Tooltip>
      </form>
      <ImportanceModal
        opened={importance}
        room={room}
        mode="send"
        onClose={() => setImportance(false)}
        onConfirm={(options) => {
          // Closed either way: a refusal (uploads still running) shows in the banner under the dialog.
          send(options);
          setImportance(false);
        }}
      />
    </div>
  );
}

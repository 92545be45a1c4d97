import { CloseButton, Loader, RingProgress, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { removeFile } from '../delivery/uploads';
import { useAttachments } from '../stores/attachments';
import classes from './chat.module.css';
import '../chat-texts';

/**
 * The images waiting to go with the next message: a preview each, its upload progress, a failure marked in
 * red with the reason, and a remove button (which cancels the upload or withdraws the uploaded file).
 */
export function UploadTray({ twId }: { twId: string }) {
  const { t } = useTranslation('chat');
  const files = useAttachments(useShallow((s) => s.files.filter((file) => file.twId === twId)));
  if (files.length === 0) return null;
  return (
    <ul className={classes.tray} aria-label={t('files.tray')}>
      {files.map((file) => {
        const state = file.error ? 'error' : file.key ? 'done' : 'uploading';
        const percent = Math.round(file.progress * 100);
        return (
          <li key={file.id} className={classes.trayItem} data-state={state}>
            <img src={file.previewUrl} alt="" className={classes.trayThumb} />
            {state === 'uploading' && (
              <span
                className={classes.trayOverlay}
                role="progressbar"
                aria-valuenow={percent}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label={t('files.uploading', { name: file.name })}
              >
                {percent < 100 ? (
                  <RingProgress size={34} thickness={3} sections={[{ value: percent, color: 'white' }]} />
                ) : (
                  <Loader size="xs" color="white" />
                )}
              </span>
            )}
            {state === 'error' && (
              <Tooltip label={file.error} withArrow multiline w={220}>
                <span className={classes.trayOverlay} data-error role="img" aria-label={`${file.name}: ${file.error}`}>
                  <IconAlertTriangle size={20} />
                </span>
              </Tooltip>
            )}
            <CloseButton
              size="xs"
              radius="xl"
              variant="filled"
              className={classes.trayRemove}
              aria-label={t('files.remove', { name: file.name })}
              onClick={() => removeFile(file.id)}
            />
          </li>
        );
      })}
    </ul>
  );
}

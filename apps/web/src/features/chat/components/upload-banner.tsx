import { CloseButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUploadBanner } from '../stores/upload-banner';
import classes from './chat.module.css';
import '../chat-texts';

/** A refused file or send, above the composer for four seconds. */
export function UploadBanner() {
  const { t } = useTranslation('chat');
  const text = useUploadBanner((s) => s.text);
  if (!text) return null;
  return (
    <div className={classes.uploadBanner} role="alert">
      <IconAlertTriangle size={16} aria-hidden style={{ flex: 'none' }} />
      <span>{text}</span>
      <CloseButton
        size="sm"
        ml="auto"
        aria-label={t('files.dismiss')}
        onClick={() => useUploadBanner.getState().hide()}
      />
    </div>
  );
}

import { ActionIcon, Center, Group, Loader, Modal, Text, Tooltip } from '@mantine/core';
import type { TMessageFile } from '@rounds/contracts/chat-files';
import { IconChevronLeft, IconChevronRight, IconDownload, IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatFileUrl } from '../api/get-chat-file';
import classes from './chat.module.css';
import '../chat-texts';

type TMediaGalleryProps = { files: TMessageFile[]; start: number; onClose: () => void };

/**
 * The media gallery (spec doc 1 section 2): one original image at a time, arrows (buttons or keys) to move,
 * 'n / total', download, Escape closes (Mantine's modal; the room's Escape handler leaves dialogs alone).
 */
export function MediaGallery({ files, start, onClose }: TMediaGalleryProps) {
  const { t } = useTranslation('chat');
  const [index, setIndex] = useState(start);
  const file = files[index]!;
  const { url, failed } = useChatFileUrl(file.key);
  const total = files.length;
  const move = (step: number) => setIndex((current) => (current + step + total) % total);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((current) => (current + 1) % total);
      if (event.key === 'ArrowLeft') setIndex((current) => (current - 1 + total) % total);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [total]);

  return (
    <Modal
      opened
      onClose={onClose}
      size="auto"
      centered
      padding="sm"
      title={
        <Text fz="sm" fw={600} component="span" aria-live="polite" data-testid="gallery-counter">
          {t('gallery.counter', { n: index + 1, total })}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('gallery.close') }}
      aria-label={t('gallery.title')}
      classNames={{ body: classes.galleryBody }}
    >
      <div className={classes.galleryStage}>
        {failed ? (
          <Center className={classes.galleryEmpty}>
            <IconPhotoOff size={40} stroke={1.4} aria-hidden />
            <Text fz="sm">{t('gallery.failed')}</Text>
          </Center>
        ) : url ? (
          <img src={url} alt={file.name} className={classes.galleryImage} />
        ) : (
          <Center className={classes.galleryEmpty} role="status" aria-label={t('gallery.loading')}>
            <Loader size="sm" />
          </Center>
        )}
      </div>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Tooltip label={t('gallery.previous')} withArrow>
          <ActionIcon
            variant="default"
            size={40}
            radius="xl"
            onClick={() => move(-1)}
            disabled={total < 2}
            aria-label={t('gallery.previous')}
          >
            <IconChevronLeft size={20} />
          </ActionIcon>
        </Tooltip>
        <Text fz="sm" c="dimmed" truncate style={{ minWidth: 0 }}>
          {file.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Tooltip label={t('gallery.download')} withArrow>
            <ActionIcon
              component="a"
              href={url ?? undefined}
              download={file.name}
              variant="default"
              size={40}
              radius="xl"
              aria-label={t('gallery.download')}
              data-disabled={!url || undefined}
            >
              <IconDownload size={19} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('gallery.next')} withArrow>
            <ActionIcon
              variant="default"
              size={40}
              radius="xl"
              onClick={() => move(1)}
              disabled={total < 2}
              aria-label={t('gallery.next')}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Modal>
  );
}

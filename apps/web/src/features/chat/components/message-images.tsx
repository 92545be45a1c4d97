import { Loader } from '@mantine/core';
import type { TMessageFile } from '@rounds/contracts/chat-files';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatFileUrl } from '../api/get-chat-file';
import { imageTiles } from '../lib/image-grid';
import classes from './chat.module.css';
import { MediaGallery } from './media-gallery';
import '../chat-texts';

type TMessageImagesProps = { files: TMessageFile[]; own: boolean };

/**
 * The images of a message as thumbnails (thumb=1, a small WebP), at most six, the sixth carrying '+N' when
 * there are more. Each opens the gallery at that image. Outside the bubble's button: a button in a button
 * is not allowed, and each thumbnail is a control of its own.
 */
export function MessageImages({ files, own }: TMessageImagesProps) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState<number | null>(null);
  const tiles = imageTiles(files);
  return (
    <>
      <ul
        className={classes.images}
        data-count={Math.min(tiles.length, 4)}
        data-own={own || undefined}
        aria-label={t('files.images', { count: files.length })}
      >
        {tiles.map((tile) => (
          <li key={tile.file.id}>
            <button
              type="button"
              className={classes.imageTile}
              onClick={() => setOpen(tile.index)}
              aria-label={
                tile.more > 0
                  ? t('files.openMore', { count: tile.more })
                  : t('files.open', { name: tile.file.name, n: tile.index + 1, total: files.length })
              }
            >
              <Thumbnail fileKey={tile.file.key} />
              {tile.more > 0 && (
                <span className={classes.imageMore} aria-hidden>
                  +{tile.more}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <MediaGallery files={files} start={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function Thumbnail({ fileKey }: { fileKey: string }) {
  const { url, failed } = useChatFileUrl(fileKey, { thumb: true });
  if (failed) return <IconPhotoOff size={22} stroke={1.5} aria-hidden />;
  if (!url) return <Loader size="xs" aria-hidden />;
  return <img src={url} alt="" className={classes.imageThumb} draggable={false} />;
}

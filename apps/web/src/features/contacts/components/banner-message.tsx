import { LIMITS } from '@rounds/contracts/limits';
import { IconSpeakerphone } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './contacts.module.css';

/**
 * The administrator's banner message (app settings), in the reader's language. Up to 30 characters it sits
 * still; a longer one scrolls across, slowly enough to read, pausing under the pointer or focus. With
 * reduced motion asked for, it wraps instead (contacts.module.css).
 */
export function BannerMessage({ text }: { text: string }) {
  const { t } = useTranslation('contacts');
  const scrolls = [...text].length > LIMITS.bannerStaticMaxLength;
  // About 7 characters a second, whatever the length: the same reading pace for short and long messages.
  const duration = `${Math.max(8, Math.round(text.length / 7 + 6))}s`;
  return (
    <section className={classes.banner} aria-label={t('banner')}>
      <IconSpeakerphone size={18} stroke={1.6} aria-hidden style={{ flex: 'none' }} />
      {scrolls ? (
        // Focusable so keyboard users can pause it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling text must be pausable from the keyboard
        <div className={classes.marquee} tabIndex={0} style={{ '--marquee-duration': duration } as CSSProperties}>
          <div className={classes.marqueeTrack}>
            <span className={classes.marqueeText}>{text}</span>
            <span className={classes.marqueeText} aria-hidden>
              {text}
            </span>
          </div>
        </div>
      ) : (
        <span className={classes.bannerText}>{text}</span>
      )}
    </section>
  );
}

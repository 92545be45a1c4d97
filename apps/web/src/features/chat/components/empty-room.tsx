import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './chat.module.css';
import '../chat-texts';

/** Two quiet speech bubbles in the theme's colours (the same picture as on Contacts). */
function ChatIllustration() {
  return (
    <svg className={classes.illustration} viewBox="0 0 240 170" aria-hidden>
      <ellipse cx="120" cy="156" rx="92" ry="8" fill="currentColor" opacity="0.08" />
      <rect x="20" y="18" width="132" height="82" rx="22" fill="currentColor" opacity="0.14" />
      <path d="M48 96 L40 120 L70 100 Z" fill="currentColor" opacity="0.14" />
      <rect x="42" y="42" width="72" height="9" rx="4.5" fill="currentColor" opacity="0.35" />
      <rect x="42" y="62" width="50" height="9" rx="4.5" fill="currentColor" opacity="0.25" />
      <rect x="96" y="62" width="124" height="74" rx="22" fill="currentColor" opacity="0.9" />
      <path d="M192 132 L204 152 L176 134 Z" fill="currentColor" opacity="0.9" />
      <circle cx="130" cy="99" r="6" fill="var(--mantine-color-body)" />
      <circle cx="158" cy="99" r="6" fill="var(--mantine-color-body)" opacity="0.8" />
      <circle cx="186" cy="99" r="6" fill="var(--mantine-color-body)" opacity="0.6" />
    </svg>
  );
}

/** No room open, or the one asked for is not available (left, removed, deleted). */
export function EmptyRoom({ unavailable = false }: { unavailable?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <div className={classes.center}>
      <ChatIllustration />
      <Title order={2} fz="h4">
        {unavailable ? t('empty.unavailable') : t('empty.title')}
      </Title>
      <Text c="dimmed" fz="sm" maw={340}>
        {t('empty.body')}
      </Text>
    </div>
  );
}

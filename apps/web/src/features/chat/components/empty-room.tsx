import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChatIllustration } from '../../../components/chat-illustration';
import classes from './chat.module.css';
import '../chat-texts';

/** No room open, or the one asked for is not available (left, removed, deleted). */
export function EmptyRoom({ unavailable = false }: { unavailable?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <div className={classes.center}>
      <ChatIllustration className={classes.illustration} />
      <Title order={2} fz="h4">
        {unavailable ? t('empty.unavailable') : t('empty.title')}
      </Title>
      <Text c="dimmed" fz="sm" maw={340}>
        {t('empty.body')}
      </Text>
    </div>
  );
}

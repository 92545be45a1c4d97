import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChatIllustration } from '../../../components/chat-illustration';
import classes from './contacts.module.css';

/** No contact chosen: what to do, in one calm sentence. */
export function EmptyChat() {
  const { t } = useTranslation('contacts');
  return (
    <div className={classes.detailCenter}>
      <ChatIllustration className={classes.illustration} />
      <Title order={2} fz="h4">
        {t('empty.title')}
      </Title>
      <Text c="dimmed" fz="sm" maw={340}>
        {t('empty.body')}
      </Text>
    </div>
  );
}

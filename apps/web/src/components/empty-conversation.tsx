import { Text, Title } from '@mantine/core';
import { ChatIllustration } from './chat-illustration';
import classes from './empty-conversation.module.css';
import split from './split-screen.module.css';

/** The empty side of Recent and of Contacts: the illustration, a title and one calm sentence. */
export function EmptyConversation({ title, body }: { title: string; body: string }) {
  return (
    <div className={split.detailCenter}>
      <ChatIllustration className={classes.illustration} />
      <Title order={2} fz="h4">
        {title}
      </Title>
      <Text c="dimmed" fz="sm" maw={340}>
        {body}
      </Text>
    </div>
  );
}

import { Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';

type TCardHeadingProps = {
  title: string;
  help: string;
  /** For a card that is a section named by its title. */
  id?: string;
  style?: CSSProperties;
};

/** An administration card's title and the sentence under it that says what the card does. */
export function CardHeading({ title, help, id, style }: TCardHeadingProps) {
  return (
    <div style={style}>
      <Title order={2} fz="h4" id={id}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed" mt={4}>
        {help}
      </Text>
    </div>
  );
}

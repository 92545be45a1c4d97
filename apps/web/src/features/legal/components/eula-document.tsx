import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { TEulaBlock, TEulaDocument } from '../eula-types';

function Block({ block }: { block: TEulaBlock }) {
  if (typeof block === 'string') return <Text lh={1.7}>{block}</Text>;
  if ('list' in block) {
    return (
      <List spacing={6} pl="xs" styles={{ itemLabel: { lineHeight: 1.6 } }}>
        {block.list.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    );
  }
  return (
    <Text lh={1.7}>
      <Text component="strong" fw={650}>
        {block.term}
      </Text>{' '}
      {block.meaning}
    </Text>
  );
}

function blockKey(block: TEulaBlock): string {
  if (typeof block === 'string') return block;
  return 'list' in block ? block.list.join('|') : block.term;
}

/** Renders a licence document; the text itself comes from eula-en.ts or eula-fr.ts. */
export function EulaDocument({ document }: { document: TEulaDocument }) {
  return (
    <Stack gap="lg" component="article">
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {document.title}
        </Title>
        <Text c="dimmed" fz="sm" mt={4}>
          {document.lastUpdated}
        </Text>
      </div>
      {document.preamble.map((paragraph) => (
        <Text key={paragraph} lh={1.7}>
          {paragraph}
        </Text>
      ))}

      <nav aria-label={document.contents}>
        <Text fw={650} fz="sm" tt="uppercase" c="dimmed" mb={6} style={{ letterSpacing: 0.6 }}>
          {document.contents}
        </Text>
        <List listStyleType="none" spacing={4} fz="sm">
          {document.sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor href={`#${section.id}`}>{section.heading}</Anchor>
            </List.Item>
          ))}
        </List>
      </nav>

      {document.sections.map((section) => (
        <Stack key={section.id} gap="sm" component="section" id={section.id} style={{ scrollMarginTop: 16 }}>
          <Title order={2} fz="h3">
            {section.heading}
          </Title>
          {section.body.map((block) => (
            <Block key={blockKey(block)} block={block} />
          ))}
          {section.clauses?.map((clause) => (
            <Stack key={clause.heading} gap={6}>
              <Title order={3} fz="h5">
                {clause.heading}
              </Title>
              {clause.body.map((block) => (
                <Block key={blockKey(block)} block={block} />
              ))}
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

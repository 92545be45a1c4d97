import { Button, CopyButton, Group } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

type TCopyAndDoneProps = {
  /** What Copy puts on the clipboard. */
  value: string;
  texts: { copy: string; copied: string; done: string };
  onDone: () => void;
};

/** Under a secret shown once (recovery codes, a SCIM token): Copy, which says when it has, and Done. */
export function CopyAndDone({ value, texts, onDone }: TCopyAndDoneProps) {
  return (
    <Group justify="space-between" wrap="wrap">
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? texts.copied : texts.copy}
          </Button>
        )}
      </CopyButton>
      <Button onClick={onDone}>{texts.done}</Button>
    </Group>
  );
}

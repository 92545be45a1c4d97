import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { ReactNode } from 'react';

type TDropzoneLabelProps = {
  /** The icon while a file the zone takes is dragged over it, one it refuses, and at rest. */
  accept: ReactNode;
  reject: ReactNode;
  idle: ReactNode;
  title: string;
  hint: string;
  /** A small zone in a grid of cards (the logos) rather than a card's whole width (bulk upload). */
  compact?: boolean;
};

/** What a drop zone shows: an icon for its state, what to drop and what is accepted. */
export function DropzoneLabel({ accept, reject, idle, title, hint, compact = false }: TDropzoneLabelProps) {
  return (
    <Group
      justify="center"
      gap={compact ? 'xs' : 'md'}
      mih={compact ? 40 : 96}
      wrap="nowrap"
      style={{ pointerEvents: 'none' }}
    >
      <Dropzone.Accept>{accept}</Dropzone.Accept>
      <Dropzone.Reject>{reject}</Dropzone.Reject>
      <Dropzone.Idle>{idle}</Dropzone.Idle>
      <Stack gap={compact ? 0 : 2}>
        <Text fz="sm" fw={compact ? 500 : 600}>
          {title}
        </Text>
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Group>
  );
}

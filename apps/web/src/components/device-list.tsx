import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The browsers an account uses, one row each (Settings' signed-in devices and push devices). */
export function DeviceList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

type TDeviceRowProps = {
  name: string;
  /** The badge on the row of the browser in use, in the caller's words; none on the others. */
  thisDevice?: string;
  /** The dimmed lines under the name. */
  details: ReactNode;
  /** What can be done to that device, at the row's end. */
  action: ReactNode;
  /** The sessions' rows carry two lines of details and get more room than the push devices' one. */
  py?: number;
  linesGap?: number;
} & { [data: `data-${string}`]: string };

/** One device: its name and "this device" badge over its details, a rule above it, an action at the end. */
export function DeviceRow({ name, thisDevice, details, action, py = 8, linesGap = 0, ...data }: TDeviceRowProps) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={py}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      {...data}
    >
      <Stack gap={linesGap} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={500} truncate="end">
            <bdi>{name}</bdi>
          </Text>
          {thisDevice && (
            <Badge size="xs" variant="light" style={{ flex: 'none' }}>
              {thisDevice}
            </Badge>
          )}
        </Group>
        {details}
      </Stack>
      {action}
    </Group>
  );
}

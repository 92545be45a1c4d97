import { ActionIcon, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { scrollable } from './scrollable';

/**
 * The table of an administration list (reference lists, on-call roles, user logs): a bordered card that
 * scrolls sideways on a phone in a focusable, named region, its header cells and its rows.
 */
export function AdminTable({
  label,
  minWidth,
  busy,
  head,
  children,
}: {
  /** The scroll region's name for screen readers, e.g. 'Departments, table'. */
  label: string;
  minWidth: number;
  /** A page is being fetched (aria-busy). */
  busy: boolean;
  /** The header cells (Table.Th). */
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth} {...scrollable(label)}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The one row a table shows when it has none: loading while the first page comes, else its empty text. */
export function TableStateRow({
  columns,
  pending,
  loading,
  empty,
  py = 'lg',
}: {
  columns: number;
  pending: boolean;
  loading: string;
  empty: string;
  py?: 'md' | 'lg';
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py={py} fz="sm">
          {pending ? loading : empty}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** An action of a row: its tooltip, its accessible name (naming the row) and where it goes or what it does. */
type TRowAction = { tip: string; label: string } & ({ to: string } | { onClick: () => void });

const icon = { size: 18, stroke: 1.7 } as const;

/** The Actions cell of an admin row: edit (a link or a button) and delete or retire, in red. */
export function RowActions({
  edit,
  remove,
  children,
}: {
  edit: TRowAction;
  remove: TRowAction & { onClick: () => void };
  /** A list's own actions, before edit and delete (on-call roles: their escalation). */
  children?: ReactNode;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      <Tooltip label={edit.tip}>
        {'to' in edit ? (
          <ActionIcon component={Link} to={edit.to} variant="subtle" aria-label={edit.label}>
            <IconPencil {...icon} />
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" aria-label={edit.label} onClick={edit.onClick}>
            <IconPencil {...icon} />
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip label={remove.tip}>
        <ActionIcon variant="subtle" color="red" aria-label={remove.label} onClick={remove.onClick}>
          <IconTrash {...icon} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

import { Badge, Button, Group, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { BREAK_GLASS_LIMITS, type TBreakGlassRoom } from '@rounds/contracts/compliance';
import { TIMINGS } from '@rounds/contracts/limits';
import { IconEye, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '../../../../components/card-heading';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { FormActions } from '../../../../components/form-actions';
import { PageNumbers } from '../../../../components/page-numbers';
import { scrollable } from '../../../../components/scrollable';
import { SearchInput } from '../../../../components/search-input';
import { TableStateRow } from '../../components/table-state-row';
import { PAGE_SIZE, useBreakGlassRooms } from '../api/find-rooms';
import { useOpenBreakGlass } from '../api/open-break-glass';

/**
 * Administration › Break-glass access (issue 27): find a conversation (server-paged, by group name or member),
 * type why, confirm; the read-only view opens (`onView`). Rooms with a live grant of the Admin's open directly.
 */
export function BreakGlassPage({ onView }: { onView: (roomId: string) => void }) {
  const { t, i18n } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), TIMINGS.searchDebounceMs);
  const [page, setPage] = useState(1);
  const rooms = useBreakGlassRooms(q, page);
  const open = useOpenBreakGlass();
  const [chosen, setChosen] = useState<TBreakGlassRoom | null>(null);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [tried, setTried] = useState(false);
  // A phone: tighter cells, so the conversation and its button fit without scrolling sideways.
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;
  const rows = rooms.data?.results ?? [];
  const total = rooms.data?.total ?? 0;
  const time = (at: number) => new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(at);
  const when = (at: number | null) =>
    at === null
      ? t('breakGlass.never')
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  const short = reason.trim().length < BREAK_GLASS_LIMITS.reasonMin;
  const choose = (room: TBreakGlassRoom | null) => {
    setChosen(room);
    setReason('');
    setTried(false);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <CardHeading title={t('breakGlass.title')} help={t('breakGlass.help')} />
        {chosen && (
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-red-light)">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                setTried(true);
                if (!short) setConfirming(true);
              }}
            >
              <Stack gap="sm">
                <Text fw={600}>{t('breakGlass.reasonTitle', { name: chosen.label })}</Text>
                <Textarea
                  label={t('breakGlass.reason')}
                  description={t('breakGlass.reasonHelp', { min: BREAK_GLASS_LIMITS.reasonMin })}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  maxLength={BREAK_GLASS_LIMITS.reasonMax}
                  error={tried && short ? t('breakGlass.reasonTooShort', { min: BREAK_GLASS_LIMITS.reasonMin }) : null}
                  autosize
                  minRows={2}
                  required
                  data-autofocus
                  autoFocus
                />
                <FormActions cancelLabel={common('common.cancel')} onCancel={() => choose(null)} color="red">
                  {t('breakGlass.continue')}
                </FormActions>
              </Stack>
            </form>
          </Paper>
        )}
        <SearchInput
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          clearLabel={t('breakGlass.clearSearch')}
          placeholder={t('breakGlass.search')}
          aria-label={t('breakGlass.search')}
        />
        <Table.ScrollContainer minWidth={300} {...scrollable(t('breakGlass.table'))}>
          <Table verticalSpacing="sm" horizontalSpacing={phone ? 6 : 'md'} aria-busy={rooms.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={140}>{t('breakGlass.conversation')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('breakGlass.lastActivity')}</Table.Th>
                <Table.Th ta="right">{t('reference.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((room) => (
                <Table.Tr key={room.id} data-testid="break-glass-room">
                  <Table.Td>
                    <Text fw={600} fz="sm">
                      {room.label}
                    </Text>
                    <Group gap={6} mt={2}>
                      <Text fz="xs" c="dimmed">
                        {room.type === 'direct' ? t('breakGlass.kindDirect') : t('breakGlass.kindGroup')} ·{' '}
                        {t('breakGlass.memberCount', { count: room.memberCount })}
                      </Text>
                      {room.grant && (
                        <Badge color="red" variant="light" radius="sm" tt="none">
                          {t('breakGlass.openUntil', { time: time(room.grant.expiresAt) })}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm">{when(room.lastMessageAt)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {room.isMember ? (
                      <Text fz="xs" c="dimmed">
                        {t('breakGlass.member')}
                      </Text>
                    ) : room.grant ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={phone ? undefined : <IconEye size={14} />}
                        aria-label={t('breakGlass.viewItem', { name: room.label })}
                        onClick={() => onView(room.id)}
                      >
                        {t('breakGlass.view')}
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={phone ? undefined : <IconLockOpen size={14} />}
                        aria-label={t('breakGlass.openItem', { name: room.label })}
                        onClick={() => choose(room)}
                      >
                        {t('breakGlass.open')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && <TableStateRow columns={3} pending={rooms.isPending} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageNumbers
          page={page}
          pages={Math.ceil(total / PAGE_SIZE)}
          onChange={setPage}
          label={t('breakGlass.pages')}
          summary={t('breakGlass.count', { count: total })}
          previous={t('reference.previous')}
          next={t('reference.next')}
        />
      </Stack>
      <ConfirmModal
        opened={confirming && chosen !== null}
        title={t('breakGlass.confirmTitle')}
        body={t('breakGlass.confirmBody', { name: chosen?.label ?? '' })}
        confirm={t('breakGlass.confirm')}
        cancel={common('common.cancel')}
        busy={open.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          chosen &&
          open.mutate(
            { roomId: chosen.id, reason: reason.trim() },
            {
              onSuccess: () => {
                setConfirming(false);
                choose(null);
                onView(chosen.id);
              },
              onError: () => setConfirming(false),
            },
          )
        }
      />
    </Paper>
  );
}

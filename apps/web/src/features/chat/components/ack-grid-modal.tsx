import { Avatar, Badge, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TAckGridEntry, TAckGridState } from '@rounds/contracts/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { SearchInput } from '../../../components/search-input';
import { VirtualList } from '../../../components/virtual-list';
import { useAckGrid } from '../api/get-ack-grid';
import { filterGrid, type TAckGridFilter } from '../lib/ack-grid';
import classes from './chat.module.css';
import { SeenByLoadState, useSeenAt } from './seen-by-modal';
import '../chat-texts';

/** Those still waiting first: the order the server answers in, and of the tiles. */
const STATES: readonly TAckGridState[] = ['notReached', 'delivered', 'read', 'acknowledged'];
const COLOR: Record<TAckGridState, string> = {
  notReached: 'red',
  delivered: 'gray',
  read: 'blue',
  acknowledged: 'teal',
};
const ROW_HEIGHT = 52;
const rowKey = (r: TAckGridEntry) => r.userId;
const rowSize = () => ROW_HEIGHT;

type TAckGridModalProps = { twId: string; messageId: string | null; onClose: () => void };

/**
 * The acknowledgement grid of a priority message (issue 25), for its sender and the room's owner: the counts
 * on top, each a filter; every notified member on the shared virtual list, so a group of 2,000 scrolls like
 * one of 20. Read and Acknowledged events refresh it while it is open (realtime.ts).
 */
export function AckGridModal({ twId, messageId, onClose }: TAckGridModalProps) {
  const { t } = useTranslation('chat');
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;
  const grid = useAckGrid(twId, messageId);
  const [filter, setFilter] = useState<TAckGridFilter>('all');
  const [search, setSearch] = useState('');
  const when = useSeenAt();
  const close = () => {
    setFilter('all');
    setSearch('');
    onClose();
  };
  const shown = grid.data ? filterGrid(grid.data.recipients, filter, search) : [];
  const total = grid.data?.recipients.length ?? 0;

  return (
    <Modal
      opened={messageId !== null}
      onClose={close}
      title={t('ackGrid.title')}
      centered
      size="lg"
      fullScreen={phone}
      styles={MODAL_STYLES}
    >
      <SeenByLoadState pending={grid.isPending} failed={grid.isError} />
      {grid.data && (
        <Stack gap="sm">
          <fieldset className={classes.ackGridCounts} aria-label={t('ackGrid.filters')}>
            {STATES.map((state) => {
              const pressed = filter === state;
              return (
                <UnstyledButton
                  key={state}
                  className={classes.ackGridTile}
                  data-state={state}
                  aria-pressed={pressed}
                  onClick={() => setFilter(pressed ? 'all' : state)}
                >
                  <Text component="span" className={classes.ackGridCount} data-testid={`ack-grid-count-${state}`}>
                    {grid.data.counts[state]}
                  </Text>
                  <Text component="span" fz="xs" fw={600}>
                    {t(`ackGrid.state.${state}`)}
                  </Text>
                </UnstyledButton>
              );
            })}
          </fieldset>
          <Text fz="sm" c="dimmed" aria-live="polite">
            {filter === 'all'
              ? t('ackGrid.summary', { acknowledged: grid.data.counts.acknowledged, count: total })
              : t('ackGrid.showing', { shown: shown.length, state: t(`ackGrid.state.${filter}`) })}
          </Text>
          <SearchInput
            value={search}
            onChange={setSearch}
            clearLabel={t('ackGrid.clearSearch')}
            placeholder={t('ackGrid.search')}
            aria-label={t('ackGrid.search')}
          />
          {shown.length === 0 ? (
            <Text fz="sm" c="dimmed" ta="center" py="md">
              {t('ackGrid.empty')}
            </Text>
          ) : (
            <VirtualList
              items={shown}
              getKey={rowKey}
              estimateSize={rowSize}
              label={t('ackGrid.title')}
              padding={0}
              className={classes.membersList}
              refreshing={grid.isFetching && grid.isPlaceholderData}
              style={{ height: phone ? 'calc(100dvh - 330px)' : `min(55dvh, ${shown.length * ROW_HEIGHT}px)` }}
              renderItem={(entry) => (
                <Group gap="sm" wrap="nowrap" className={classes.ackGridRow} data-testid="ack-grid-row">
                  <Avatar size={34} radius={34} color="initials" name={entry.fullName} alt="" />
                  <Text fz="sm" fw={600} truncate style={{ flex: 1, minWidth: 0 }}>
                    {entry.fullName}
                  </Text>
                  <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
                    <Badge size="sm" variant="light" color={COLOR[entry.state]}>
                      {t(`ackGrid.state.${entry.state}`)}
                    </Badge>
                    {entry.at !== null && (
                      <Text fz="xs" c="dimmed">
                        {when(entry.at)}
                      </Text>
                    )}
                  </Stack>
                </Group>
              )}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

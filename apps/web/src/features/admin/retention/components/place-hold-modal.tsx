import { Button, Group, Modal, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { RETENTION_LIMITS, type THoldTargetType } from '@rounds/contracts/compliance';
import { TIMINGS } from '@rounds/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../lib/toast';
import { useHoldTargets } from '../api/get-hold-targets';
import { usePlaceLegalHold } from '../api/place-legal-hold';

/** Places a hold: a person or a conversation (found by name), a name for the matter and the reason. */
export function PlaceHoldModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  const [type, setType] = useState<THoldTargetType>('user');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), TIMINGS.searchDebounceMs);
  const [targetId, setTargetId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const targets = useHoldTargets(type, q, opened);
  const place = usePlaceLegalHold();
  const close = () => {
    setTargetId(null);
    setSearch('');
    setName('');
    setReason('');
    onClose();
  };
  const kind = (detail: string) => (detail === 'direct' ? t('retention.kindDirect') : t('retention.kindGroup'));
  const options = (targets.data ?? []).map((target) => ({
    value: target.id,
    label: target.type === 'user' ? `${target.label} · ${target.detail}` : `${target.label} · ${kind(target.detail)}`,
  }));
  const ready = targetId !== null && name.trim() !== '' && reason.trim() !== '';

  return (
    <Modal opened={opened} onClose={close} title={t('retention.placeTitle')} centered radius="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          place.mutate(
            { targetType: type, targetId, name, reason },
            {
              onSuccess: () => {
                showToast(t('retention.placed'), 'success');
                close();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('retention.targetType')}
            value={type}
            onChange={(value) => {
              setType(value as THoldTargetType);
              setTargetId(null);
              setSearch('');
            }}
            data={[
              { value: 'user', label: t('retention.person') },
              { value: 'room', label: t('retention.room') },
            ]}
          />
          <Select
            label={type === 'user' ? t('retention.person') : t('retention.room')}
            placeholder={t('retention.targetPlaceholder')}
            searchable
            required
            data={options}
            value={targetId}
            onChange={setTargetId}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={targets.isFetching ? t('reference.loading') : t('retention.noMatch')}
          />
          <TextInput
            label={t('retention.name')}
            placeholder={t('retention.namePlaceholder')}
            required
            maxLength={RETENTION_LIMITS.nameMax}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Textarea
            label={t('retention.reason')}
            required
            autosize
            minRows={2}
            maxLength={RETENTION_LIMITS.reasonMax}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {common('common.cancel')}
            </Button>
            <Button type="submit" loading={place.isPending} disabled={!ready}>
              {t('retention.placeConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, Group, Loader, Switch, Text, TextInput } from '@mantine/core';
import type { TChatRoom } from '@rounds/contracts/chat';
import { LIMITS } from '@rounds/contracts/limits';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormModal } from '../../../components/form-modal';
import { useFilterRecipients } from '../api/get-filter-recipients';
import { useStartFilterGroup } from '../api/start-filter-group';
import { useGroupName } from '../hooks/use-group-name';
import { type TFilterParams, toSavedParams } from '../lib/filters';
import { MAX_RECIPIENTS, recipientsVerdict } from '../lib/recipients';
import '../recipient-texts';

type TMessageFilterModalProps = {
  opened: boolean;
  filters: TFilterParams;
  /** The group's name to start with: the saved filter's, or the chosen items'. */
  defaultName: string;
  onClose: () => void;
  onStarted: (room: TChatRoom) => void;
};

/**
 * "Message these people" (issue 25): names the group, may narrow it to who is on shift, and says how many
 * people it will reach before anything is sent. The server finds the people, at the count and again at Start.
 */
export function MessageFilterModal({ opened, filters, defaultName, onClose, onStarted }: TMessageFilterModalProps) {
  const { t } = useTranslation('filter-recipients');
  const name = useGroupName(t('required'), defaultName);
  const [onShift, setOnShift] = useState(false);
  const params = toSavedParams(filters);
  const found = useFilterRecipients({ params, onShift }, opened);
  const start = useStartFilterGroup();

  // Each opening starts from the filter it was opened on.
  useEffect(() => {
    if (!opened) return;
    name.reset(defaultName);
    setOnShift(false);
  }, [opened, defaultName, name.reset]);

  const close = () => {
    if (!start.isPending) onClose();
  };
  const verdict = found.data ? recipientsVerdict(found.data) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.take();
    if (!trimmed || verdict !== 'ok') return;
    start.mutate(
      { params, onShift, name: trimmed },
      {
        onSuccess: (room) => {
          onClose();
          onStarted(room);
        },
        onError: (failure) => {
          // Who the filter finds changed since the count (the server's toast said how): count again.
          if (!name.refused(failure)) void found.refetch();
        },
      },
    );
  };

  return (
    <FormModal opened={opened} onClose={close} title={t('title')} centered size="md" onSubmit={submit}>
      <TextInput
        label={t('name')}
        description={t('nameHint')}
        {...name.input}
        maxLength={LIMITS.groupNameMax}
        required
        data-autofocus
      />
      <Switch
        label={t('onShift')}
        description={t('onShiftHint')}
        checked={onShift}
        onChange={(event) => setOnShift(event.currentTarget.checked)}
        disabled={start.isPending}
      />
      <div aria-live="polite" data-testid="filter-recipients">
        {found.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text fz="sm" c="dimmed">
              {t('counting')}
            </Text>
          </Group>
        ) : found.isError ? (
          <Text fz="sm" c="red" role="alert">
            {t('countFailed')}
          </Text>
        ) : verdict === 'ok' ? (
          <Alert variant="light" color="blue" icon={<IconUsers size={18} stroke={1.6} />} p="sm">
            <Text fz="sm" fw={600}>
              {t('reach', { count: found.data!.count })}
            </Text>
            {found.data!.neverSignedIn > 0 && (
              <Text fz="xs" mt={4}>
                {t('neverSignedIn', { count: found.data!.neverSignedIn })}
              </Text>
            )}
          </Alert>
        ) : (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} stroke={1.6} />} p="sm">
            <Text fz="sm" fw={600}>
              {verdict === 'none'
                ? t(onShift ? 'nobodyOnShift' : 'nobody')
                : t('tooMany', { count: found.data!.count, max: MAX_RECIPIENTS })}
            </Text>
          </Alert>
        )}
      </div>
      <FormActions cancelLabel={t('cancel')} onCancel={close} pending={start.isPending} disabled={verdict !== 'ok'}>
        {t('submit')}
      </FormActions>
    </FormModal>
  );
}

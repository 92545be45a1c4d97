import { Button, Checkbox, Group, Modal, Text } from '@mantine/core';
import type { TCall } from '@rounds/contracts/calls';
import type { TParticipant } from '@rounds/contracts/chat';
import { compareNames } from '@rounds/contracts/names';
import { shownStatus } from '@rounds/contracts/user';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { PersonAvatar } from '../../../components/person-avatar';
import { VirtualList } from '../../../components/virtual-list';
import list from '../../../components/virtual-list.module.css';
import { callAction } from '../call-actions';
import classes from './call-layer.module.css';

const personKey = (person: TParticipant) => person.id;
const personSize = () => 56;

type TAddParticipantModalProps = {
  call: TCall;
  members: readonly TParticipant[];
  opened: boolean;
  onClose: () => void;
  /** The element in full screen, if any: the dialog must open inside it to be seen. */
  portalTarget: HTMLElement | null;
};

/**
 * The room owner's picker of who else to ring into the call (doc 2 section 2): the room's members not in it
 * (neither in the call nor ringing). On the shared virtual list, so a 500-member group scrolls.
 */
export function AddParticipantModal({ call, members, opened, onClose, portalTarget }: TAddParticipantModalProps) {
  const { t } = useTranslation('calls');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const candidates = useMemo(() => {
    const busy = new Set(
      call.participants.filter((p) => p.status === 'accepted' || p.status === 'ringing').map((p) => p.id),
    );
    return members.filter((m) => !busy.has(m.id) && !m.deleted).sort((a, b) => compareNames(a.fullName, b.fullName));
  }, [call.participants, members]);

  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const close = () => {
    setChosen(new Set());
    onClose();
  };
  const submit = async () => {
    const userIds = candidates.filter((c) => chosen.has(c.id)).map((c) => c.id);
    if (userIds.length === 0) return;
    setSending(true);
    const done = await callAction('CallAddParticipants', { twId: call.twId, userIds });
    setSending(false);
    if (done) close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('add.title')}
      centered
      size="md"
      styles={MODAL_STYLES}
      // Above the call overlay, and inside it while it is in full screen.
      zIndex={400}
      portalProps={portalTarget ? { target: portalTarget } : undefined}
    >
      {candidates.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('add.nobody')}
        </Text>
      ) : (
        <VirtualList
          items={candidates}
          getKey={personKey}
          estimateSize={personSize}
          label={t('add.list')}
          padding={0}
          style={{ height: `min(50dvh, ${candidates.length * 56}px)` }}
          renderItem={(person) => (
            <Checkbox.Card
              className={classes.pickRow}
              checked={chosen.has(person.id)}
              onClick={() => toggle(person.id)}
              withBorder={false}
              data-checked={chosen.has(person.id) || undefined}
            >
              <Checkbox.Indicator checked={chosen.has(person.id)} size="sm" />
              <PersonAvatar name={person.fullName} path={person.avatar?.path} status={shownStatus(person)} size={36} />
              <span className={list.rowText}>
                <Text component="span" fz="sm" fw={600} className={list.ellipsis}>
                  {person.fullName}
                </Text>
              </span>
            </Checkbox.Card>
          )}
        />
      )}
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={close}>
          {t('add.cancel')}
        </Button>
        <Button onClick={() => void submit()} disabled={chosen.size === 0} loading={sending}>
          {t('add.submit', { count: chosen.size })}
        </Button>
      </Group>
    </Modal>
  );
}

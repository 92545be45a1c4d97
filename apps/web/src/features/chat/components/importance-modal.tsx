import { Button, Checkbox, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TChatRoom, TPriorityOptions } from '@rounds/contracts/chat';
import { IconAlertTriangle, IconFlag } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { useSession } from '../../../lib/session-store';
import '../chat-texts';

type TImportanceModalProps = {
  opened: boolean;
  room: TChatRoom;
  /** send: the options go with the message being written; mark: a sent message is marked. */
  mode: 'send' | 'mark';
  busy?: boolean;
  onConfirm: (options: Required<Pick<TPriorityOptions, 'level' | 'notify'>> & { sms: boolean }) => void;
  onClose: () => void;
};

/**
 * The importance dialog (spec doc 1 section 2): level IMPORTANT (default) or URGENT, whom to notify (every
 * other member, or those chosen), and an SMS to them, offered only when this user's sms permission is not
 * false. With several others and nobody chosen there is no one to notify, so the action is off.
 */
export function ImportanceModal({ opened, room, mode, busy, onConfirm, onClose }: TImportanceModalProps) {
  const { t } = useTranslation('chat');
  const me = useSession((s) => s.user?.id);
  const maySms = useSession((s) => s.user?.permissions.sms !== false);
  const others = room.participants.filter((p) => p.id !== me && !p.deleted);
  const [level, setLevel] = useState<'IMPORTANT' | 'URGENT'>('IMPORTANT');
  const [who, setWho] = useState<'all' | 'some'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [sms, setSms] = useState(false);

  // Each opening starts from the defaults: yesterday's URGENT must not be today's by accident.
  useEffect(() => {
    if (!opened) return;
    setLevel('IMPORTANT');
    setWho('all');
    setChosen([]);
    setSms(false);
  }, [opened]);

  const several = others.length > 1;
  const notify = who === 'all' || !several ? others.map((p) => p.id) : chosen;
  const disabled = notify.length === 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'send' ? t('importance.titleSend') : t('importance.titleMark')}
      centered
      size="md"
      styles={MODAL_STYLES}
    >
      <Stack gap="md">
        <div>
          <Text fz="sm" fw={600} mb={6} id="importance-level">
            {t('importance.level')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="importance-level"
            value={level}
            onChange={(value) => setLevel(value as 'IMPORTANT' | 'URGENT')}
            color={level === 'URGENT' ? 'red' : 'orange'}
            data={[
              { value: 'IMPORTANT', label: t('importance.important') },
              { value: 'URGENT', label: t('importance.urgent') },
            ]}
          />
          <Text fz="xs" c="dimmed" mt={6}>
            {level === 'URGENT' ? t('importance.urgentHint') : t('importance.importantHint')}
          </Text>
        </div>
        {several && (
          <Radio.Group label={t('importance.notify')} value={who} onChange={(value) => setWho(value as 'all' | 'some')}>
            <Stack gap={8} mt={6}>
              <Radio value="all" label={t('importance.notifyAll', { count: others.length })} />
              <Radio value="some" label={t('importance.notifySome')} />
            </Stack>
          </Radio.Group>
        )}
        {several && who === 'some' && (
          <Checkbox.Group value={chosen} onChange={setChosen} aria-label={t('importance.members')}>
            <Stack gap={8} pl="lg" mah={220} style={{ overflowY: 'auto' }}>
              {others.map((p) => (
                <Checkbox key={p.id} value={p.id} label={p.fullName} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {!several && others[0] && <Text fz="sm">{t('importance.notifyOne', { name: others[0].fullName })}</Text>}
        {maySms && (
          <Checkbox
            checked={sms}
            onChange={(event) => setSms(event.currentTarget.checked)}
            label={t('importance.sms')}
            description={t('importance.smsHint')}
          />
        )}
        {disabled && (
          <Text fz="xs" c="red" role="status">
            {t('importance.chooseSomeone')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('importance.cancel')}
          </Button>
          <Button
            color={level === 'URGENT' ? 'red' : 'orange'}
            leftSection={level === 'URGENT' ? <IconAlertTriangle size={16} /> : <IconFlag size={16} />}
            disabled={disabled}
            loading={busy}
            onClick={() => onConfirm({ level, notify, sms: maySms && sms })}
          >
            {mode === 'send' ? t('importance.send') : t('importance.mark')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

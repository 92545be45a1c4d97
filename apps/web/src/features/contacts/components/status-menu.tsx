import { Button, Menu } from '@mantine/core';
import { CHAT_STATUS } from '@rounds/contracts/user';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS_KEY, StatusDot } from '../../../components/status-dot';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useChangeChatStatus } from '../api/change-chat-status';
import { SETTABLE_STATUSES, type TSettableStatus } from '../lib/chat-status';
import { noteStatusByHand } from '../stores/manual-status';

/**
 * The user's own chat status: Available, Away or Do not disturb, chosen by hand (inactivity never overrides
 * it; choosing Available hands it back to the away timer). The button shows the status the server confirmed,
 * or the one being sent while it is on its way.
 */
export function StatusMenu() {
  const { t } = useTranslation('contacts');
  const user = useSession((s) => s.user);
  const change = useChangeChatStatus();

  if (!user) return null;
  const confirmed = user.chatStatus === CHAT_STATUS.Offline ? CHAT_STATUS.Available : user.chatStatus;
  const shown = change.isPending && change.variables ? change.variables : confirmed;
  const label = t(`status.${STATUS_KEY[shown]}`);

  const choose = (status: TSettableStatus) => {
    if (status === confirmed && !change.isPending) return;
    change.mutate(status, {
      onSuccess: () => noteStatusByHand(user.id, status),
      onError: () => showToast(t('status.changeFailed'), 'error'),
    });
  };

  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          radius="xl"
          size="compact-sm"
          h={32}
          px={12}
          leftSection={<StatusDot status={shown} size={10} />}
          rightSection={<IconChevronDown size={14} stroke={1.8} />}
          aria-label={t('status.button', { status: label })}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('status.label')}</Menu.Label>
        {SETTABLE_STATUSES.map((status) => (
          <Menu.Item
            key={status}
            leftSection={<StatusDot status={status} size={10} />}
            rightSection={status === shown ? <IconCheck size={14} stroke={2} /> : null}
            onClick={() => choose(status)}
            aria-current={status === shown ? 'true' : undefined}
          >
            {t(`status.${STATUS_KEY[status]}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Collapse, Text, UnstyledButton } from '@mantine/core';
import type { TMessage } from '@rounds/contracts/chat';
import type { TLanguage } from '@rounds/contracts/common';
import { IconChecks, IconChevronDown, IconClockExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcknowledgeMessage } from '../api/acknowledge-message';
import type { TAckSummary } from '../lib/acknowledgements';
import { formatTime } from '../lib/format-time';
import classes from './chat.module.css';
import '../chat-texts';

type TPriorityStatusProps = {
  message: TMessage;
  summary: TAckSummary;
  own: boolean;
  me: string | undefined;
  language: TLanguage;
  nameOf: (userId: string) => string;
};

/**
 * Under an important message: Acknowledge for a notified member who has not; for the sender, where it
 * stands ('Acknowledged' once everyone notified has, else 'x of y acknowledged') with who did and when,
 * who has not yet, and the reminders sent (the escalation timeline). Live through the socket events.
 */
export function PriorityStatus({ message, summary, own, me, language, nameOf }: TPriorityStatusProps) {
  const { t } = useTranslation('chat');
  const acknowledge = useAcknowledgeMessage();
  const [open, setOpen] = useState(false);
  const urgent = summary.level === 'URGENT';

  if (summary.mayAcknowledge) {
    return (
      <div className={classes.priorityLine} data-own={own || undefined}>
        <Button
          size="xs"
          radius="xl"
          color={urgent ? 'red' : 'orange'}
          leftSection={<IconChecks size={15} />}
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate(message.id)}
        >
          {t('priority.acknowledge')}
        </Button>
      </div>
    );
  }

  if (!own) {
    const mine = summary.acknowledged.find((ack) => ack.userId === me);
    if (!mine) return null;
    return (
      <div className={classes.priorityLine}>
        <Text fz="xs" c="dimmed">
          <IconChecks size={13} aria-hidden style={{ verticalAlign: -2 }} />{' '}
          {t('priority.youAcknowledged', { time: formatTime(mine.timetoken, language) })}
        </Text>
      </div>
    );
  }

  if (summary.notified.length === 0) return null;
  const escalations = message.attributes.escalations ?? [];
  // Members an SMS cap refused (the message and its in-app notice still reached them).
  const withheld = message.attributes.smsWithheld ?? [];
  const label = summary.complete
    ? t('priority.acknowledged')
    : t('priority.progress', { count: summary.acknowledged.length, total: summary.notified.length });

  return (
    <div className={classes.priorityLine} data-own>
      <UnstyledButton
        className={classes.ackToggle}
        data-complete={summary.complete || undefined}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {summary.complete ? <IconChecks size={14} aria-hidden /> : <IconClockExclamation size={14} aria-hidden />}
        <span data-testid="ack-status">{label}</span>
        <IconChevronDown size={13} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />
      </UnstyledButton>
      {withheld.length > 0 && (
        <Text fz="xs" c="orange" data-testid="sms-withheld">
          {t('priority.smsWithheld', { names: withheld.map(nameOf).join(', ') })}
        </Text>
      )}
      <Collapse in={open}>
        <div className={classes.ackDetails}>
          <DetailList
            title={t('priority.whoAcknowledged')}
            lines={summary.acknowledged.map((ack) => ({
              key: ack.userId,
              text: `${nameOf(ack.userId)} · ${formatTime(ack.timetoken, language)}`,
            }))}
          />
          <DetailList
            title={t('priority.notYet')}
            lines={summary.waiting.map((id) => ({ key: id, text: nameOf(id) }))}
          />
          <DetailList
            title={t('priority.reminders')}
            lines={escalations.map((step) => ({
              key: step.timetoken,
              text: t(step.sms ? 'priority.remindedSms' : 'priority.reminded', {
                names: step.userIds.map(nameOf).join(', '),
                time: formatTime(step.timetoken, language),
              }),
            }))}
          />
        </div>
      </Collapse>
    </div>
  );
}

/** One part of the details (who acknowledged, who not yet, the reminders): its heading over its lines, none when empty. */
function DetailList({ title, lines }: { title: string; lines: { key: string | number; text: string }[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      <Text fz="xs" fw={700}>
        {title}
      </Text>
      <ul>
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ul>
    </>
  );
}

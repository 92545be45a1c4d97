import { Text } from '@mantine/core';
import type { TEscalationEntry } from '@rounds/contracts/escalation';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useEscalationTimeline } from '../api/get-escalation-timeline';
import classes from './escalation-timeline.module.css';
import '../texts';

/**
 * Under the sender's URGENT message to a role: where its escalation chain went, one line a step, "Sent to Dr Roy
 * (Cardiology on call) 03:02, reminded 03:04, escalated to Cardiology backup 03:07, acknowledged by Dr Chen 03:08".
 * Nothing for a message without a chain. When the chain ends unanswered the sender is also told by a toast.
 */
export function EscalationTimeline({ messageId }: { messageId: string }) {
  const { t, i18n } = useTranslation('on-call');
  const { data } = useEscalationTimeline(messageId);
  const status = data?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (status === 'unanswered' && seen.current === 'running') {
      showToast(t('escalation.unansweredToast', { role: data?.roleName ?? '' }), 'error', { autoClose: 30_000 });
    }
    seen.current = status;
  }, [status, data?.roleName, t]);
  if (!data) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const list = (names: string[]) =>
    new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(names);
  const line = (e: TEscalationEntry) => {
    const vars = { target: e.target?.name ?? '', people: list(e.people.map((p) => p.fullName)) };
    if ((e.kind === 'sent' || e.kind === 'escalated') && e.people.length === 0)
      return t(`escalation.${e.kind}Nobody`, vars);
    if (e.kind === 'escalated' && e.target?.kind === 'user') return t('escalation.escalatedPerson', vars);
    return t(`escalation.${e.kind}`, vars);
  };
  return (
    <section
      className={classes.timeline}
      aria-label={t('escalation.label')}
      data-testid="escalation-timeline"
      data-status={data.status}
    >
      <Text component="h4" className={classes.title}>
        {t(`escalation.status.${data.status}`, { role: data.roleName })}
      </Text>
      <ol className={classes.steps}>
        {data.entries.map((e) => (
          <li key={`${e.kind}-${e.at}`} className={classes.step} data-kind={e.kind}>
            <span className={classes.dot} aria-hidden />
            <span className={classes.text}>{line(e)}</span>
            <time className={classes.time} dateTime={new Date(e.at).toISOString()}>
              {time.format(e.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

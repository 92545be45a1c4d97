import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, Textarea, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TDutyHolder, TDutyRole } from '@rounds/contracts/on-call';
import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';
import { IconMessageCircle, IconPhoneCall } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { STATUS_KEY, StatusDot } from '../../../components/status-dot';
import { VirtualList } from '../../../components/virtual-list';
import list from '../../../components/virtual-list.module.css';
import { showToast } from '../../../lib/toast';
import { useDutyRoles } from '../api/get-duty-roles';
import { useOpenRoleRoom } from '../api/open-role-room';
import { useReleaseDutyRole } from '../api/release-duty-role';
import { heldBy, useTakeDutyRole } from '../api/take-duty-role';
import classes from './on-call-list.module.css';
import '../texts';

/** Every role of the chosen facilities in one request: a hospital has hundreds, not tens of thousands. */
const ALL_ROLES = 500;

type TOnCallListProps = {
  /** The facilities chosen in Contacts' filters (none: every facility). */
  facilityIds: readonly string[];
  keyword: string;
  /** The signed-in user: their own holds offer Release. */
  userId: string;
  /** A holder's chat status as Contacts knows it (live), or offline when not in the list. */
  statusOf: (userId: string) => TChatStatus;
  /** Shows a role's conversation once it is open (the route navigates to the room). */
  onOpenRoom: (twId: string) => void;
};

/** A time in the reader's language (08:35 in French, 8:35 AM in English), not the browser's. */
const timeOf = (ms: number, language: string) =>
  new Date(ms).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });

/**
 * Contacts › On call (issue 25): each role of the chosen facilities with who holds it now and their presence,
 * the roles nobody holds marked and counted, on the shared virtual list. Take and Release act on the row; taking
 * a held role asks whether to take it over (with a handover note) or to hold it with them.
 */
export function OnCallList({ facilityIds, keyword, userId, statusOf, onOpenRoom }: TOnCallListProps) {
  const { t } = useTranslation('on-call');
  const roles = useDutyRoles({ facilityIds, keyword, page: 1, pageSize: ALL_ROLES });
  const take = useTakeDutyRole();
  const release = useReleaseDutyRole();
  const message = useOpenRoleRoom();
  const [asking, setAsking] = useState<{ role: TDutyRole; holders: TDutyHolder[] } | null>(null);
  const items = roles.data?.results ?? [];
  const unheld = useMemo(() => items.filter((r) => r.holders.length === 0).length, [items]);

  const onTake = (role: TDutyRole, mode?: 'takeOver' | 'join', note?: string) =>
    take.mutate(
      { id: role.id, mode, note },
      {
        onSuccess: () => {
          setAsking(null);
          showToast(t('toast.taken', { role: role.name }), 'success');
        },
        onError: (error) => {
          const holders = heldBy(error);
          if (holders) setAsking({ role, holders });
        },
      },
    );
  const onMessage = (role: TDutyRole) => message.mutate(role.id, { onSuccess: (room) => onOpenRoom(room.twId) });
  const onRelease = (role: TDutyRole) =>
    release.mutate(role.id, { onSuccess: () => showToast(t('toast.released', { role: role.name }), 'success') });

  if (roles.isPending) return <ListSkeleton label={t('list.label')} />;
  if (roles.isError && !roles.data) {
    return <ListError title={t('list.failed')} retry={t('list.retry')} onRetry={() => void roles.refetch()} />;
  }
  if (items.length === 0) {
    return <ListEmpty icon={<IconPhoneCall size={26} />} title={t('list.empty')} body="" />;
  }
  return (
    <>
      <Group gap={8} px="md" pb={6} fz="xs" c="dimmed" aria-live="polite">
        <span>{t('list.count', { count: items.length })}</span>
        {unheld > 0 && (
          <Badge variant="light" color="orange" radius="sm" tt="none" fw={600}>
            {t('list.unheldCount', { count: unheld })}
          </Badge>
        )}
      </Group>
      <VirtualList
        items={items}
        getKey={(role) => role.id}
        estimateSize={(role) => 64 + Math.max(0, role.holders.length - 1) * 22}
        label={t('list.label')}
        refreshing={roles.isPlaceholderData}
        renderItem={(role) => (
          <RoleRow
            role={role}
            userId={userId}
            statusOf={statusOf}
            busy={
              (take.isPending && take.variables?.id === role.id) || (release.isPending && release.variables === role.id)
            }
            opening={message.isPending && message.variables === role.id}
            onMessage={() => onMessage(role)}
            onTake={() => onTake(role)}
            onRelease={() => onRelease(role)}
          />
        )}
      />
      <TakeOverModal
        asking={asking}
        busy={take.isPending}
        onClose={() => setAsking(null)}
        onChoose={(mode, note) => asking && onTake(asking.role, mode, note)}
      />
    </>
  );
}

type TRoleRowProps = {
  role: TDutyRole;
  userId: string;
  statusOf: (userId: string) => TChatStatus;
  busy: boolean;
  opening: boolean;
  onMessage: () => void;
  onTake: () => void;
  onRelease: () => void;
};

const RoleRow = memo(function RoleRow({
  role,
  userId,
  statusOf,
  busy,
  opening,
  onMessage,
  onTake,
  onRelease,
}: TRoleRowProps) {
  const { t, i18n } = useTranslation('on-call');
  const at = (ms: number) => timeOf(ms, i18n.language);
  const mine = role.holders.some((h) => h.userId === userId);
  const where = [role.departmentName, role.facilityName].filter(Boolean).join(' · ');
  return (
    <div className={classes.row} data-role-id={role.id} data-unheld={role.holders.length === 0 || undefined}>
      <div className={classes.text}>
        <Text component="span" fz="sm" fw={700} lh={1.35} className={list.ellipsis}>
          {role.name}
        </Text>
        <Text component="span" fz="xs" c="dimmed" lh={1.35} className={list.ellipsis}>
          {where}
        </Text>
        {role.holders.length === 0 ? (
          <Text
            component="span"
            fz="xs"
            fw={600}
            c="var(--mantine-color-orange-light-color)"
            className={classes.unheld}
          >
            {t('list.nobody')}
          </Text>
        ) : (
          role.holders.map((holder) => {
            const status = holder.userId === userId ? CHAT_STATUS.Available : statusOf(holder.userId);
            const when =
              holder.source === 'schedule'
                ? `${t('list.scheduled')}${holder.until ? `, ${t('list.untilTime', { time: at(holder.until) })}` : ''}`
                : holder.until
                  ? t('list.untilTime', { time: at(holder.until) })
                  : t('list.byHand', { time: at(holder.since) });
            return (
              <span key={holder.userId} className={classes.holder}>
                <StatusDot status={status} size={9} />
                <Text component="span" fz="xs" fw={600} className={classes.name}>
                  {holder.fullName}
                </Text>
                <VisuallyHidden>, {t(`status.${STATUS_KEY[status]}`)}</VisuallyHidden>
                <Text component="span" fz="xs" c="dimmed" className={list.ellipsis}>
                  {when}
                </Text>
              </span>
            );
          })
        )}
      </div>
      <Group gap={6} wrap="nowrap" className={classes.actions}>
        <Tooltip label={t('list.messageRole', { role: role.name })} withArrow>
          <ActionIcon
            variant="light"
            size={30}
            loading={opening}
            onClick={onMessage}
            aria-label={t('list.messageRole', { role: role.name })}
          >
            <IconMessageCircle size={17} stroke={1.8} />
          </ActionIcon>
        </Tooltip>
        <Button
          size="compact-sm"
          variant={mine ? 'default' : 'light'}
          loading={busy}
          onClick={mine ? onRelease : onTake}
          aria-label={t(mine ? 'list.releaseRole' : 'list.takeRole', { role: role.name })}
        >
          {t(mine ? 'list.release' : 'list.take')}
        </Button>
      </Group>
    </div>
  );
});

type TTakeOverModalProps = {
  asking: { role: TDutyRole; holders: TDutyHolder[] } | null;
  busy: boolean;
  onClose: () => void;
  onChoose: (mode: 'takeOver' | 'join', note: string) => void;
};

/** The question a held role asks: take it over (with a handover note for the holders) or hold it together. */
function TakeOverModal({ asking, busy, onClose, onChoose }: TTakeOverModalProps) {
  const { t } = useTranslation('on-call');
  const [note, setNote] = useState('');
  const close = () => {
    setNote('');
    onClose();
  };
  return (
    <Modal
      opened={asking !== null}
      onClose={close}
      title={t('takeOver.title', { role: asking?.role.name ?? '' })}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text fz="sm">{t('takeOver.heldBy', { names: asking?.holders.map((h) => h.fullName).join(', ') ?? '' })}</Text>
        <Text fz="sm" c="dimmed">
          {t('takeOver.question')}
        </Text>
        <Textarea
          label={t('takeOver.note')}
          placeholder={t('takeOver.notePlaceholder')}
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={close}>
            {t('takeOver.cancel')}
          </Button>
          <Button variant="light" loading={busy} onClick={() => onChoose('join', note.trim())}>
            {t('takeOver.join')}
          </Button>
          <Button loading={busy} onClick={() => onChoose('takeOver', note.trim())} data-autofocus>
            {t('takeOver.takeOver')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

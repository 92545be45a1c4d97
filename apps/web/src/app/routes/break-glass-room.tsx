import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconArrowLeft, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { useEndBreakGlass } from '../../features/admin/break-glass/api/end-break-glass';
import {
  useBreakGlassGrant,
  useBreakGlassMembers,
  useBreakGlassMessages,
} from '../../features/admin/break-glass/api/get-room';
import { BreakGlassBanner } from '../../features/admin/break-glass/components/break-glass-banner';
import { ReadOnlyHistory } from '../../features/chat/components/read-only-history';
import { showToast } from '../../lib/toast';

const LIST = `${ROUTES.admin}/break-glass`;

/**
 * The read-only view of a room under break-glass access (issue 27), composed here: the grant, its banner and
 * the history pages come from the admin's break-glass feature, the history is drawn by chat's read-only list.
 * No composer, no selection, nothing sent but reads. Once the grant is over (its hour, or ended), the view says
 * so and reads nothing more.
 */
export function BreakGlassRoom({ roomId, onLeave }: { roomId: string; onLeave: () => void }) {
  const { t } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  const grant = useBreakGlassGrant(roomId);
  const live = grant.isSuccess;
  const history = useBreakGlassMessages(roomId, live);
  const members = useBreakGlassMembers(roomId, live);
  const end = useEndBreakGlass();
  const [ending, setEnding] = useState(false);
  const expiresAt = grant.data?.expiresAt;

  // The hour is the server's to decide: at the grant's end the grant is asked again (and answers 403).
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = window.setTimeout(() => void grant.refetch(), Math.max(0, expiresAt - Date.now()) + 1000);
    return () => window.clearTimeout(timer);
  }, [expiresAt, grant.refetch]);
  // A read refused mid-view (ended in another tab, expired): the grant is asked again.
  useEffect(() => {
    if (history.isError || members.isError) void grant.refetch();
  }, [history.isError, members.isError, grant.refetch]);

  const pages = history.data?.pages ?? [];
  const messages = useMemo(() => [...pages].reverse().flatMap((page) => page.messages), [pages]);
  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m.fullName])), [members.data]);

  if (grant.isPending) return null;
  if (!grant.data || grant.isError) {
    return (
      <Alert color="gray" icon={<IconEyeOff size={18} />} title={t('breakGlass.ended')} data-testid="break-glass-over">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('breakGlass.over')}</Text>
          <Anchor component={Link} to={LIST} fz="sm">
            {t('breakGlass.back')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const room = grant.data;

  return (
    <Stack gap="md">
      <BreakGlassBanner grant={room} onEnd={() => setEnding(true)} ending={end.isPending} />
      <Group gap="sm" wrap="nowrap">
        <Button component={Link} to={LIST} variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />}>
          {t('breakGlass.back')}
        </Button>
      </Group>
      <Title order={2} fz="h3">
        {room.roomLabel}
      </Title>
      <Group align="stretch" gap="md" wrap="wrap">
        <Paper
          withBorder
          radius="lg"
          style={{
            flex: '3 1 420px',
            minWidth: 0,
            height: 'min(70dvh, 720px)',
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <ReadOnlyHistory
            messages={messages}
            name={room.roomLabel}
            isGroup
            names={names}
            status={history.status}
            retainedFrom={pages.at(-1)?.retainedFrom}
            hasOlder={history.hasNextPage}
            loadingOlder={history.isFetchingNextPage}
            onLoadOlder={() => void history.fetchNextPage()}
            loadOlderLabel={t('breakGlass.loadOlder')}
          />
          <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text fz="sm" c="dimmed" data-testid="break-glass-read-only">
              {t('breakGlass.noComposer')}
            </Text>
          </Box>
        </Paper>
        <Paper
          withBorder
          radius="lg"
          p="md"
          style={{ flex: '1 1 220px' }}
          component="section"
          aria-label={t('breakGlass.membersTitle')}
        >
          <Text fw={700} fz="sm" mb="xs">
            {t('breakGlass.membersTitle')}
          </Text>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {(members.data ?? []).map((m) => (
              <Text key={m.id} component="li" fz="sm">
                {m.fullName}
              </Text>
            ))}
          </Stack>
        </Paper>
      </Group>
      <ConfirmModal
        opened={ending}
        title={t('breakGlass.endTitle')}
        body={t('breakGlass.endBody', { name: room.roomLabel })}
        confirm={t('breakGlass.end')}
        cancel={common('common.cancel')}
        busy={end.isPending}
        onClose={() => setEnding(false)}
        onConfirm={() =>
          end.mutate(roomId, {
            onSuccess: () => {
              setEnding(false);
              showToast(t('breakGlass.ended'), 'success');
              onLeave();
            },
            onError: () => setEnding(false),
          })
        }
      />
    </Stack>
  );
}

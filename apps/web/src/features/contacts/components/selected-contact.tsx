import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TContact } from '@rounds/contracts/contacts';
import type { TNamedItem } from '@rounds/contracts/user';
import { shownStatus } from '@rounds/contracts/user';
import { IconArrowLeft, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import split from '../../../components/split-screen.module.css';
import { STATUS_KEY, StatusDot } from '../../../components/status-dot';
import { roleLine } from '../lib/role-line';
import classes from './contacts.module.css';

type TSelectedContactProps = { contact: TContact; onOpen: (contact: TContact) => void; onBack: () => void };

function Classification({ label, items }: { label: string; items: readonly TNamedItem[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={6} align="center">
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
        {label}
      </Text>
      <Group gap={6} justify="center">
        {items.map((item) => (
          <Badge key={item.id} variant="light" color="gray" radius="sm" tt="none" fw={500} size="lg">
            {item.name}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The contact last opened, where their direct conversation will show (the conversations issue): who they
 * are, their live status, and the way back into the chat. On a phone it covers the list; Back returns to it.
 */
export function SelectedContact({ contact, onOpen, onBack }: TSelectedContactProps) {
  const { t } = useTranslation('contacts');
  const status = shownStatus(contact);
  const role = roleLine(contact);
  return (
    <>
      <div className={classes.detailBar}>
        <Button
          hiddenFrom="sm"
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<IconArrowLeft size={18} stroke={1.7} />}
          onClick={onBack}
        >
          {t('selected.back')}
        </Button>
      </div>
      <div className={split.detailCenter}>
        <Paper
          withBorder
          radius="lg"
          p="xl"
          w="100%"
          maw={440}
          shadow="xs"
          component="section"
          aria-label={t('contact.details')}
        >
          <Stack align="center" gap="md">
            <PersonAvatar name={contact.fullName} path={contact.avatar?.path} status={shownStatus(contact)} size={88} />
            <Stack gap={2} align="center">
              <Title order={2} fz="h3">
                {contact.fullName}
              </Title>
              {role && (
                <Text c="dimmed" fz="sm">
                  {role}
                </Text>
              )}
            </Stack>
            <Group gap={8} align="center">
              <StatusDot status={status} size={10} />
              <Text fz="sm" fw={500}>
                {t(`status.${STATUS_KEY[status]}`)}
              </Text>
            </Group>
            <Stack gap="sm" w="100%">
              <Classification label={t('selected.facilities')} items={contact.facilities} />
              <Classification label={t('selected.departments')} items={contact.departments} />
              <Classification label={t('selected.specialties')} items={contact.specialties} />
            </Stack>
            <Button
              mt="xs"
              leftSection={<IconMessageCircle size={18} stroke={1.7} />}
              onClick={() => onOpen(contact)}
              fullWidth
            >
              {t('selected.open')}
            </Button>
          </Stack>
        </Paper>
      </div>
    </>
  );
}

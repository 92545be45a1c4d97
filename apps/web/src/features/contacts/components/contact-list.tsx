import {
  Accordion,
  Alert,
  Button,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { TContact } from '@rounds/contracts/contacts';
import { IconAlertCircle, IconFilterOff, IconRefresh, IconUserSearch } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_KEY, shownStatus } from '../lib/chat-status';
import { groupByInitial } from '../lib/group-contacts';
import { ContactAvatar, roleLine } from './contact-avatar';
import classes from './contacts.module.css';

type TContactListProps = {
  contacts: readonly TContact[] | undefined;
  loading: boolean;
  failed: boolean;
  /** A search or filter is narrowing the list: an empty result offers to reset them. */
  narrowed: boolean;
  /** The previous list stays on screen, dimmed, while a new search or filter loads. */
  refreshing: boolean;
  selectedId: string | null;
  onOpen: (contact: TContact) => void;
  onRetry: () => void;
  onReset: () => void;
};

/** Contacts in accordion sections by first letter, all open at first; a section folds on its letter. */
export function ContactList({
  contacts,
  loading,
  failed,
  narrowed,
  refreshing,
  selectedId,
  onOpen,
  onRetry,
  onReset,
}: TContactListProps) {
  const { t, i18n } = useTranslation('contacts');
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const sections = useMemo(() => groupByInitial(contacts ?? [], i18n.language), [contacts, i18n.language]);

  if (failed && !contacts) {
    return (
      <Alert
        m="md"
        variant="light"
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={t('list.errorTitle')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('list.errorBody')}</Text>
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (loading && !contacts) {
    return (
      <Stack gap={4} p="md" role="status" aria-label={t('list.loading')}>
        {Array.from({ length: 7 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={index} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 2px' }}>
            <Skeleton circle height={40} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={11} width={`${55 + ((index * 17) % 35)}%`} radius="sm" />
              <Skeleton height={9} width={`${35 + ((index * 11) % 30)}%`} radius="sm" />
            </Stack>
          </div>
        ))}
      </Stack>
    );
  }

  if (sections.length === 0) {
    return (
      <Stack align="center" gap={6} px="lg" py={48} ta="center">
        <ThemeIcon size={52} radius="xl" variant="light">
          <IconUserSearch size={28} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600} mt={6}>
          {narrowed ? t('list.noMatchTitle') : t('list.emptyTitle')}
        </Text>
        <Text fz="sm" c="dimmed" maw={260}>
          {narrowed ? t('list.noMatchBody') : t('list.emptyBody')}
        </Text>
        {narrowed && (
          <Button mt="xs" variant="light" size="xs" leftSection={<IconFilterOff size={14} />} onClick={onReset}>
            {t('list.resetFilters')}
          </Button>
        )}
      </Stack>
    );
  }

  const open = sections.map((section) => section.letter).filter((letter) => !folded.has(letter));
  return (
    <section
      aria-label={t('list.label')}
      aria-busy={refreshing}
      className={classes.list}
      data-refreshing={refreshing || undefined}
    >
      <Accordion
        multiple
        value={open}
        onChange={(value) => setFolded(new Set(sections.map((s) => s.letter).filter((l) => !value.includes(l))))}
        chevronPosition="right"
        chevronSize={14}
        transitionDuration={120}
        classNames={{
          item: classes.sectionItem,
          control: classes.sectionControl,
          label: classes.sectionLabel,
          content: classes.sectionContent,
        }}
      >
        {sections.map((section) => (
          <Accordion.Item key={section.letter} value={section.letter}>
            <Accordion.Control
              aria-label={t('list.section', { letter: section.letter, count: section.contacts.length })}
            >
              {section.letter}
            </Accordion.Control>
            <Accordion.Panel>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {section.contacts.map((contact) => (
                  <li key={contact.id}>
                    <ContactRow contact={contact} selected={contact.id === selectedId} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}

type TContactRowProps = { contact: TContact; selected: boolean; onOpen: (contact: TContact) => void };

/** One contact: avatar with status dot, full name, clinical role and suffix; the status in words for readers. */
const ContactRow = memo(function ContactRow({ contact, selected, onOpen }: TContactRowProps) {
  const { t } = useTranslation('contacts');
  const role = roleLine(contact);
  const status = t(`status.${STATUS_KEY[shownStatus(contact)]}`);
  return (
    <UnstyledButton
      className={classes.row}
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onOpen(contact)}
      title={t('contact.open', { name: contact.fullName })}
      data-contact-id={contact.id}
    >
      <ContactAvatar contact={contact} />
      <span className={classes.rowText}>
        <Text component="span" fz="sm" fw={600} lh={1.35} className={classes.ellipsis}>
          {contact.fullName}
        </Text>
        {role && (
          <Text component="span" fz="xs" c="dimmed" lh={1.35} className={classes.ellipsis}>
            {role}
          </Text>
        )}
      </span>
      <VisuallyHidden>, {status}</VisuallyHidden>
    </UnstyledButton>
  );
});

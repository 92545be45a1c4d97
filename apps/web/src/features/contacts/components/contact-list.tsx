import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TContact } from '@rounds/contracts/contacts';
import { shownStatus } from '@rounds/contracts/user';
import { IconChevronDown, IconUserSearch } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResetFiltersButton, type TListQuery } from '../../../components/list-states';
import { PersonAvatar } from '../../../components/person-avatar';
import { SearchList } from '../../../components/search-list';
import { STATUS_KEY } from '../../../components/status-dot';
import list from '../../../components/virtual-list.module.css';
import { groupByInitial, type TContactLine, toLines } from '../lib/group-contacts';
import { roleLine } from '../lib/role-line';

/** A narrowed list that comes up empty offers to reset the search and filters (onReset). */
type TContactListProps = TListQuery & {
  contacts: readonly TContact[] | undefined;
  selectedId: string | null;
  onOpen: (contact: TContact) => void;
  onReset: () => void;
};

type TLine = TContactLine<TContact>;

const lineKey = (line: TLine) => (line.kind === 'header' ? `#${line.letter}` : line.contact.id);
const lineSize = (line: TLine) => (line.kind === 'header' ? 34 : 56);
const isHeader = (line: TLine) => line.kind === 'header';

/**
 * Contacts in accordion sections by first letter, all open at first; a section folds on its letter. The
 * sections are flattened into one virtual list (headers and rows), so the whole directory mounts only the
 * rows in view.
 */
export function ContactList({ contacts, selectedId, onOpen, onReset, ...query }: TContactListProps) {
  const { t } = useTranslation('contacts');
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const sections = useMemo(() => contacts && groupByInitial(contacts), [contacts]);
  const lines = useMemo(() => sections && toLines(sections, folded), [sections, folded]);

  const toggle = useCallback(
    (letter: string) =>
      setFolded((current) => {
        const next = new Set(current);
        if (!next.delete(letter)) next.add(letter);
        return next;
      }),
    [],
  );

  return (
    <SearchList
      items={lines}
      {...query}
      texts={t('list', { returnObjects: true })}
      icon={<IconUserSearch size={28} stroke={1.5} />}
      action={query.narrowed && <ResetFiltersButton label={t('list.resetFilters')} onReset={onReset} />}
      skeleton={{ rows: 7 }}
      getKey={lineKey}
      estimateSize={lineSize}
      isHeader={isHeader}
      label={t('list.label')}
      renderItem={(line) =>
        line.kind === 'header' ? (
          <SectionHeader letter={line.letter} count={line.count} open={line.open} onToggle={toggle} />
        ) : (
          <ContactRow contact={line.contact} selected={line.contact.id === selectedId} onOpen={onOpen} />
        )
      }
    />
  );
}

type TSectionHeaderProps = { letter: string; count: number; open: boolean; onToggle: (letter: string) => void };

/** A letter's header: folds or unfolds its section. */
const SectionHeader = memo(function SectionHeader({ letter, count, open, onToggle }: TSectionHeaderProps) {
  const { t } = useTranslation('contacts');
  return (
    <UnstyledButton
      className={list.header}
      aria-expanded={open}
      aria-label={t('list.section', { letter, count })}
      data-section={letter}
      onClick={() => onToggle(letter)}
    >
      {letter}
      <IconChevronDown size={14} className={list.chevron} aria-hidden />
    </UnstyledButton>
  );
});

type TContactRowProps = { contact: TContact; selected: boolean; onOpen: (contact: TContact) => void };

/** One contact: avatar with status dot, full name, clinical role and suffix; the status in words for readers. */
const ContactRow = memo(function ContactRow({ contact, selected, onOpen }: TContactRowProps) {
  const { t } = useTranslation('contacts');
  const role = roleLine(contact);
  const status = t(`status.${STATUS_KEY[shownStatus(contact)]}`);
  return (
    <UnstyledButton
      className={list.row}
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onOpen(contact)}
      title={t('contact.open', { name: contact.fullName })}
      data-contact-id={contact.id}
    >
      <PersonAvatar name={contact.fullName} path={contact.avatar?.path} status={shownStatus(contact)} />
      <span className={list.rowText}>
        <Text component="span" fz="sm" fw={600} lh={1.35} className={list.ellipsis}>
          {contact.fullName}
        </Text>
        {role && (
          <Text component="span" fz="xs" c="dimmed" lh={1.35} className={list.ellipsis}>
            {role}
          </Text>
        )}
      </span>
      <VisuallyHidden>, {status}</VisuallyHidden>
    </UnstyledButton>
  );
});

import { ActionIcon, Anchor, Badge, Group, Indicator, SegmentedControl, Title, Tooltip } from '@mantine/core';
import type { TContact } from '@rounds/contracts/contacts';
import { TIMINGS } from '@rounds/contracts/limits';
import { ROUTES } from '@rounds/contracts/routes';
import { CHAT_STATUS, shownStatus, type TChatStatus } from '@rounds/contracts/user';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useContactSearch } from '../../../api/use-contact-search';
import { SearchInput } from '../../../components/search-input';
import split from '../../../components/split-screen.module.css';
import { filterCount, toListRequest } from '../../../lib/classification-filters';
import { createGate } from '../../../lib/gate';
import { useSession } from '../../../lib/session-store';
import { useContactsView } from '../stores/contacts-view';
import { BannerMessage } from './banner-message';
import { ContactFilters } from './contact-filters';
import { ContactList } from './contact-list';
import classes from './contacts.module.css';
import { EmptyChat } from './empty-chat';
import { SelectedContact } from './selected-contact';
import { StatusMenu } from './status-menu';

/** Contact clicks open at most one chat per 5 s (spec doc 1 section 2), across visits to the screen. */
const openGate = createGate(TIMINGS.contactClickThrottleMs);

/** What another view of the panel gets from Contacts: the chosen facilities, the search, live presence. */
export type TContactsViewContext = {
  facilityIds: readonly string[];
  keyword: string;
  statusOf: (userId: string) => TChatStatus;
};

type TContactsScreenProps = {
  /** The panel's logo for the current theme (recentLogo / recentLogoDark), composed by the route. */
  logo: ReactNode;
  /** The banner message in the reader's language, or nothing when the administrator has it off. */
  banner?: string;
  /**
   * A second view of the panel beside People (the On call roles, issue 25), composed by the route; `matches`
   * shows above the people what the search finds in it (roles to message), with a way to switch to it.
   */
  otherView?: {
    label: string;
    render: (context: TContactsViewContext) => ReactNode;
    matches?: (context: TContactsViewContext & { showAll: () => void }) => ReactNode;
  };
};

/**
 * The Contacts screen (spec doc 1 section 2): on the left the logo, banner, own status, search (simple, or
 * advanced with filters) and the contacts by first letter; on the right the conversation, for now the chosen
 * contact or an empty-chat placeholder. On a phone the two sides take turns.
 */
export function ContactsScreen({ logo, banner, otherView }: TContactsScreenProps) {
  const userId = useSession((s) => s.user?.id);
  const ownerId = useContactsView((s) => s.ownerId);

  // The remembered search and filters belong to whoever set them: another user starts afresh.
  useEffect(() => {
    if (userId) useContactsView.getState().claim(userId);
  }, [userId]);

  if (!userId || ownerId !== userId) return null;
  return <ContactsLayout logo={logo} banner={banner} otherView={otherView} />;
}

function ContactsLayout({ logo, banner, otherView }: TContactsScreenProps) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const filtersId = useId();
  const titleId = useId();
  const search = useContactsView((s) => s.search);
  const advanced = useContactsView((s) => s.advanced);
  const filters = useContactsView((s) => s.filters);
  const chosen = useContactsView((s) => s.selected);
  const { setSearch, toggleAdvanced, resetFilters, select } = useContactsView.getState();
  const [filtersTip, setFiltersTip] = useState(false);
  const [view, setView] = useState<'people' | 'other'>('people');
  const showOther = otherView !== undefined && view === 'other';

  const request = useMemo(() => toListRequest(filters, ''), [filters]);
  const contacts = useContactSearch(request, search);
  const applied = filterCount(filters);
  const narrowed = applied > 0 || contacts.searching;

  const statusById = useMemo(
    () => new Map((contacts.contacts ?? []).map((c) => [c.id, shownStatus(c)])),
    [contacts.contacts],
  );
  const statusOf = (id: string) => statusById.get(id) ?? CHAT_STATUS.Offline;

  // The list has the live status; the stored copy covers a contact the current filters hide.
  const selected = chosen ? (contacts.contacts?.find((contact) => contact.id === chosen.id) ?? chosen) : null;

  const open = (contact: TContact) => {
    if (!openGate.tryPass()) return;
    select(contact);
    // The direct chat opens in Recent (the conversations issue reads the contact id from navigation state).
    navigate(ROUTES.recent, { state: { contactId: contact.id } });
  };

  return (
    <div className={`${split.screen} ${classes.screen}`} data-has-selection={selected ? '' : undefined}>
      <aside className={split.panel} aria-labelledby={titleId}>
        <div className={split.panelTop}>
          <div className={classes.brandRow}>
            <div className={classes.logo}>{logo}</div>
            <StatusMenu />
          </div>
          {banner && <BannerMessage text={banner} />}
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Title order={1} fz="h4" id={titleId}>
              {t('title')}
            </Title>
            {contacts.contacts && (
              <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} aria-live="polite">
                {t('count', { count: contacts.contacts.length })}
              </Badge>
            )}
          </Group>
          {otherView && (
            <SegmentedControl
              fullWidth
              size="xs"
              aria-label={t('views.label')}
              value={view}
              onChange={(value) => setView(value === 'other' ? 'other' : 'people')}
              data={[
                { value: 'people', label: t('views.people') },
                { value: 'other', label: otherView.label },
              ]}
            />
          )}
          <Group gap={8} wrap="nowrap">
            <SearchInput
              style={{ flex: 1 }}
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={search}
              onChange={setSearch}
              clearLabel={t('search.clear')}
            />
            {/* Shown on hover and gone at the click: left open it covered the contacts count (issue 13). */}
            <Tooltip label={advanced ? t('search.hideFilters') : t('search.showFilters')} withArrow opened={filtersTip}>
              <Indicator label={applied} size={16} disabled={applied === 0} offset={4} zIndex={2}>
                <ActionIcon
                  variant={advanced ? 'light' : 'default'}
                  size={36}
                  onClick={() => {
                    setFiltersTip(false);
                    toggleAdvanced();
                  }}
                  onMouseEnter={() => setFiltersTip(true)}
                  onMouseLeave={() => setFiltersTip(false)}
                  aria-label={advanced ? t('search.hideFilters') : t('search.showFilters')}
                  aria-expanded={advanced}
                  aria-controls={advanced ? filtersId : undefined}
                >
                  <IconAdjustmentsHorizontal size={18} stroke={1.7} />
                </ActionIcon>
              </Indicator>
            </Tooltip>
          </Group>
          {!advanced && applied > 0 && (
            <Group gap={6} fz="xs" c="dimmed">
              <span>{t('search.activeFilters', { count: applied })}</span>
              <span aria-hidden>·</span>
              <Anchor component="button" type="button" fz="xs" onClick={resetFilters}>
                {t('filters.reset')}
              </Anchor>
            </Group>
          )}
        </div>
        <div className={split.panelBody}>
          {advanced && <ContactFilters id={filtersId} />}
          {showOther ? (
            otherView.render({ facilityIds: filters.facility, keyword: search.trim(), statusOf })
          ) : (
            <>
              {otherView?.matches?.({
                facilityIds: filters.facility,
                keyword: search.trim(),
                statusOf,
                showAll: () => setView('other'),
              })}
              <ContactList
                contacts={contacts.contacts}
                {...contacts.load}
                narrowed={narrowed}
                selectedId={selected?.id ?? null}
                onOpen={open}
                onReset={() => {
                  resetFilters();
                  setSearch('');
                }}
              />
            </>
          )}
        </div>
      </aside>
      <section className={`${split.detail} ${classes.detail}`}>
        {selected ? <SelectedContact contact={selected} onOpen={open} onBack={() => select(null)} /> : <EmptyChat />}
      </section>
    </div>
  );
}

import { ActionIcon, Center, Group, Loader, SegmentedControl, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { chatPath, ROUTES } from '@rounds/contracts/routes';
import { IconUsersPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useChatRoom } from '../../../api/get-chat-room';
import { SearchInput } from '../../../components/search-input';
import split from '../../../components/split-screen.module.css';
import { useGroupModal } from '../../../lib/group-modal-store';
import { listLoad } from '../../../lib/list-load';
import { useSession } from '../../../lib/session-store';
import { useCreateDirectChat } from '../api/create-direct-chat';
import { useChatRooms } from '../api/get-chat-rooms';
import { useLinkedMessage } from '../hooks/use-linked-message';
import { useChatView } from '../stores/chat-view';
import { useUnreadRooms } from '../stores/unread-rooms';
import classes from './chat.module.css';
import { EmptyRoom } from './empty-room';
import { PendingUrgent } from './pending-urgent';
import { RoomList } from './room-list';
import { RoomView } from './room-view';
import '../chat-texts';

const ID = /^[0-9a-f]{24}$/;

/**
 * What the history entry carries: {contactId} from Contacts (open the direct chat with them, and Contacts
 * keeps the contact highlighted), {fromList} when the room was opened from the list, so the room's Back
 * returns to that list entry instead of adding one.
 */
function readState(state: unknown): { contactId: string | null; fromList: boolean } {
  const value = (state ?? {}) as { contactId?: unknown; fromList?: unknown };
  return {
    contactId: typeof value.contactId === 'string' && ID.test(value.contactId) ? value.contactId : null,
    fromList: value.fromList === true,
  };
}

/** What the panel gives message search, composed by the route (features do not import each other). */
export type TMessageSearchSlot = (props: {
  query: string;
  rooms: { id: string; name: string }[];
  people: { id: string; name: string }[];
  me: string | undefined;
  /** Opens the room at that message, with the messages around it, and marks it. */
  onOpen: (twId: string, messageId: string) => void;
}) => ReactNode;

type TRecentScreenProps = {
  /** The panel's logo for the current theme, composed by the route (features do not import each other). */
  logo?: ReactNode;
  /** The app's Contacts page, where a conversation starts. */
  onStart: () => void;
  /** Message search: the search box then also finds messages (issue 27). */
  messageSearch?: TMessageSearchSlot;
};

/**
 * Recent chats, the home screen (spec doc 1 section 2): the rooms on the left with a search, the open room
 * on the right or a placeholder; on a phone one at a time. Opening it resets the Recent badge.
 */
export function RecentScreen({ logo, onStart, messageSearch }: TRecentScreenProps) {
  const { t } = useTranslation('chat');
  // A phone shows either the list or the open room: the pending URGENT list goes with whichever is shown.
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const me = useSession((s) => s.user?.id);
  // The open room is the address (/chat/:twId): reload, Back and a shared link keep it.
  const addressed = useParams().twId;
  const twId = addressed && ID.test(addressed) ? addressed : null;
  const { contactId, fromList } = readState(location.state);
  const [search, setSearch] = useState('');
  // What the search box looks in: conversations by name (the spec's list search) or the words of messages.
  const [scope, setScope] = useState<'rooms' | 'messages'>('rooms');
  const searchingMessages = messageSearch !== undefined && scope === 'messages' && search.trim().length > 0;
  const rooms = useChatRooms();
  const searchOptions = useMemo(() => {
    const people = new Map<string, string>();
    for (const r of rooms.data ?? []) for (const p of r.participants) people.set(p.id, p.fullName);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    return {
      rooms: (rooms.data ?? []).map((r) => ({ id: r.twId, name: r.name })).sort(byName),
      people: [...people].map(([id, name]) => ({ id, name })).sort(byName),
    };
  }, [rooms.data]);
  const listed = twId ? rooms.data?.find((room) => room.twId === twId) : undefined;
  // A room the list does not have (a group created a moment ago): asked for by itself.
  const details = useChatRoom(twId, !rooms.isPending && !listed);
  const room = listed ?? details.data ?? undefined;

  /** Replaces this entry: a room decided for the user (a new direct chat, a room that went away). */
  const show = useCallback(
    (next: string | null, state: { contactId?: string } | null = null) =>
      void navigate(
        { pathname: next ? chatPath(next) : ROUTES.recent, search: location.search },
        { replace: true, state },
      ),
    [navigate, location.search],
  );
  /** A room picked in the list: from the list it is a new entry (Back returns to the list), between rooms not. */
  const select = (next: string) => {
    if (next === twId) return;
    const from = twId === null;
    void navigate(
      { pathname: chatPath(next), search: location.search },
      { replace: !from, state: { fromList: from || fromList } },
    );
  };
  /** A message found by search: its room opens at it (hooks/use-focus-message.ts). */
  const openMessage = (next: string, messageId: string) => {
    useChatView.getState().setFocus({ twId: next, messageId });
    select(next);
  };
  const back = () => {
    if (fromList) void navigate(-1);
    else show(null);
  };

  // An SMS link (?rs=): its conversation opens, and rs leaves the address either way.
  const openLinked = useCallback(
    (linked: string, search: string) =>
      void navigate(
        { pathname: linked ? chatPath(linked) : location.pathname, search },
        { replace: true, state: linked ? null : location.state },
      ),
    [navigate, location.pathname, location.state],
  );
  useLinkedMessage(location.search, openLinked);

  useEffect(() => {
    useChatView.getState().setView({ onRecent: true, openTwId: twId });
  }, [twId]);
  useEffect(() => {
    useUnreadRooms.getState().reset();
    return () => useChatView.getState().setView({ onRecent: false, openTwId: null });
  }, []);

  // From Contacts: the direct chat with that contact, existing or new (the server decides), then open it.
  // The contact id stays in the state beside the room: Contacts reads it to keep the contact highlighted.
  const createDirect = useCreateDirectChat();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!contactId || twId || asked.current === contactId) return;
    asked.current = contactId;
    createDirect.mutate(contactId, {
      onSuccess: (created) => show(created.twId, { contactId }),
      onError: () => show(null),
    });
  }, [contactId, twId, createDirect, show]);

  const opening = (twId !== null && !room && (rooms.isPending || details.isLoading)) || (contactId !== null && !twId);

  return (
    <div className={`${split.screen} ${classes.screen}`} data-has-selection={addressed || contactId ? '' : undefined}>
      <aside className={split.panel} aria-labelledby={titleId}>
        <div className={split.panelTop}>
          {logo && <div className={classes.logo}>{logo}</div>}
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Title order={1} fz="h4" id={titleId}>
              {t('title')}
            </Title>
            <Tooltip label={t('newGroup')} withArrow>
              <ActionIcon
                variant="light"
                size={36}
                onClick={() => useGroupModal.getState().open()}
                aria-label={t('newGroup')}
                aria-haspopup="dialog"
              >
                <IconUsersPlus size={19} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <SearchInput
            aria-label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            value={search}
            onChange={setSearch}
            clearLabel={t('list.clear')}
          />
          {messageSearch && search.trim().length > 0 && (
            <SegmentedControl
              size="xs"
              fullWidth
              aria-label={t('list.scope')}
              value={scope}
              onChange={(value) => setScope(value as 'rooms' | 'messages')}
              data={[
                { value: 'rooms', label: t('list.scopeRooms') },
                { value: 'messages', label: t('list.scopeMessages') },
              ]}
            />
          )}
        </div>
        {!(phone && room) && <PendingUrgent rooms={rooms.data} onOpen={select} />}
        <div className={split.panelBody}>
          {searchingMessages ? (
            messageSearch({ query: search, ...searchOptions, me, onOpen: openMessage })
          ) : (
            <RoomList
              rooms={rooms.data}
              {...listLoad(rooms)}
              search={search}
              selectedTwId={twId}
              me={me}
              onSelect={select}
              onStart={onStart}
            />
          )}
        </div>
      </aside>
      <section className={split.detail} aria-label={room?.name ?? t('empty.title')}>
        {/* A phone shows the room without the list: what waits elsewhere comes above it, in the flow. */}
        {room && phone && (
          <PendingUrgent
            rooms={rooms.data}
            onOpen={select}
            exceptTwId={room.twId}
            className={classes.roomPendingUrgent}
          />
        )}
        {room ? (
          <RoomView key={room.twId} room={room} onBack={back} onGone={() => show(null)} />
        ) : opening ? (
          <Center style={{ flex: 1 }} role="status" aria-label={t('room.loading')}>
            <Loader size="sm" />
          </Center>
        ) : (
          <EmptyRoom unavailable={addressed !== undefined} />
        )}
      </section>
    </div>
  );
}

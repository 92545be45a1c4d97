import type { TChatRoom, TMessage } from '@rounds/contracts/chat';
import { IconArchive, IconLock, IconUserOff } from '@tabler/icons-react';
import { type DragEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { createGate } from '../../../lib/gate';
import { useGroupModal } from '../../../lib/group-modal-store';
import { PERSON_DRAG_TYPE } from '../../../lib/person-drag';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useDeleteChatRoom } from '../api/delete-chat-room';
import { useLeaveChatRoom } from '../api/leave-chat-room';
import { useMarkImportant } from '../api/mark-important';
import { useRemoveMessage } from '../api/remove-message';
import { addFiles } from '../delivery/uploads';
import { useMarkRead } from '../hooks/use-mark-read';
import { useRoomSlots } from '../room-slots';
import { useMessages } from '../stores/messages';
import { useUploadBanner } from '../stores/upload-banner';
import { AckGridModal } from './ack-grid-modal';
import { ActionBar } from './action-bar';
import classes from './chat.module.css';
import { Composer } from './composer';
import { ImportanceModal } from './importance-modal';
import { MembersModal } from './members-modal';
import { MessageList } from './message-list';
import { RoomHeader } from './room-header';
import { SeenByModal } from './seen-by-modal';
import { TypingLine } from './typing-line';
import { UrgentStatusStrip } from './urgent-status-strip';
import '../chat-texts';

/** Message actions: at most one every 2 s each (spec doc 1 section 9). */
const ACTION_THROTTLE_MS = 2_000;

type TDialog = 'members' | 'deleteRoom' | 'leaveRoom' | 'deleteMessage' | 'seenBy' | 'ackGrid' | 'importance' | null;

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
const carriesPerson = (event: DragEvent) => event.dataTransfer.types.includes(PERSON_DRAG_TYPE);

type TRoomViewProps = {
  room: TChatRoom;
  onBack: () => void;
  /** The user left or deleted the room: Recent closes it. */
  onGone: () => void;
};

/**
 * One open room (spec doc 1 section 2, "Chat room view"): header, messages, who is typing, the action bar of
 * a selected message, and the composer, which an archived group or a direct chat with a removed account
 * replaces with a read-only note.
 */
export function RoomView({ room, onBack, onGone }: TRoomViewProps) {
  const { t } = useTranslation('chat');
  const me = useSession((s) => s.user?.id);
  const slots = useRoomSlots();
  const mayDelete = useSession((s) => s.user?.permissions.delSms !== false);
  const [selected, setSelected] = useState<TMessage | null>(null);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [seenById, setSeenById] = useState<string | null>(null);
  const deleteRoom = useDeleteChatRoom();
  const leaveRoom = useLeaveChatRoom();
  const removeMessage = useRemoveMessage();
  const markImportant = useMarkImportant();
  const [dragging, setDragging] = useState<'files' | 'person' | false>(false);
  const gates = useMemo(
    () => ({
      copy: createGate(ACTION_THROTTLE_MS),
      delete: createGate(ACTION_THROTTLE_MS),
      seen: createGate(ACTION_THROTTLE_MS),
    }),
    [],
  );
  useMarkRead(room);

  const stillThere = useMessages((s) =>
    selected ? (s.rooms[room.twId]?.messages.some((m) => m.id === selected.id) ?? false) : false,
  );
  // The selected message was removed (by its author, in another tab): its actions go with it.
  useEffect(() => {
    if (selected && !stillThere) setSelected(null);
  }, [selected, stillThere]);

  // Escape closes the action bar; inside a dialog, Escape belongs to the dialog.
  useEffect(() => {
    if (!selected || dialog) return;
    const onKey = (event: KeyboardEvent) => {
      // The Escape that closed a dialog is still on its way up when this listener returns with the dialog gone.
      const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
      if (event.key === 'Escape' && !inDialog) setSelected(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selected, dialog]);

  const own = selected !== null && selected.author === me;
  const readOnly = room.archived || room.disabled;
  const canWrite = !readOnly && me !== undefined;

  // A person dropped on a direct chat starts a group with both; on a group its owner owns, opens edit with
  // them picked (spec doc 1 section 2). Anyone else's group takes no people.
  const takesPeople = canWrite && (room.type === 'direct' || room.owner === me);
  const dropPerson = (id: string) => {
    const other = room.participants.find((p) => p.id !== me);
    if (!id || id === me || room.participants.some((p) => p.id === id)) {
      showToast(t('room.alreadyMember'), 'warning');
      return;
    }
    if (room.type === 'direct' && other) {
      useGroupModal.getState().open({ mode: 'create', preselected: [other.id, id] });
    } else {
      useGroupModal.getState().open({ mode: 'edit', twId: room.twId, preselected: [id] });
    }
  };

  // Images dropped anywhere on the open room go to the composer's tray; people, as above.
  const dropZone = canWrite
    ? {
        onDragOver: (event: DragEvent) => {
          const person = carriesPerson(event) && takesPeople;
          if (!carriesFiles(event) && !person) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(person ? 'person' : 'files');
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          if (carriesPerson(event) && takesPeople) {
            event.preventDefault();
            setDragging(false);
            dropPerson(event.dataTransfer.getData(PERSON_DRAG_TYPE));
            return;
          }
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDragging(false);
          const refused = addFiles(room.twId, [...event.dataTransfer.files]);
          if (refused) useUploadBanner.getState().show(refused);
        },
      }
    : {};

  const copy = () => {
    if (!selected || !gates.copy.tryPass()) return;
    navigator.clipboard
      .writeText(selected.body)
      .then(() => showToast(t('actions.copied'), 'success'))
      .catch(() => showToast(t('actions.copyFailed'), 'error'));
  };

  const confirmDeleteMessage = () => {
    if (!selected || !gates.delete.tryPass()) return;
    removeMessage.mutate(
      { twId: room.twId, messageId: selected.id },
      {
        onSuccess: () => {
          showToast(t('deleteMessage.done'), 'success');
          setSelected(null);
          setDialog(null);
        },
      },
    );
  };

  const openSeenBy = () => {
    if (!selected || !gates.seen.tryPass()) return;
    setSeenById(selected.id);
    setDialog('seenBy');
  };

  const openAckGrid = () => {
    if (!selected || !gates.seen.tryPass()) return;
    setSeenById(selected.id);
    setDialog('ackGrid');
  };

  // Deleting the room and leaving it: confirmed, then the room is gone from this user's list.
  const exitDialog = (
    kind: 'deleteRoom' | 'leaveRoom',
    exit: { isPending: boolean; mutateAsync: (twId: string) => Promise<unknown> },
    done: () => string,
  ) => (
    <ConfirmModal
      opened={dialog === kind}
      title={t(`${kind}.title`)}
      body={t(`${kind}.body`, { name: room.name })}
      confirm={t(`${kind}.confirm`)}
      cancel={t(`${kind}.cancel`)}
      busy={exit.isPending}
      onConfirm={() =>
        // mutateAsync: the room leaves the list on success, which unmounts this view before mutate's own
        // callbacks would run; the promise settles whatever happens to the component.
        exit
          .mutateAsync(room.twId)
          .then(() => {
            showToast(done(), 'success');
            onGone();
          })
          .catch(() => undefined)
      }
      onClose={() => setDialog(null)}
    />
  );

  return (
    <div className={classes.roomDrop} data-dragging={dragging || undefined} {...dropZone}>
      {dragging && (
        <div className={classes.dropHint} aria-hidden>
          {dragging === 'person'
            ? t(room.type === 'direct' ? 'room.dropPersonDirect' : 'room.dropPersonGroup')
            : t('files.dropHere')}
        </div>
      )}
      <RoomHeader
        room={room}
        me={me}
        onBack={onBack}
        onMembers={() => setDialog('members')}
        onLeave={() => setDialog('leaveRoom')}
        onDelete={() => setDialog('deleteRoom')}
      />
      {slots.callBar(room.twId)}
      {room.archived && (
        <p className={classes.notice} role="status">
          <IconArchive size={18} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
          {room.archivedBy ? t('room.archivedBy', { name: room.archivedBy.fullName }) : t('room.archived')}
        </p>
      )}
      <MessageList
        room={room}
        selectedId={selected?.id ?? null}
        onSelect={(message) => setSelected((current) => (current?.id === message.id ? null : message))}
      />
      <TypingLine twId={room.twId} />
      {me && <UrgentStatusStrip twId={room.twId} me={me} />}
      {selected && (
        <ActionBar
          canDelete={own && mayDelete && !readOnly}
          canSeeReaders={own}
          canMarkImportant={own && !readOnly && !selected.attributes.systemMessage}
          onCopy={copy}
          onMarkImportant={() => setDialog('importance')}
          onDelete={() => setDialog('deleteMessage')}
          onSeenBy={openSeenBy}
          canSeeAcknowledgements={
            selected.attributes.important === true && (own || (me !== undefined && room.owner === me))
          }
          onAckGrid={openAckGrid}
          onClose={() => setSelected(null)}
        />
      )}
      {readOnly || !me ? (
        <div className={classes.readOnly}>
          {room.disabled ? <IconUserOff size={18} aria-hidden /> : <IconLock size={18} aria-hidden />}
          <span>{room.disabled ? t('room.disabled') : t('room.readOnly')}</span>
        </div>
      ) : (
        <Composer room={room} userId={me} />
      )}

      <ImportanceModal
        opened={dialog === 'importance' && selected !== null}
        room={room}
        mode="mark"
        busy={markImportant.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(options) => {
          if (!selected) return;
          markImportant.mutate(
            { twId: room.twId, messageId: selected.id, ...options },
            {
              onSuccess: () => {
                showToast(t('importance.marked'), 'success');
                setDialog(null);
                setSelected(null);
              },
            },
          );
        }}
      />
      <MembersModal room={room} me={me} opened={dialog === 'members'} onClose={() => setDialog(null)} />
      <SeenByModal twId={room.twId} messageId={dialog === 'seenBy' ? seenById : null} onClose={() => setDialog(null)} />
      <AckGridModal
        twId={room.twId}
        messageId={dialog === 'ackGrid' ? seenById : null}
        onClose={() => setDialog(null)}
      />
      <ConfirmModal
        opened={dialog === 'deleteMessage'}
        title={t('deleteMessage.title')}
        body={t('deleteMessage.body')}
        confirm={t('deleteMessage.confirm')}
        cancel={t('deleteMessage.cancel')}
        busy={removeMessage.isPending}
        onConfirm={confirmDeleteMessage}
        onClose={() => setDialog(null)}
      />
      {exitDialog('deleteRoom', deleteRoom, () => t('deleteRoom.done', { group: room.name }))}
      {exitDialog('leaveRoom', leaveRoom, () => t('leaveRoom.done', { name: room.name }))}
    </div>
  );
}

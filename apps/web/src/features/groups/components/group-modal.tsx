import { Alert, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TChatRoom } from '@rounds/contracts/chat';
import { chatPath } from '@rounds/contracts/routes';
import { IconAlertCircle, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { type TGroupModalMode, type TGroupModalRequest, useGroupModal } from '../../../lib/group-modal-store';
import { useSession } from '../../../lib/session-store';
import { useRoomDetails } from '../api/get-room-details';
import { GroupForm } from './group-form';
import classes from './groups.module.css';
import { GroupsPanel } from './groups-panel';

/** Under 768px the navigation is a bottom bar (styles.css) and the modal takes the whole screen. */
const PHONE = '(max-width: 48em)';

const GROUP_MODAL_ID = 'group-modal';

/** A new request (another drop on a chat while the modal is open) starts a fresh form. */
const requestKey = (request: TGroupModalRequest) =>
  `${request.mode}:${request.twId ?? ''}:${(request.preselected ?? []).join(',')}`;

/**
 * The group modal (spec doc 1 section 2): create (tabs People and Groups), edit (the owner renames and changes
 * members) and extend (search-only, adds people). Opened through lib/group-modal-store from the navigation,
 * /group and the chat screens; loaded lazily by the app layout.
 */
export function GroupModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('groups');
  const request = useGroupModal((s) => s.request);
  const meId = useSession((s) => s.user?.id);
  const mobile = useMediaQuery(PHONE, false, { getInitialValueInEffect: false }) ?? false;

  // Signed out (or the session ended) while it was open: nothing of it may stay over the login page.
  useEffect(() => {
    if (!meId) onClose();
  }, [meId, onClose]);

  if (!request || !meId) return null;
  const mode = request.mode;
  return (
    // A stack, so the similar-groups dialog above it alone answers Escape and holds the focus.
    <Modal.Stack>
      <Modal
        stackId={GROUP_MODAL_ID}
        opened={opened}
        onClose={onClose}
        title={t(`title.${mode}`)}
        fullScreen={mobile}
        size={920}
        centered
        radius={mobile ? 0 : 'lg'}
        styles={MODAL_STYLES}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
        classNames={{ content: classes.modalContent, body: classes.modalBody }}
        transitionProps={{ transition: mobile ? 'slide-up' : 'pop', duration: 150 }}
      >
        {mode === 'create' ? (
          <CreateTabs key={requestKey(request)} meId={meId} preselected={request.preselected ?? []} mobile={mobile} />
        ) : (
          <RoomForm
            key={requestKey(request)}
            mode={mode}
            twId={request.twId}
            meId={meId}
            preselected={request.preselected ?? []}
            mobile={mobile}
          />
        )}
      </Modal>
    </Modal.Stack>
  );
}

type TCreateTabsProps = { meId: string; preselected: readonly string[]; mobile: boolean };

/** Create: People builds a new group; Groups finds one the user is already in and opens it instead. */
function CreateTabs({ meId, preselected, mobile }: TCreateTabsProps) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const close = useGroupModal((s) => s.close);
  const [tab, setTab] = useState<string | null>('people');
  const open = (room: TChatRoom) => {
    close();
    navigate(chatPath(room.twId));
  };
  return (
    <Tabs value={tab} onChange={setTab} className={classes.fill}>
      <Tabs.List mb="md">
        <Tabs.Tab value="people" leftSection={<IconUsers size={16} stroke={1.7} />}>
          {t('tabs.people')}
        </Tabs.Tab>
        <Tabs.Tab value="groups" leftSection={<IconUsersGroup size={16} stroke={1.7} />}>
          {t('tabs.groups')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="people" className={classes.fill}>
        <GroupForm mode="create" meId={meId} preselected={preselected} mobile={mobile} />
      </Tabs.Panel>
      <Tabs.Panel value="groups" className={classes.fill}>
        <GroupsPanel active={tab === 'groups'} onOpen={open} />
      </Tabs.Panel>
    </Tabs>
  );
}

type TRoomFormProps = {
  mode: Exclude<TGroupModalMode, 'create'>;
  twId: string | undefined;
  meId: string;
  preselected: readonly string[];
  mobile: boolean;
};

/**
 * Edit and extend work on an existing room, loaded first. Only a group's owner changes it (spec doc 1
 * section 6); either side of a direct chat may add people, which makes a new group.
 */
function RoomForm({ mode, twId, meId, preselected, mobile }: TRoomFormProps) {
  const { t } = useTranslation('groups');
  const details = useRoomDetails(twId);
  const room = details.data;

  if (!twId || details.isError) return <Notice text={t('room.failed')} />;
  if (!room) {
    return (
      <Stack align="center" py={48} role="status" aria-label={t('room.loading')}>
        <Loader size="sm" />
      </Stack>
    );
  }
  if (room.archived) return <Notice text={t('room.archived')} />;
  const owns = room.type === 'group' ? room.owner === meId : mode === 'extend';
  if (!owns) return <Notice text={t('room.notOwner')} />;
  return <GroupForm mode={mode} meId={meId} room={room} preselected={preselected} mobile={mobile} />;
}

function Notice({ text }: { text: string }) {
  return (
    <Alert variant="light" color="yellow" icon={<IconAlertCircle size={18} />} role="alert">
      <Text fz="sm">{text}</Text>
    </Alert>
  );
}

import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../../components/error-alert';
import { showToast } from '../../../../lib/toast';
import { useDeleteReferenceItem } from '../api/delete-reference-item';
import { useReferenceItem } from '../api/get-reference-item';
import { useSaveReferenceItem } from '../api/save-reference-item';
import { REFERENCE_SECTIONS, type TReferenceSection } from '../reference-sections';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ItemUsersCard } from './item-users-card';

/**
 * An item's page, /admin/<section>/<id> ('new' creates; doc 2 section 2): back, delete, the name with Create
 * or Update (Enter submits), then its Members and the Available users.
 */
export function ReferenceEditPage({ section, id }: { section: TReferenceSection; id: string }) {
  const kind = REFERENCE_SECTIONS[section];
  const isNew = id === 'new';
  const { t } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const listPath = `${ROUTES.admin}/${section}`;
  const item = useReferenceItem(kind, isNew ? undefined : id);
  const save = useSaveReferenceItem(kind);
  const remove = useDeleteReferenceItem(kind);
  // Undefined until edited: the field shows the stored name until then.
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = draft ?? item.data?.name ?? '';
  const error = touched && !name.trim() ? common('Required') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const trimmed = name.trim();
    if (!trimmed) return;
    save.mutate(
      { id: isNew ? undefined : id, name: trimmed },
      {
        onSuccess: (reply) => {
          setDraft(undefined);
          setTouched(false);
          showToast(t(isNew ? `kinds.${kind}.created` : `kinds.${kind}.updated`), 'success');
          if (isNew) navigate(`${listPath}/${reply.data.id}`, { replace: true });
        },
      },
    );
  };

  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        showToast(t(`kinds.${kind}.deleted`), 'success');
        navigate(listPath);
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Button component={Link} to={listPath} variant="subtle" leftSection={<IconArrowLeft size={16} />} px="xs">
          {t(`kinds.${kind}.back`)}
        </Button>
        {!isNew && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
            disabled={!item.data}
          >
            {t(`kinds.${kind}.delete`)}
          </Button>
        )}
      </Group>

      {item.isError ? (
        <ErrorAlert>{t('reference.notFound')}</ErrorAlert>
      ) : (
        <>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <form onSubmit={submit} noValidate>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label={t('reference.name')}
                  required
                  value={name}
                  maxLength={100}
                  error={error}
                  disabled={!isNew && item.isPending}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  onBlur={() => setTouched(true)}
                  style={{ flex: 1, minWidth: 220, maxWidth: 480 }}
                />
                <Button
                  type="submit"
                  loading={save.isPending}
                  disabled={!name.trim() || (!isNew && name.trim() === item.data?.name)}
                  leftSection={<IconDeviceFloppy size={16} />}
                >
                  {isNew ? t('reference.create') : t('reference.update')}
                </Button>
              </Group>
            </form>
          </Paper>
          {!isNew && (
            <>
              <ItemUsersCard kind={kind} id={id} mode="members" />
              <ItemUsersCard kind={kind} id={id} mode="available" />
            </>
          )}
        </>
      )}

      <ConfirmDeleteModal
        name={confirming ? (item.data?.name ?? '') : null}
        title={t(`kinds.${kind}.deleteTitle`)}
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

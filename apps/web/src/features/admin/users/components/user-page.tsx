import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TRole } from '@rounds/contracts/common';
import type { TCallingCode } from '@rounds/contracts/settings';
import type { TUser } from '@rounds/contracts/user';
import {
  IconArrowLeft,
  IconBriefcase,
  IconDeviceFloppy,
  IconKey,
  IconTrash,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ClassificationFields, type TClassificationLists } from '../../../../components/classification-fields';
import { NameFields, SessionTimeoutField } from '../../../../components/person-fields';
import { PhoneField } from '../../../../components/phone-field';
import { SectionCard } from '../../../../components/section-card';
import { ApiError } from '../../../../lib/api-client';
import { hasErrors } from '../../../../lib/form-errors';
import { useSession } from '../../../../lib/session-store';
import { useErrorText, useForm } from '../../../../lib/use-form';
import { useCreateUser } from '../api/create-user';
import { useAdminUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { roleChoices, rowLocked } from '../lib/row-access';
import {
  createRequest,
  EMPTY_USER_FORM,
  sameUserForm,
  serverFieldError,
  type TUserFormValues,
  updateRequest,
  userFormValues,
  validateUserForm,
} from '../lib/user-form';
import { DeleteUserModal } from './delete-user-modal';
import { ResetMfaButton } from './reset-mfa-button';
import { ResetPasswordModal } from './reset-password-modal';
import { UserAvatarPanel } from './user-avatar-panel';

type TUserPageProps = {
  /** undefined: /admin/users/new. */
  id: string | undefined;
  /** /admin/users */
  basePath: string;
  lists: TClassificationLists;
  callingCodes: readonly TCallingCode[];
  /** The default session timeout, shown in the empty field's placeholder. */
  defaultTimeout: number;
};

/**
 * The admin profile page (doc 2 section 2): /admin/users/{id}, or 'new' to create. Back to the list, picture,
 * Delete user, Reset password, and the personal and professional form checked with the server's schema.
 */
export function UserPage({ id, basePath, ...rest }: TUserPageProps) {
  const { t } = useTranslation('adminUsers');
  const user = useAdminUser(id);
  const back = (
    <Button
      component={Link}
      to={basePath}
      variant="subtle"
      color="gray"
      leftSection={<IconArrowLeft size={16} stroke={1.8} />}
      w="fit-content"
      px={6}
    >
      {t('user.back')}
    </Button>
  );
  if (id && user.isPending) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton height={96} radius="lg" />
        <Skeleton height={320} radius="lg" />
      </Stack>
    );
  }
  if (id && (user.isError || !user.data)) {
    const missing = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
    return (
      <Stack gap="md">
        {back}
        <Alert color={missing ? 'gray' : 'red'} variant="light" title={t(missing ? 'user.notFound' : 'loadFailed')}>
          {!missing && (
            <Button size="xs" variant="white" color="red" onClick={() => void user.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      <UserForm key={id ?? 'new'} user={user.data} basePath={basePath} {...rest} />
    </Stack>
  );
}

type TUserFormProps = Omit<TUserPageProps, 'id'> & { user: TUser | undefined };

function UserForm({ user, basePath, lists, callingCodes, defaultTimeout }: TUserFormProps) {
  const { t } = useTranslation('adminUsers');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const viewer = useSession((s) => s.user?.role);
  const base = useMemo(() => (user ? userFormValues(user) : EMPTY_USER_FORM), [user]);
  const form = useForm<TUserFormValues>(base);
  const { values, errors, setField } = form;
  const create = useCreateUser();
  const update = useUpdateUser();
  const saving = create.isPending || update.isPending;
  const [deleting, setDeleting] = useState<TUser | null>(null);
  const [resetting, setResetting] = useState<TUser | null>(null);
  const locked = user ? rowLocked(viewer, user) : false;

  // The user changed elsewhere (another administrator, a live event): follow it unless there are edits here.
  const [shownBase, setShownBase] = useState(base);
  if (shownBase !== base) {
    if (sameUserForm(values, shownBase)) form.reset(base);
    setShownBase(base);
  }
  const dirty = !sameUserForm(values, base);

  const showServerError = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    const atField = serverFieldError(error);
    if (atField) form.setErrors(atField);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateUserForm(values, user?.id);
    form.setErrors(found);
    if (hasErrors(found)) return;
    if (user) {
      update.mutate(updateRequest(user.id, values), {
        onSuccess: (reply) => form.reset(userFormValues(reply.data)),
        onError: showServerError,
      });
    } else {
      create.mutate(createRequest(values), {
        onSuccess: (reply) => navigate(`${basePath}/${reply.data.id}`, { replace: true }),
        onError: showServerError,
      });
    }
  };

  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          {user ? (
            <Group gap="md" wrap="wrap" style={{ minWidth: 0 }}>
              <UserAvatarPanel user={user} />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={2} fz="h3" lineClamp={1}>
                  {name}
                </Title>
                <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
                <Group gap={6}>
                  <Badge variant="light" radius="sm">
                    {tc(`roles.${user.role}`)}
                  </Badge>
                  <Badge variant="light" radius="sm" color={user.active ? 'teal' : 'gray'}>
                    {t(user.active ? 'status.active' : 'status.inactive')}
                  </Badge>
                </Group>
              </Stack>
            </Group>
          ) : (
            <Stack gap={2}>
              <Title order={2} fz="h3">
                {t('user.newTitle')}
              </Title>
              <Text fz="sm" c="dimmed">
                {t('user.newHint')}
              </Text>
            </Stack>
          )}
          {user && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconKey size={16} stroke={1.8} />}
                onClick={() => setResetting(user)}
                disabled={locked}
              >
                {t('actions.resetPassword')}
              </Button>
              {viewer === 'Admin' && <ResetMfaButton user={user} disabled={locked} />}
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} stroke={1.8} />}
                onClick={() => setDeleting(user)}
                disabled={locked}
              >
                {t('actions.delete')}
              </Button>
            </Group>
          )}
        </Group>
      </Paper>

      <form onSubmit={submit} noValidate aria-label={user ? t('user.editForm', { name }) : t('user.newTitle')}>
        <Stack gap="lg">
          <SectionCard icon={IconUser} title={t('user.personal')} id="user-personal">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <NameFields
                values={values}
                errors={errors}
                onChange={form.patch}
                autoComplete={false}
                disabled={locked}
              />
              <TextInput
                label={t('user.email')}
                type="email"
                autoComplete="off"
                maxLength={254}
                value={values.email}
                onChange={(event) => setField('email', event.currentTarget.value)}
                error={errorText(errors.email)}
                disabled={locked}
                withAsterisk
              />
              <SessionTimeoutField
                label={t('user.sessionTimeout')}
                description={t('user.sessionTimeoutHint')}
                placeholder={t('user.sessionTimeoutDefault', { minutes: defaultTimeout })}
                value={values.sessionTimeout}
                onChange={(digits) => setField('sessionTimeout', digits)}
                error={errors.sessionTimeout}
                disabled={locked}
              />
            </SimpleGrid>
            <PhoneField
              codes={callingCodes}
              value={values}
              onChange={(phone) => form.patch(phone)}
              error={errorText(errors.phone ?? errors.phoneCountryCode)}
              disabled={locked}
            />
            {!user && (
              <NativeSelect
                label={t('user.role')}
                value={values.role}
                onChange={(event) => setField('role', event.currentTarget.value as TRole)}
                data={roleChoices(viewer)
                  .toReversed()
                  .map((role) => ({ value: role, label: tc(`roles.${role}`) }))}
                maw={{ sm: 'calc(50% - 8px)' }}
              />
            )}
          </SectionCard>

          <SectionCard icon={IconBriefcase} title={t('user.professional')} id="user-professional">
            <ClassificationFields
              lists={lists}
              values={values}
              onChange={form.patch}
              suffixRequired={false}
              disabled={locked}
              errors={errors}
            />
          </SectionCard>

          <Divider />
          <Group justify="flex-end" gap="sm">
            {user && dirty && (
              <Button variant="subtle" color="gray" onClick={() => form.reset(base)} disabled={saving}>
                {t('discard')}
              </Button>
            )}
            <Button
              type="submit"
              loading={saving}
              disabled={locked || (user !== undefined && !dirty)}
              leftSection={user ? <IconDeviceFloppy size={16} stroke={1.8} /> : <IconUserPlus size={16} stroke={1.8} />}
            >
              {user ? t('user.save') : t('user.create')}
            </Button>
          </Group>
        </Stack>
      </form>

      <DeleteUserModal
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => navigate(basePath, { replace: true })}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

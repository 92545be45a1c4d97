import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_TYPES } from '@rounds/contracts/account';
import { LIMITS } from '@rounds/contracts/limits';
import type { TUser } from '@rounds/contracts/user';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../lib/toast';
import { useDeleteUserAvatar, useUploadUserAvatar } from '../api/user-avatar';

/** The user's picture with change (png, gif or jpeg up to 2 MB, checked first) and removal. */
export function UserAvatarPanel({ user }: { user: TUser }) {
  const { t } = useTranslation('adminUsers');
  const upload = useUploadUserAvatar();
  const remove = useDeleteUserAvatar();
  const picture = user.avatar && !user.avatar.isGenerated ? user.avatar.path : null;

  const pick = (file: File | null) => {
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      showToast(t('user.avatarType'), 'error');
      return;
    }
    if (file.size > LIMITS.avatarMaxBytes) {
      showToast(t('user.avatarSize'), 'error');
      return;
    }
    upload.mutate({ id: user.id, file });
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={user.avatar?.path ?? null}
        size={80}
        radius={80}
        color="initials"
        name={user.fullName}
        alt={t('user.avatarAlt', { name: user.fullName })}
        style={{ flex: 'none' }}
      />
      <Stack gap={6} align="flex-start">
        <Group gap="xs">
          <FileButton onChange={pick} accept={AVATAR_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} stroke={1.8} />}
                loading={upload.isPending}
              >
                {t(picture ? 'user.changeAvatar' : 'user.uploadAvatar')}
              </Button>
            )}
          </FileButton>
          {picture && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconTrash size={14} stroke={1.8} />}
              loading={remove.isPending}
              onClick={() => remove.mutate(user.id)}
            >
              {t('user.removeAvatar')}
            </Button>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          {t('user.avatarRules')}
        </Text>
      </Stack>
    </Group>
  );
}

import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_TYPES } from '@rounds/contracts/account';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useDeleteAvatar } from '../api/delete-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { avatarProblem } from '../lib/forms';

/** Profile picture: upload (png, gif or jpeg up to 2 MB, checked before sending) and delete. */
export function AvatarCard() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  if (!user) return null;
  const picture = user.avatar && !user.avatar.isGenerated ? user.avatar.path : null;

  const pick = (file: File | null) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      showToast(t(problem), 'error');
      return;
    }
    upload.mutate(file, { onSuccess: () => showToast(t('account.avatarUpdated'), 'success') });
  };

  return (
    <SectionCard icon={IconPhoto} title={t('account.avatar')} description={t('account.avatarHint')}>
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar
          src={user.avatar?.path ?? null}
          size={88}
          radius={88}
          color="initials"
          name={user.fullName}
          alt={t('account.avatarAlt', { name: user.fullName })}
          style={{ flex: 'none' }}
        />
        <Stack gap="xs" align="flex-start">
          <Group gap="xs">
            <FileButton onChange={pick} accept={AVATAR_TYPES.join(',')}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} stroke={1.8} />} loading={upload.isPending}>
                  {t(picture ? 'account.changeAvatar' : 'account.uploadAvatar')}
                </Button>
              )}
            </FileButton>
            {picture && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} stroke={1.8} />}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, { onSuccess: () => showToast(t('account.avatarRemoved'), 'success') })
                }
              >
                {t('account.deleteAvatar')}
              </Button>
            )}
          </Group>
          <Text fz="xs" c="dimmed">
            {t('account.avatarRules')}
          </Text>
        </Stack>
      </Group>
    </SectionCard>
  );
}

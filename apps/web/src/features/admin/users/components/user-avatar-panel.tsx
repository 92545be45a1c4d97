import type { TUser } from '@rounds/contracts/user';
import { useTranslation } from 'react-i18next';
import { AvatarPicker } from '../../../../components/avatar-picker';
import { useDeleteUserAvatar, useUploadUserAvatar } from '../api/user-avatar';

/** The user's picture with change (png, gif or jpeg up to 2 MB, checked first) and removal. */
export function UserAvatarPanel({ user }: { user: TUser }) {
  const { t } = useTranslation('adminUsers');
  const upload = useUploadUserAvatar();
  const remove = useDeleteUserAvatar();

  const pick = (file: File) => upload.mutate({ id: user.id, file });

  return (
    <AvatarPicker
      look="compact"
      person={user}
      texts={{
        alt: t('user.avatarAlt', { name: user.fullName }),
        upload: t('user.uploadAvatar'),
        change: t('user.changeAvatar'),
        remove: t('user.removeAvatar'),
        rules: t('user.avatarRules'),
        wrongType: t('user.avatarType'),
        tooLarge: t('user.avatarSize'),
      }}
      onPick={pick}
      onRemove={() => remove.mutate(user.id)}
      uploading={upload.isPending}
      removing={remove.isPending}
    />
  );
}

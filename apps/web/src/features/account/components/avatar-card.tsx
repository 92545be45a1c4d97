import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AvatarPicker } from '../../../components/avatar-picker';
import { SectionCard } from '../../../components/section-card';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useDeleteAvatar } from '../api/delete-avatar';
import { useUploadAvatar } from '../api/upload-avatar';

/** Profile picture: upload (png, gif or jpeg up to 2 MB, checked before sending) and delete. */
export function AvatarCard() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  if (!user) return null;

  const pick = (file: File) =>
    upload.mutate(file, { onSuccess: () => showToast(t('account.avatarUpdated'), 'success') });

  return (
    <SectionCard icon={IconPhoto} title={t('account.avatar')} description={t('account.avatarHint')}>
      <AvatarPicker
        look="card"
        person={user}
        texts={{
          alt: t('account.avatarAlt', { name: user.fullName }),
          upload: t('account.uploadAvatar'),
          change: t('account.changeAvatar'),
          remove: t('account.deleteAvatar'),
          rules: t('account.avatarRules'),
          wrongType: t('account.avatarType'),
          tooLarge: t('account.avatarSize'),
        }}
        onPick={pick}
        onRemove={() => remove.mutate(undefined, { onSuccess: () => showToast(t('account.avatarRemoved'), 'success') })}
        uploading={upload.isPending}
        removing={remove.isPending}
      />
    </SectionCard>
  );
}

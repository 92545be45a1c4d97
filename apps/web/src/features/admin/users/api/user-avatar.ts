import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { apiCall } from '../../../../lib/api-call';
import { useUserMutation } from './use-user-mutation';

/** POST /user/upload-avatar (multipart file and id). */
export function useUploadUserAvatar() {
  return useUserMutation(({ id, file }: { id: string; file: File }) => {
    const body = new FormData();
    body.append('id', id);
    body.append('file', file);
    return apiCall(adminUserRoutes.uploadAvatar, { body });
  });
}

/** DELETE /user/delete-avatar?id */
export function useDeleteUserAvatar() {
  return useUserMutation((id: string) => apiCall(adminUserRoutes.deleteAvatar, { query: { id } }));
}

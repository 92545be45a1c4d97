import { adminSettingRoutes, type TLogoKind } from '@rounds/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** POST /setting/logos, multipart `file` and `key` (doc 2 section 7); the reply's data.logo is the new URL. */
export function uploadLogo(key: TLogoKind, file: File) {
  const form = new FormData();
  form.append('key', key);
  form.append('file', file);
  return apiCall(adminSettingRoutes.logos, { body: form });
}

export function useUploadLogo() {
  return useMutation({ mutationFn: ({ key, file }: { key: TLogoKind; file: File }) => uploadLogo(key, file) });
}

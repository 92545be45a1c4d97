import { adminSettingRoutes, type TBannerMessage } from '@rounds/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** POST /setting/banner-message {text_en, text_fr, show} (doc 2 section 7). */
export function useSaveBanner() {
  return useMutation({
    mutationFn: (banner: TBannerMessage) => apiCall(adminSettingRoutes.banner, { body: banner }),
  });
}

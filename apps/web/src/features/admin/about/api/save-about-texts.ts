import { adminSettingRoutes, type TLocalizedText } from '@rounds/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

export type TAboutTexts = { aboutUsText: TLocalizedText; informationText: TLocalizedText };

/** POST /setting/about-texts: both texts in both languages; the server sanitizes the HTML before storing. */
export function useSaveAboutTexts() {
  return useMutation({
    mutationFn: (texts: TAboutTexts) => apiCall(adminSettingRoutes.aboutTexts, { body: texts }),
  });
}

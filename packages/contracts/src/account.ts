import { z } from 'zod';
import { ZLanguage, ZTheme } from './common';
import { ZName, ZUser } from './user';
import {
  MSG,
  plainText,
  ZAtMostOneId,
  ZEmail,
  ZNewPassword,
  ZOneId,
  ZPasswordInput,
  ZPhoneCountryCode,
  ZPhoneDigits,
  ZSessionTimeout,
  ZSomeIds,
  ZVerificationCode,
} from './validation';

/** GET /setting/me */
export const ZMeReply = z.object({ data: ZUser });

/** POST /setting/password */
export const ZChangePasswordRequest = z.object({ currentPassword: ZPasswordInput, newPassword: ZNewPassword });

/** POST /setting/account: personal and professional information. */
export const ZUpdateAccountRequest = z.object({
  firstName: ZName,
  lastName: ZName,
  facilityId: ZSomeIds,
  departmentId: ZSomeIds,
  professionId: ZOneId,
  specialtyId: ZSomeIds,
  suffixId: ZAtMostOneId,
  sessionTimeout: ZSessionTimeout,
});
export const ZUserReply = z.object({ user: ZUser });

/** POST /setting/phone-email-update: starts a change; the new values wait unverified until a code confirms them. */
export const ZPhoneEmailUpdateRequest = z.object({
  email: ZEmail,
  phone: ZPhoneDigits,
  phoneCountryCode: ZPhoneCountryCode,
  phoneCountryName: plainText(z.string().trim().min(1, MSG.required).max(100)),
  sessionTimeout: ZSessionTimeout.optional(),
});
export const ZPhoneEmailUpdateReply = z.object({ updatedUser: ZUser, attemptLeft: z.number().int() });

/** POST /setting/verify-updated-phone; `type: 'email'` confirms a pending email the same way. */
export const ZVerifyUpdatedRequest = z.object({
  verifyToken: ZVerificationCode,
  type: z.enum(['phone', 'email']).optional().default('phone'),
});

/** POST /setting: own preferences. Language alone, or settings (theme, sound). */
export const ZUpdateSettingsRequest = z.object({
  id: z.string().optional(),
  language: ZLanguage.optional(),
  settings: z.object({ theme: ZTheme.optional(), playNotificationSound: z.boolean().optional() }).optional(),
});

/** GET /setting: the global settings every client needs, as key/value items. */
export const ZSettingItem = z.object({ key: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) });
export const ZSettingsListReply = z.object({ data: z.array(ZSettingItem) });

export const AVATAR_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;

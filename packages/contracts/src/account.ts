import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZMessageReply } from './auth';
import { ZLanguage, ZTheme } from './common';
import { FIRST_DOWNLOAD_ROUTES } from './first-download-routes';
import { ZName, ZUser } from './user';
import {
  CLASSIFICATION_FIELDS,
  MSG,
  plainText,
  ZEmail,
  ZNewPassword,
  ZPasswordInput,
  ZPhoneCountryCode,
  ZPhoneDigits,
  ZSessionTimeout,
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
  ...CLASSIFICATION_FIELDS,
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

/** The signed-in user's own account (the Settings screen): every call acts on the caller only. */
export const accountRoutes = {
  me: apiRoute({ ...FIRST_DOWNLOAD_ROUTES.me, reply: ZMeReply }),
  settings: apiRoute({ method: 'GET', path: '/setting', reply: ZSettingsListReply }),
  changePassword: apiRoute({
    method: 'POST',
    path: '/setting/password',
    body: ZChangePasswordRequest,
    reply: ZMessageReply,
  }),
  updateAccount: apiRoute({ method: 'POST', path: '/setting/account', body: ZUpdateAccountRequest, reply: ZUserReply }),
  requestContactChange: apiRoute({
    method: 'POST',
    path: '/setting/phone-email-update',
    body: ZPhoneEmailUpdateRequest,
    reply: ZPhoneEmailUpdateReply,
  }),
  cancelContactChange: apiRoute({ method: 'POST', path: '/setting/cancel-phone-email-update', reply: ZUserReply }),
  verifyContactChange: apiRoute({
    method: 'POST',
    path: '/setting/verify-updated-phone',
    body: ZVerifyUpdatedRequest,
    reply: ZUserReply,
  }),
  uploadAvatar: apiRoute({ method: 'POST', path: '/setting/upload-avatar', multipart: true, reply: ZUserReply }),
  deleteAvatar: apiRoute({ method: 'DELETE', path: '/setting/delete-avatar', reply: ZUserReply }),
  /** An avatar's file: <img> cannot send a bearer token, so the random 128-bit name is the secret. */
  avatarFile: apiRoute({
    method: 'GET',
    path: '/avatars/:file',
    params: z.object({ file: z.string() }),
    raw: 'image/*',
    reply: z.unknown(),
  }),
} as const;

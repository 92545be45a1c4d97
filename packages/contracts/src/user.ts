import { z } from 'zod';
import { ZLanguage, ZRole, ZTheme } from './common';
import { LIMITS } from './limits';
import { plainText } from './validation';

/** Chat status ids (doc 2 section 3): 1 Available, 2 Away, 3 Do not disturb, 4 Offline. */
export const CHAT_STATUS = { Available: 1, Away: 2, DoNotDisturb: 3, Offline: 4 } as const;
export const ZChatStatus = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type TChatStatus = z.infer<typeof ZChatStatus>;

/**
 * The status others see (spec doc 1 section 3): the one the person chose while connected, Offline otherwise,
 * whatever they last chose. The one rule for the server's replies and events and the web's rows and dots.
 */
export function shownStatus(person: { chatStatus: TChatStatus; connected: boolean }): TChatStatus {
  return person.connected ? person.chatStatus : CHAT_STATUS.Offline;
}

/** Each permission is allowed unless explicitly false (doc 1 section 3). */
export const ZPermissions = z.object({
  voice: z.boolean().optional(),
  video: z.boolean().optional(),
  sms: z.boolean().optional(),
  delSms: z.boolean().optional(),
  speechToText: z.boolean().optional(),
});
export type TPermissions = z.infer<typeof ZPermissions>;

export const ZNamedItem = z.object({ id: z.string(), name: z.string() });
export type TNamedItem = z.infer<typeof ZNamedItem>;

export const ZAvatar = z.object({ path: z.string(), isGenerated: z.boolean() });

/** The user as the server returns it (own account, login reply, contacts). */
export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  unverifiedEmail: z.string().nullable(),
  phone: z.string().nullable(),
  phoneCountryCode: z.string().nullable(),
  phoneCountryName: z.string().nullable(),
  unverifiedPhone: z.string().nullable(),
  unverifiedPhoneCountryCode: z.string().nullable(),
  unverifiedPhoneCountryName: z.string().nullable(),
  avatar: ZAvatar.nullable(),
  role: ZRole,
  active: z.boolean(),
  deleted: z.boolean(),
  language: ZLanguage,
  sessionTimeout: z.number().int().nullable(),
  isDefaultSessionTimeout: z.boolean(),
  facilityId: z.array(z.string()),
  departmentId: z.array(z.string()),
  professionId: z.array(z.string()),
  specialtyId: z.array(z.string()),
  suffixId: z.array(z.string()),
  facilities: z.array(ZNamedItem),
  departments: z.array(ZNamedItem),
  professions: z.array(ZNamedItem),
  specialties: z.array(ZNamedItem),
  suffixes: z.array(ZNamedItem),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  lastLoginDate: z.number().nullable(),
  chatStatus: ZChatStatus,
  connected: z.boolean(),
  settings: z.object({ theme: ZTheme, playNotificationSound: z.boolean() }),
  permissions: ZPermissions,
});
export type TUser = z.infer<typeof ZUser>;

/** Text inputs default to 100 characters (doc 1 section 5). */
export const ZName = plainText(z.string().trim().min(1, 'Required').max(LIMITS.textMaxLength));

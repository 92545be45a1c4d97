import { apiRoute } from '@rounds/contracts/api-route';
import {
  adminSettingRoutes,
  type TAppSettings,
  ZAppSettingWrite,
  ZSettingsMessageReply,
} from '@rounds/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../../lib/api-call';
import { showToast } from '../../../../lib/toast';

type TPolicy = z.input<typeof adminSettingRoutes.passwordPolicy.body>['passwordUpdate'];
type TSettingWrite = z.input<typeof ZAppSettingWrite>;

/**
 * The {key, value} form of POST /setting, from the contract's own schemas. The settings server branch
 * describes POST /setting as one route for both forms (adminSettingRoutes.write); this narrower view of it
 * keeps the reply typed as the app settings one.
 */
const appSettingRoute = apiRoute({
  ...adminSettingRoutes.write,
  body: ZAppSettingWrite,
  reply: ZSettingsMessageReply,
});

/**
 * POST /setting/password-policy and POST /setting {key, value}. The reply carries the new app settings; the
 * caller (app/ composes the settings feature) puts them where the rest of the app reads them.
 */
export function usePasswordPolicy(onSaved: (settings: TAppSettings) => void) {
  return useMutation({
    mutationFn: (passwordUpdate: TPolicy) => apiCall(adminSettingRoutes.passwordPolicy, { body: { passwordUpdate } }),
    onSuccess: (reply) => {
      showToast(reply.message, 'success');
      onSaved(reply.appSettings);
    },
  });
}

export function useAppSetting(onSaved: (settings: TAppSettings) => void) {
  return useMutation({
    mutationFn: (body: TSettingWrite) => apiCall(appSettingRoute, { body }),
    onSuccess: (reply) => {
      showToast(reply.message, 'success');
      onSaved(reply.appSettings);
    },
  });
}

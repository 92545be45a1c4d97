import { ZResendReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/change-phone: fixes a mistyped number on the mobile-confirm screen; a new SMS code is sent. */
export function changePhone(body: {
  phone: string;
  phoneCountryCode: string;
  phoneCountryName: string;
  tempToken: string;
}) {
  return api.post('/auth/change-phone', body, { schema: ZResendReply, auth: false });
}

export function useChangePhone() {
  return useMutation({ mutationFn: changePhone });
}

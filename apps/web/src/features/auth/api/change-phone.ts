import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/change-phone: fixes a mistyped number on the mobile-confirm screen; a new SMS code is sent. */
export function changePhone(body: {
  phone: string;
  phoneCountryCode: string;
  phoneCountryName: string;
  tempToken: string;
}) {
  return apiCall(authRoutes.changePhone, { body }, { auth: false });
}

export function useChangePhone() {
  return useMutation({ mutationFn: changePhone });
}

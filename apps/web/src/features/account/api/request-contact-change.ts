import { accountRoutes } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';

/**
 * POST /setting/phone-email-update: the new email and/or phone wait as unverifiedEmail / unverifiedPhone
 * until the code sent to them is entered.
 */
export async function requestContactChange(body: {
  email: string;
  phone: string;
  phoneCountryCode: string;
  phoneCountryName: string;
}) {
  const reply = await apiCall(accountRoutes.requestContactChange, { body });
  useSession.getState().setUser(reply.updatedUser);
  return reply;
}

export function useRequestContactChange() {
  return useMutation({ mutationFn: requestContactChange });
}

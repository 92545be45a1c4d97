import { accountRoutes } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';

export type TAccountUpdate = {
  firstName: string;
  lastName: string;
  facilityId: string[];
  departmentId: string[];
  professionId: string[];
  specialtyId: string[];
  suffixId: string[];
  /** '' keeps the default; minutes otherwise. */
  sessionTimeout: string | number | null;
};

/** POST /setting/account: personal and professional information, and the own session timeout. */
export async function updateAccount(body: TAccountUpdate) {
  const reply = await apiCall(accountRoutes.updateAccount, { body });
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useUpdateAccount() {
  return useMutation({ mutationFn: updateAccount });
}

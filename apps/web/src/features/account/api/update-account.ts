import { ZUserReply } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
  const reply = await api.post('/setting/account', body, { schema: ZUserReply });
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useUpdateAccount() {
  return useMutation({ mutationFn: updateAccount });
}

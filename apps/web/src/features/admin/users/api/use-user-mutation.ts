import type { TUser } from '@rounds/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../../lib/toast';
import { adminUserKeys } from './keys';

type TReply = { message: string; data?: unknown };

/**
 * The shape every Users-section change shares: call, toast the server's own success text (doc 2 section 8),
 * put a returned user into its detail query and refresh the lists.
 */
export function useUserMutation<TInput, TOut extends TReply>(call: (input: TInput) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      if (reply.message) showToast(reply.message, 'success');
      const user = reply.data as Partial<TUser> | undefined;
      if (user && typeof user.id === 'string' && typeof user.email === 'string') {
        client.setQueryData(adminUserKeys.detail(user.id), user as TUser);
      }
      return client.invalidateQueries({ queryKey: [...adminUserKeys.all, 'list'] });
    },
  });
}

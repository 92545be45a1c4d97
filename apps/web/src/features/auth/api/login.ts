import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '../../../lib/api-client';
import type { TLoginReply, TLoginRequest } from './login-contract';

/** Login error codes that send the user on to a confirmation screen instead of showing a toast. */
export const UNVERIFIED_CODES = { email: 'EMAIL_NOT_VERIFIED', phone: 'PHONE_NOT_VERIFIED' } as const;

function isUnverified(error: ApiError): boolean {
  return error.code === UNVERIFIED_CODES.email || error.code === UNVERIFIED_CODES.phone;
}

/** POST /auth/login. No credentials on login (spec); unverified accounts are redirected by the caller. */
export function login(body: TLoginRequest): Promise<TLoginReply> {
  return api.post('/auth/login', body, {
    schema: () => import('./login-contract').then((contract) => contract.ZLoginReply),
    auth: false,
    toast: (error) => !isUnverified(error),
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

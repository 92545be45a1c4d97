import type { TLoginReply, TLoginRequest } from '@rounds/contracts/auth';
import { AUTH_CODES } from '@rounds/contracts/auth-codes';
import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall, lazyRoute } from '../../../lib/api-call';
import type { ApiError } from '../../../lib/api-client';

const loginRoute = lazyRoute(FIRST_DOWNLOAD_ROUTES.login, () =>
  import('@rounds/contracts/auth').then((contract) => contract.authRoutes.login),
);

/** Login error codes that send the user on to a confirmation screen (or to the captcha) instead of a toast. */
export function isUnverified(error: ApiError): boolean {
  return error.code === AUTH_CODES.emailNotVerified || error.code === AUTH_CODES.phoneNotVerified;
}

/**
 * POST /auth/login. No credentials on login (spec); unverified accounts are redirected by the caller.
 * The reply contract loads with the request: zod stays out of the login page's first download.
 */
export function login(body: TLoginRequest): Promise<TLoginReply> {
  return apiCall(
    loginRoute,
    { body },
    {
      auth: false,
      // Refusals (4xx) are shown at the form, beside the fields they are about; only the unexpected toasts.
      toast: (error) => error.status < 400 || error.status >= 500,
    },
  );
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

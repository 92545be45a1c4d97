import { refreshToken } from '../../features/auth/api/refresh-token';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';

/**
 * Renews the access token with the refresh cookie (POST /auth/refresh-token). The server rotates the cookie
 * on every use and treats a rotated cookie coming back as theft (it ends the session), so two tabs must
 * never refresh at the same moment: the Web Locks API queues them across tabs, and within a tab concurrent
 * callers share one request.
 *
 * Resolves to the new token, or null when the session is over (401). A network failure rejects: the
 * session may well be alive, the caller just tries again later.
 */
let inflight: Promise<string | null> | null = null;

export function renewAccessToken(): Promise<string | null> {
  inflight ??= queued().finally(() => {
    inflight = null;
  });
  return inflight;
}

function queued(): Promise<string | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock is held until renew() settles; request() resolves to renew()'s own result.
  return locks ? (locks.request('rounds.refresh-token', renew) as unknown as Promise<string | null>) : renew();
}

async function renew(): Promise<string | null> {
  try {
    const token = await refreshToken(useSession.getState().token);
    useSession.getState().setToken(token);
    return token;
  } catch (error) {
    // 401: the session is gone (logged out, expired, revoked). 429 and the rest are worth another try later.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

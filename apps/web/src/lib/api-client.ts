import type { TErrorReply } from '@rounds/contracts/common';
import { API_PREFIX, LIMITS } from '@rounds/contracts/limits';
import type { z } from 'zod';
import { inertBidi } from './bidi';
import { i18n } from './i18n';
import { usePreferences } from './preferences-store';
import { useSession } from './session-store';
import { showToast } from './toast';

/**
 * The only place the web app calls fetch (guide: lib/api-client). It adds the base path, the bearer
 * token and the language, enforces the 60 s timeout, parses replies with the route's contract, and
 * turns failures into typed ApiErrors and the toasts of the spec's error catalogue (doc 1 section 8).
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The rest of the error body, e.g. `attemptLeft` or `tempToken` of the auth errors. */
    readonly data: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  /** A numeric extra field of the reply (`attemptLeft`), if the server sent one. */
  number(field: string): number | undefined {
    const value = this.data[field];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }

  /** A string extra field of the reply (`tempToken`), if the server sent one. */
  string(field: string): string | undefined {
    const value = this.data[field];
    return typeof value === 'string' && value ? value : undefined;
  }
}

/** Codes for failures that never reached a reply; the server's own codes come from its `{ message, code }`. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  aborted: 'ABORTED',
  invalidReply: 'INVALID_REPLY',
  unknown: 'UNKNOWN',
} as const;

type TQueryValue = string | number | boolean | null | undefined;

export type TRequestOptions<TReply> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path prefix of the route's family (a contract's `base`); API_PREFIX unless said. */
  base?: string;
  /** Sent as JSON, except FormData which goes as multipart. */
  body?: unknown;
  query?: Record<string, TQueryValue | readonly TQueryValue[]>;
  /**
   * The route's reply contract; the reply is parsed with it and its type is the call's result. It may be
   * given as a loader (`() => import(...)`): the contract then downloads alongside the request, which keeps
   * zod out of the login page's first download (see build/pure-zod-contracts.ts).
   */
  schema?: z.ZodType<TReply> | (() => Promise<z.ZodType<TReply>>);
  /** Send the bearer token (default true). Login, register, settings lookups and the like carry none. */
  auth?: boolean;
  /** A bearer token other than the session's: a token just renewed, before the session is set up with it. */
  token?: string;
  /** Show the error toast (default true); a function decides per error, e.g. to handle a code itself. */
  toast?: boolean | ((error: ApiError) => boolean);
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Read a successful reply as a Blob (an image with a bearer header cannot be a plain <img src>). */
  blob?: boolean;
};

/**
 * Renews the access token when a request comes back 401 (registered by the session lifecycle, app/session).
 * Resolves to the new token, or null when the session is really over.
 */
type TTokenRefresher = () => Promise<string | null>;
let tokenRefresher: TTokenRefresher | null = null;

export function setTokenRefresher(refresher: TTokenRefresher | null): void {
  tokenRefresher = refresher;
}

/** Internal: a request already retried once after a token refresh is not retried again. */
type TInternalOptions<TReply> = TRequestOptions<TReply> & { retried?: boolean };
const RETRY_WITH_NEW_TOKEN = Symbol('retry with a new token');

const HIDDEN_MESSAGE = 'LocalParticipant disconnected';
const JWT_EXPIRED = 'jwt expired';

function buildUrl(path: string, query: TRequestOptions<unknown>['query'], base = API_PREFIX): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item != null) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sessionExpiredText(): string {
  return i18n.t('errors.sessionExpired');
}

function defaultErrorText(): string {
  return i18n.t('errors.generic');
}

/** Decides what the user is told about a failure, and whether the session is over. */
function reportError(error: ApiError, sentToken: boolean, toast: TRequestOptions<unknown>['toast']): void {
  // A 401 only means "session expired" if we sent a session; without one (login, register) it is the
  // server saying no, e.g. 'Incorrect username or password.', and that message is what the user needs.
  const expired = sentToken && (error.status === 401 || error.status === 407);
  if (expired) useSession.getState().markTokenExpired();

  const wanted = typeof toast === 'function' ? toast(error) : toast !== false;
  if (!wanted || error.code === CLIENT_ERROR_CODES.aborted) return;
  if (error.message.includes(HIDDEN_MESSAGE)) return;
  // Offline, the Connection_Lost overlay already says why nothing answers (the installed app opens offline).
  if (error.code === CLIENT_ERROR_CODES.network && globalThis.navigator?.onLine === false) return;
  if (expired) {
    showToast(sessionExpiredText(), 'info');
    return;
  }
  showToast(error.message, 'error');
}

/** The `{ message, code }` error body, read by hand: two strings do not justify zod in the first download. */
function errorBody(body: unknown): Partial<TErrorReply> {
  if (typeof body !== 'object' || body === null) return {};
  const { message, code } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

function errorFromReply(status: number, body: unknown): ApiError {
  const parsed = errorBody(body);
  const serverMessage = parsed.message?.trim() ? parsed.message : '';
  const code = parsed.code || `HTTP_${status}`;
  const {
    message: _message,
    code: _code,
    ...extra
  } = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (serverMessage.toLowerCase().includes(JWT_EXPIRED)) return new ApiError(status, code, sessionExpiredText(), extra);
  return new ApiError(status, code, serverMessage || defaultErrorText(), extra);
}

export async function apiRequest<TReply = unknown>(
  path: string,
  options: TInternalOptions<TReply> = {},
): Promise<TReply> {
  const { method = 'GET', body, query, schema, auth = true, toast = true, signal, retried = false, blob } = options;
  const token = options.token ?? (auth ? useSession.getState().token : null);
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': usePreferences.getState().language });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  // One controller for both the timeout and the caller's own cancellation (TanStack Query passes one).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? LIMITS.requestTimeoutMs);
  const onCallerAbort = () => controller.abort();
  /** Why the request stopped if it was stopped on purpose (the timeout, the caller), else null. */
  const stopped = () =>
    timedOut
      ? new ApiError(0, CLIENT_ERROR_CODES.timeout, defaultErrorText())
      : controller.signal.aborted
        ? new ApiError(0, CLIENT_ERROR_CODES.aborted, defaultErrorText())
        : null;
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', onCallerAbort, { once: true });

  // Started before the request so a lazily loaded contract downloads while the server answers.
  const contract = typeof schema === 'function' ? schema() : schema;
  // Never an unhandled rejection if the request fails first; a real failure surfaces at `await contract`.
  if (contract instanceof Promise) contract.catch(() => undefined);

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query, options.base), {
        method,
        headers,
        body: payload,
        signal: controller.signal,
      });
    } catch {
      // The browser's own texts ('Failed to fetch', 'Load failed') mean nothing to a clinician.
      throw stopped() ?? new ApiError(0, CLIENT_ERROR_CODES.network, defaultErrorText());
    }

    const data = blob && response.ok ? await response.blob() : await readBody(response);
    // An access token lives 15 minutes: a tab that slept past that renews it and asks once more, rather
    // than telling a nurse the whole session is over.
    if (response.status === 401 && token && tokenRefresher && !retried) {
      const fresh = await tokenRefresher().catch(() => null);
      if (fresh) throw RETRY_WITH_NEW_TOKEN;
    }
    if (!response.ok) throw errorFromReply(response.status, data);
    if (blob) return data as TReply;
    const contractSchema = await contract;
    // User-provided text arrives with its bidirectional controls dropped (lib/bidi.ts).
    if (!contractSchema) return inertBidi(data) as TReply;
    const parsed = contractSchema.safeParse(data);
    if (!parsed.success) {
      console.error(`Reply of ${method} ${path} does not match its contract`, parsed.error.issues);
      throw new ApiError(response.status, CLIENT_ERROR_CODES.invalidReply, defaultErrorText());
    }
    return inertBidi(parsed.data);
  } catch (caught) {
    if (caught === RETRY_WITH_NEW_TOKEN) {
      clearTimeout(timer);
      return await apiRequest<TReply>(path, { ...options, retried: true });
    }
    // A timeout or a cancellation (a refetch replacing this one) may land while the body is still being read:
    // that is the same quiet abort or timeout as one that lands before the headers, not an unknown failure.
    const error =
      caught instanceof ApiError
        ? caught
        : (stopped() ?? new ApiError(0, CLIENT_ERROR_CODES.unknown, defaultErrorText()));
    reportError(error, token != null, toast);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

type TMethodOptions<TReply> = Omit<TRequestOptions<TReply>, 'method' | 'body'>;

export const api = {
  get: <TReply = unknown>(path: string, options?: TMethodOptions<TReply>) =>
    apiRequest<TReply>(path, { ...options, method: 'GET' }),
  post: <TReply = unknown>(path: string, body?: unknown, options?: TMethodOptions<TReply>) =>
    apiRequest<TReply>(path, { ...options, method: 'POST', body }),
  put: <TReply = unknown>(path: string, body?: unknown, options?: TMethodOptions<TReply>) =>
    apiRequest<TReply>(path, { ...options, method: 'PUT', body }),
  patch: <TReply = unknown>(path: string, body?: unknown, options?: TMethodOptions<TReply>) =>
    apiRequest<TReply>(path, { ...options, method: 'PATCH', body }),
  delete: <TReply = unknown>(path: string, body?: unknown, options?: TMethodOptions<TReply>) =>
    apiRequest<TReply>(path, { ...options, method: 'DELETE', body }),
};

export type TUploadOptions<TReply> = {
  schema: z.ZodType<TReply> | (() => Promise<z.ZodType<TReply>>);
  /** Fraction sent, 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  toast?: TRequestOptions<TReply>['toast'];
  retried?: boolean;
};

/**
 * A multipart POST with upload progress, which fetch cannot report: XMLHttpRequest, with the same token,
 * language, one retry after a token refresh, error mapping and toasts as apiRequest. No timeout: a 10 MB
 * photo on a weak ward Wi-Fi may take longer than a minute, and the progress shows it is moving.
 */
export async function apiUpload<TReply>(
  path: string,
  form: FormData,
  options: TUploadOptions<TReply>,
): Promise<TReply> {
  const { schema, onProgress, signal, toast = true, retried = false } = options;
  const token = useSession.getState().token;
  const contract = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  contract.catch(() => undefined);
  try {
    const { status, data } = await new Promise<{ status: number; data: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', buildUrl(path, undefined));
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Accept-Language', usePreferences.getState().language);
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        let parsed: unknown = xhr.responseText;
        try {
          parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        } catch {
          // Not JSON (a proxy's error page): kept as text, errorFromReply falls back to the generic text.
        }
        resolve({ status: xhr.status, data: parsed });
      };
      xhr.onerror = () => reject(new ApiError(0, CLIENT_ERROR_CODES.network, defaultErrorText()));
      xhr.onabort = () => reject(new ApiError(0, CLIENT_ERROR_CODES.aborted, defaultErrorText()));
      if (signal?.aborted) return xhr.abort();
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
    if (status === 401 && token && tokenRefresher && !retried) {
      const fresh = await tokenRefresher().catch(() => null);
      if (fresh) throw RETRY_WITH_NEW_TOKEN;
    }
    if (status < 200 || status >= 300) throw errorFromReply(status, data);
    const parsed = (await contract).safeParse(data);
    if (!parsed.success) throw new ApiError(status, CLIENT_ERROR_CODES.invalidReply, defaultErrorText());
    return inertBidi(parsed.data);
  } catch (caught) {
    if (caught === RETRY_WITH_NEW_TOKEN) return await apiUpload(path, form, { ...options, retried: true });
    const error = caught instanceof ApiError ? caught : new ApiError(0, CLIENT_ERROR_CODES.unknown, defaultErrorText());
    reportError(error, token != null, toast);
    throw error;
  }
}

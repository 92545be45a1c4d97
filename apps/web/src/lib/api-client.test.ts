import { ZAppSettingsReply } from '@rounds/contracts/settings';
import type { TUser } from '@rounds/contracts/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, CLIENT_ERROR_CODES, setTokenRefresher } from './api-client';
import { i18n } from './i18n';
import { usePreferences } from './preferences-store';
import { useSession } from './session-store';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));

const toast = vi.mocked(showToast);
const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// Only what the api-client looks at; the store holds the whole contract user.
const USER = { id: 'a'.repeat(24), role: 'Regular' } as TUser;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().setSession({ token: 'tok-123', user: USER, remember: false });
  usePreferences.getState().setLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
  toast.mockClear();
});

describe('requests', () => {
  it('prefixes /api/v1, sends the bearer token, the language and a JSON body', async () => {
    usePreferences.getState().setLanguage('fr');
    fetchMock.mockImplementation(async () => reply(200, { ok: true }));

    await expect(api.post('/contact/list', { name: 'Ann' })).resolves.toEqual({ ok: true });

    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/v1/contact/list');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Ann"}');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Accept-Language')).toBe('fr');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('omits the token when asked to (login, register, settings lookups)', async () => {
    fetchMock.mockImplementation(async () => reply(200, { isSelfRegistrationEnabled: 'true' }));
    await api.get('/setting/self-registration', { auth: false });
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('encodes query parameters, repeating arrays and skipping empty values', async () => {
    fetchMock.mockImplementation(async () => reply(200, {}));
    await api.get('/chat-room', { query: { keyword: 'a b', id: ['1', '2'], skip: undefined } });
    expect(lastRequest().url).toBe('/api/v1/chat-room?keyword=a+b&id=1&id=2');
  });

  it('parses the reply with the contract and rejects a reply that does not match', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => reply(200, { appSettings: { squareLogo: 1 } }));
    const error = await failure(api.get('/setting/app-settings', { schema: ZAppSettingsReply }));
    expect(error.code).toBe(CLIENT_ERROR_CODES.invalidReply);
    expect(error.message).toBe('Something went wrong, please try again.');
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('returns undefined for an empty 204 reply', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    await expect(api.delete('/filter', { id: 'x' })).resolves.toBeUndefined();
  });
});

describe('error mapping (spec doc 1 section 8)', () => {
  it('401 with a token: token-expired flag, session dropped, translated info toast', async () => {
    fetchMock.mockImplementation(async () => reply(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));

    const error = await failure(api.get('/setting/me'));

    expect(error.status).toBe(401);
    expect(error.code).toBe('UNAUTHORIZED');
    expect(useSession.getState()).toMatchObject({ tokenExpired: true, token: null, user: null });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Your session has expired. Please log in again.', 'info');
  });

  it('407 also sets the token-expired flag', async () => {
    fetchMock.mockImplementation(async () => reply(407, { message: 'Proxy auth', code: 'X' }));
    await failure(api.get('/setting/me'));
    expect(useSession.getState().tokenExpired).toBe(true);
  });

  it('shows the session-expired text in the current language', async () => {
    await i18n.changeLanguage('fr');
    fetchMock.mockImplementation(async () => reply(401, { message: 'nope', code: 'UNAUTHORIZED' }));
    await failure(api.get('/setting/me'));
    expect(toast).toHaveBeenCalledWith('Votre session a expiré. Veuillez vous reconnecter.', 'info');
    await i18n.changeLanguage('en');
  });

  it('401 without a token (e.g. wrong password at login) shows the server message instead', async () => {
    fetchMock.mockImplementation(async () =>
      reply(401, { message: 'Incorrect username or password.', code: 'BAD_CREDENTIALS' }),
    );

    const error = await failure(api.post('/auth/login', { username: 'a@b.co', password: 'x' }, { auth: false }));

    expect(error.message).toBe('Incorrect username or password.');
    expect(useSession.getState().tokenExpired).toBe(false);
    expect(useSession.getState().token).toBe('tok-123');
    expect(toast).toHaveBeenCalledExactlyOnceWith('Incorrect username or password.', 'error');
  });

  it("a message containing 'jwt expired' becomes the session-expired text", async () => {
    fetchMock.mockImplementation(async () =>
      reply(500, { message: 'TokenExpiredError: jwt expired', code: 'INTERNAL' }),
    );
    const error = await failure(api.get('/chat-room'));
    expect(error.message).toBe('Your session has expired. Please log in again.');
    expect(toast).toHaveBeenCalledWith('Your session has expired. Please log in again.', 'error');
  });

  it("shows the server's message and keeps its code for callers to branch on", async () => {
    fetchMock.mockImplementation(async () =>
      reply(403, { message: 'Please verify your email.', code: 'EMAIL_NOT_VERIFIED' }),
    );
    const error = await failure(api.post('/auth/login', {}, { auth: false }));
    expect(error).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email.' });
    expect(toast).toHaveBeenCalledWith('Please verify your email.', 'error');
  });

  it('falls back to the default text when the server gives no message', async () => {
    fetchMock.mockImplementation(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(api.get('/chat-room'));
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Something went wrong, please try again.' });
    expect(toast).toHaveBeenCalledWith('Something went wrong, please try again.', 'error');
  });

  it("hides messages containing 'LocalParticipant disconnected'", async () => {
    fetchMock.mockImplementation(async () =>
      reply(500, { message: 'Error: LocalParticipant disconnected', code: 'CALL' }),
    );
    await failure(api.get('/calls/x'));
    expect(toast).not.toHaveBeenCalled();
  });

  it('lets the caller opt out of the toast, always or per error', async () => {
    fetchMock.mockImplementation(async () => reply(400, { message: 'Bad', code: 'BAD' }));
    await failure(api.get('/a', { toast: false }));
    await failure(api.get('/a', { toast: (error) => error.code !== 'BAD' }));
    expect(toast).not.toHaveBeenCalled();
    await failure(api.get('/a', { toast: (error) => error.code === 'BAD' }));
    expect(toast).toHaveBeenCalledOnce();
  });

  it('a network failure is an ApiError with the default text, not the browser wording', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/chat-room'));
    expect(error).toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
    expect(toast).toHaveBeenCalledWith('Something went wrong, please try again.', 'error');
  });

  it('says nothing of a network failure while the browser is offline: the Connection_Lost overlay does', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/chat-room'));
    expect(error).toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('extra error fields and token renewal', () => {
  afterEach(() => setTokenRefresher(null));

  it('keeps the extra fields of an error reply (attemptLeft, tempToken)', async () => {
    fetchMock.mockImplementation(async () =>
      reply(401, { message: 'Incorrect username or password.', code: 'INVALID_CREDENTIALS', attemptLeft: 3 }),
    );
    const error = await failure(api.post('/auth/login', {}, { auth: false, toast: false }));
    expect(error.number('attemptLeft')).toBe(3);
    expect(error.string('tempToken')).toBeUndefined();
    expect(error.data).toEqual({ attemptLeft: 3 });
  });

  it('on 401 renews the token once and asks again with the new one', async () => {
    setTokenRefresher(async () => {
      useSession.getState().setToken('tok-new');
      return 'tok-new';
    });
    fetchMock
      .mockImplementationOnce(async () => reply(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }))
      .mockImplementationOnce(async () => reply(200, { ok: true }));
    await expect(api.get('/setting/me')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer tok-new');
    expect(toast).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('tok-new');
  });

  it('ends the session when the renewal fails, with one toast and no loop', async () => {
    const refresher = vi.fn(async () => null);
    setTokenRefresher(refresher);
    fetchMock.mockImplementation(async () => reply(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await failure(api.get('/setting/me'));
    expect(refresher).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(useSession.getState()).toMatchObject({ tokenExpired: true, token: null });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Your session has expired. Please log in again.', 'info');
  });

  it('does not renew for requests sent without a token (login)', async () => {
    const refresher = vi.fn(async () => 'x');
    setTokenRefresher(refresher);
    fetchMock.mockImplementation(async () => reply(401, { message: 'No', code: 'INVALID_CREDENTIALS' }));
    await failure(api.post('/auth/login', {}, { auth: false }));
    expect(refresher).not.toHaveBeenCalled();
  });
});

describe('timeout and cancellation', () => {
  function hangUntilAborted(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    return new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  }

  it('aborts after 60 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangUntilAborted);
    const pending = failure(api.get('/slow'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(lastRequest().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe(CLIENT_ERROR_CODES.timeout);
    expect(toast).toHaveBeenCalledOnce();
  });

  it("follows the caller's abort signal without a toast", async () => {
    fetchMock.mockImplementation(hangUntilAborted);
    const controller = new AbortController();
    const pending = failure(api.get('/slow', { signal: controller.signal }));
    controller.abort();
    expect((await pending).code).toBe(CLIENT_ERROR_CODES.aborted);
    expect(toast).not.toHaveBeenCalled();
  });

  /** Headers came, the body is still on its way when the signal fires: reading it rejects with AbortError. */
  function bodyHangsUntilAborted(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        init?.signal?.addEventListener('abort', () => stream.error(new DOMException('Aborted', 'AbortError')));
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }

  it('a cancellation that lands while the body is read is a quiet abort too (a refetch replacing another)', async () => {
    fetchMock.mockImplementation(bodyHangsUntilAborted);
    const controller = new AbortController();
    const pending = failure(api.get('/roles', { signal: controller.signal }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    expect((await pending).code).toBe(CLIENT_ERROR_CODES.aborted);
    expect(toast).not.toHaveBeenCalled();
  });

  it('a timeout that lands while the body is read is a timeout, not an unknown failure', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(bodyHangsUntilAborted);
    const pending = failure(api.get('/slow-body'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await pending).code).toBe(CLIENT_ERROR_CODES.timeout);
    expect(toast).toHaveBeenCalledOnce();
  });
});

import { quickUnlockRoutes as routes, UNLOCK_REFUSALS } from '@rounds/contracts/quick-unlock';
import type { OidcProviderFixture } from '@rounds/test-kit/oidc-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { ssoSignIn, startSsoApp } from '../../../test/support/sso';
import type { TestApp } from '../../../test/support/test-app';

/**
 * Quick unlock for an account the hospital's sign-in made (issue 26): it has no password to give, so a sign-in
 * in the last ten minutes stands in for it when setting a PIN; an older one is refused until the user signs in
 * again. The locked screen of such an account unlocks with the PIN. A real OpenID Provider signs them in.
 */
let t: TestApp;
let op: OidcProviderFixture;

let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, op, stop } = await startSsoApp({ SINGLE_SESSION: 'false' }));
  op.setAccount('sam', {
    given_name: 'Sam',
    family_name: 'Okafor',
    email: 'sam.okafor@stmary.example',
    email_verified: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => stop?.());

describe('quick unlock for an account made by single sign-on', () => {
  it('sets the PIN without a password within ten minutes of signing in, and unlocks with it', async () => {
    const { token } = await ssoSignIn(t.app, op, 'sam');
    const status = await callRoute(t.app, routes.status, { token });
    expect(status.json().data).toEqual({ hasPin: false, lockAfterMinutes: 2, proof: 'recentSignIn' });
    const set = await callRoute(t.app, routes.setPin, { token, body: { pin: '2468' } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.hasPin).toBe(true);
    expect((await callRoute(t.app, routes.unlock, { token, body: { pin: '2468' } })).statusCode).toBe(200);
  });

  it('refuses a PIN on an older sign-in until the user signs in again', async () => {
    const first = await ssoSignIn(t.app, op, 'sam');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000, shouldAdvanceTime: true });
    expect((await callRoute(t.app, routes.status, { token: first.token })).json().data.proof).toBe('signInAgain');
    const refused = await callRoute(t.app, routes.setPin, {
      token: first.token,
      body: { pin: '1357' },
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.error()).toMatchObject({
      code: UNLOCK_REFUSALS.signInAgain,
      message: 'Déconnectez-vous puis reconnectez-vous, et définissez votre code PIN dans les 10 minutes.',
    });
    // A password guessed at is no way round it: the account has none.
    const guessed = await callRoute(t.app, routes.setPin, {
      token: first.token,
      body: { pin: '1357', password: 'Guessed-password-1' },
    });
    expect(guessed.statusCode).toBe(403);

    const again = await ssoSignIn(t.app, op, 'sam');
    expect((await callRoute(t.app, routes.status, { token: again.token })).json().data.proof).toBe('recentSignIn');
    expect((await callRoute(t.app, routes.setPin, { token: again.token, body: { pin: '1357' } })).statusCode).toBe(200);
  });
});

/// <reference path="./oidc-provider-types.d.ts" />
import { createServer, type Server } from 'node:http';
import { routeUrl } from '@rounds/contracts/api-route';
import { ssoRoutes } from '@rounds/contracts/sso';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { freePort } from './server-process';

/**
 * A real OpenID Provider in-process on loopback (oidc-provider, a certified implementation), for the server's
 * single sign-on tests and the journeys: discovery, authorization code with PKCE, ID tokens signed with its own
 * keys, userinfo, RP-initiated logout and back-channel logout. Its development login page takes any login (the
 * account id) and any password; the claims are whatever the test gave that account. Consent is granted for the
 * one client, as a hospital's first-party client is.
 */
export type OidcAccountClaims = Record<string, unknown>;

export type OidcClientOptions = {
  clientId?: string;
  clientSecret?: string;
  /** The Rounds server's address (PUBLIC_URL): its callback, back-channel and post-logout URIs follow. */
  rpUrl: string;
};

export type OidcProviderFixture = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment a Rounds server needs to use this provider. */
  env: Record<string, string>;
  /** Sets (or replaces) what the provider says about an account. */
  setAccount: (accountId: string, claims: OidcAccountClaims) => void;
  /** A browser of its own (a cookie jar) that signs in through the provider's pages with HTTP requests. */
  browser: () => OidcBrowser;
  /** Stops answering: the provider is down. */
  stop: () => Promise<void>;
  /** Answers again on the same port. */
  restart: () => Promise<void>;
  /** Back-channel logouts the provider delivered (or failed to). */
  backchannel: { ok: number; failed: number; errors: string[] };
};

export type OidcBrowser = {
  /**
   * Follows the authorization URL through the provider's login page, signing in as `accountId`, and answers
   * the URL the provider sends the browser back to (the Rounds callback with `code` and `state`).
   */
  signIn: (authorizationUrl: string, accountId: string) => Promise<URL>;
  /** Follows an RP-initiated logout URL (or the provider's own end-session page) and confirms it. */
  logout: (endSessionUrl?: string) => Promise<URL | null>;
};

const PROFILE_CLAIMS = [
  'name',
  'given_name',
  'family_name',
  'locale',
  'facility',
  'department',
  'profession',
  'specialty',
  'groups',
];

export async function startOidcProvider(o: OidcClientOptions): Promise<OidcProviderFixture> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = o.clientId ?? 'rounds';
  const clientSecret = o.clientSecret ?? 'rounds-test-client-secret-0123456789';
  const accounts = new Map<string, OidcAccountClaims>();
  const backchannel = { ok: 0, failed: 0, errors: [] as string[] };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${o.rpUrl}${routeUrl(ssoRoutes.callback)}`],
        post_logout_redirect_uris: [`${o.rpUrl}/login`],
        backchannel_logout_uri: `${o.rpUrl}${routeUrl(ssoRoutes.backchannelLogout)}`,
        backchannel_logout_session_required: true,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      profile: PROFILE_CLAIMS,
    },
    findAccount: async (_ctx: unknown, id: string) => {
      const claims = accounts.get(id);
      return claims ? { accountId: id, claims: async () => ({ sub: id, ...claims }) } : undefined;
    },
    features: {
      devInteractions: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    pkce: { required: () => true },
    // Its outgoing requests (back-channel logouts) refuse special-use addresses against SSRF; the Rounds server
    // under test is on loopback, so the test provider leaves that guard out.
    fetch: (url: string, options: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _guard, ...rest } = options;
      return globalThis.fetch(url, rest);
    },
    cookies: { keys: ['rounds-test-kit-oidc-cookie-key'] },
    // A hospital's own client is not asked for consent: the grant is made on first sign-in.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return p.Grant.find(grantId);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email phone');
      grant.addOIDCClaims(['email', 'email_verified', 'phone_number', 'phone_number_verified', ...PROFILE_CLAIMS]);
      await grant.save();
      return grant;
    },
  });
  provider.on('backchannel.success', () => {
    backchannel.ok += 1;
  });
  provider.on('backchannel.error', (_ctx, error) => {
    backchannel.failed += 1;
    backchannel.errors.push(String(error));
  });
  // Its notices about development defaults (keys, login page) are what a test provider is for.
  provider.on('server_error', () => undefined);

  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(provider.callback());
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    setAccount: (id, claims) => accounts.set(id, claims),
    browser: () => oidcBrowser(issuer),
    backchannel,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
        server = null;
      }),
    restart: listen,
  };
}

/** A cookie jar and redirects followed by hand, so each step of the provider's pages is an HTTP request. */
function oidcBrowser(issuer: string): OidcBrowser {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookie() },
    });
    remember(res);
    return res;
  };
  const formOf = (html: string) => {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
      fields.set(m[1]!, m[2]!);
    return { action: action ? new URL(action.replaceAll('&amp;', '&'), issuer).toString() : null, fields };
  };
  const post = (url: string, body: URLSearchParams) =>
    request(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  /** Follows redirects while they stay on the provider; answers the response that leaves it or shows a page. */
  const follow = async (res: Response): Promise<{ res: Response; leaving: URL | null }> => {
    let current = res;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { res: current, leaving: null };
      const next = new URL(location, issuer);
      if (next.origin !== new URL(issuer).origin) return { res: current, leaving: next };
      current = await request(next.toString());
    }
    throw new Error('the provider redirected too often');
  };

  return {
    async signIn(authorizationUrl, accountId) {
      let step = await follow(await request(authorizationUrl));
      if (!step.leaving) {
        const page = await step.res.text();
        const submit = formOf(page).action;
        if (!submit) throw new Error(`no login form at the provider: ${step.res.status} ${page.slice(0, 300)}`);
        const body = new URLSearchParams({ prompt: 'login', login: accountId, password: 'any-password' });
        step = await follow(await post(submit, body));
      }
      if (!step.leaving) throw new Error(`the provider did not send the browser back: ${step.res.status}`);
      return step.leaving;
    },
    async logout(endSessionUrl) {
      const first = await follow(await request(endSessionUrl ?? `${issuer}/session/end`));
      if (first.leaving) return first.leaving;
      const { action, fields } = formOf(await first.res.text());
      if (!action) throw new Error('no logout form at the provider');
      fields.set('logout', 'yes');
      const done = await follow(await post(action, fields));
      return done.leaving;
    },
  };
}

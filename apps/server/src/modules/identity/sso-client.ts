import { API_PREFIX } from '@rounds/contracts/limits';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../../config';

/** Where the provider sends the browser back, and where it posts back-channel logouts (register both there). */
export const callbackPath = `${API_PREFIX}/auth/sso/callback`;
export const backchannelLogoutPath = `${API_PREFIX}/auth/sso/backchannel-logout`;

/** How long one discovery may take, and how long a failed one is believed before trying again. */
const DISCOVERY_TIMEOUT_SECONDS = 3;
const RETRY_AFTER_FAILURE_MS = 5_000;
const PROBE_CACHE_MS = 2_000;
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

export type SsoSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  label: string;
  clockSkewSeconds: number;
  redirectUri: string;
  postLogoutRedirectUri: string;
};

export function ssoSettings(config: Config): SsoSettings | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scopes: config.OIDC_SCOPES,
    label: config.OIDC_BUTTON_LABEL,
    clockSkewSeconds: config.OIDC_CLOCK_SKEW_SECONDS,
    redirectUri: `${config.PUBLIC_URL}${callbackPath}`,
    postLogoutRedirectUri: `${config.PUBLIC_URL}/login`,
  };
}

/** A provider on this machine may speak plain HTTP (a test or a lab); anywhere else openid-client insists on TLS. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

export type LogoutClaims = { sub?: string; sid?: string; jti?: string };

/**
 * The server's side of the OpenID provider, on openid-client: discovery (cached; a failure is remembered a few
 * seconds, so a provider that is down costs the login page one quick answer, not a hanging request each time),
 * the authorization URL with PKCE, state and nonce, the code exchange with the ID token checked, the userinfo
 * claims, RP-initiated logout and the back-channel logout token.
 */
export type SsoClient = ReturnType<typeof createSsoClient>;

export function createSsoClient(s: SsoSettings) {
  let config: Promise<oidc.Configuration> | null = null;
  let failedAt = 0;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  let probed = false;
  let probedAt = 0;

  async function discover(): Promise<oidc.Configuration> {
    if (!config && Date.now() - failedAt < RETRY_AFTER_FAILURE_MS) throw new Error('provider unreachable (recently)');
    config ??= oidc
      .discovery(
        new URL(s.issuer),
        s.clientId,
        { [oidc.clockTolerance]: s.clockSkewSeconds },
        oidc.ClientSecretBasic(s.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          ...(isLoopback(s.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .then((c) => {
        c.timeout = DISCOVERY_TIMEOUT_SECONDS * 3;
        return c;
      })
      .catch((error: unknown) => {
        config = null;
        failedAt = Date.now();
        throw error;
      });
    return config;
  }

  return {
    settings: s,

    /**
     * Whether the provider answers now: its discovery document, asked again at most every few seconds (the
     * cached configuration alone would not notice a provider that went down after it was read).
     */
    async available(): Promise<boolean> {
      if (Date.now() - probedAt < PROBE_CACHE_MS) return probed;
      probedAt = Date.now();
      const url = `${s.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      probed = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_SECONDS * 1000) }).then(
        async (res) => {
          await res.body?.cancel();
          return (
            res.ok &&
            (await discover().then(
              () => true,
              () => false,
            ))
          );
        },
        () => false,
      );
      return probed;
    },

    async authorizationUrl(o: { state: string; nonce: string; verifier: string }): Promise<URL> {
      const c = await discover();
      return oidc.buildAuthorizationUrl(c, {
        redirect_uri: s.redirectUri,
        scope: s.scopes,
        state: o.state,
        nonce: o.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(o.verifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * The code for tokens: the response's state and iss, the code verifier, the ID token's signature, issuer,
     * audience, times (with the clock skew) and nonce are all checked by openid-client. Answers the ID token's
     * claims over the userinfo claims (the signed ones win), and the ID token itself.
     */
    async exchange(search: string, o: { state: string; nonce: string; verifier: string }) {
      const c = await discover();
      const tokens = await oidc.authorizationCodeGrant(c, new URL(`${s.redirectUri}${search}`), {
        pkceCodeVerifier: o.verifier,
        expectedState: o.state,
        expectedNonce: o.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims || !tokens.id_token) throw new Error('no ID token');
      const userinfo = c.serverMetadata().userinfo_endpoint
        ? await oidc.fetchUserInfo(c, tokens.access_token, idClaims.sub)
        : {};
      return { claims: { ...userinfo, ...idClaims } as Record<string, unknown>, idToken: tokens.id_token };
    },

    /** Where the browser ends the provider's session too, when the provider offers RP-initiated logout. */
    async endSessionUrl(idToken: string): Promise<string | undefined> {
      const c = await discover().catch(() => null);
      if (!c?.serverMetadata().end_session_endpoint) return undefined;
      return oidc
        .buildEndSessionUrl(c, { id_token_hint: idToken, post_logout_redirect_uri: s.postLogoutRedirectUri })
        .toString();
    },

    /**
     * A back-channel logout token (OpenID Back-Channel Logout 1.0 section 2.6): signed with the provider's keys,
     * issued by it for this client, fresh, carrying the logout event, a sub or a sid, and no nonce.
     */
    async verifyLogoutToken(token: string): Promise<LogoutClaims> {
      const c = await discover();
      const jwksUri = c.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error('provider has no jwks_uri');
      jwks ??= createRemoteJWKSet(new URL(jwksUri));
      const { payload } = await jwtVerify(token, jwks, {
        issuer: c.serverMetadata().issuer,
        audience: s.clientId,
        clockTolerance: s.clockSkewSeconds,
        requiredClaims: ['iat', 'events'],
        typ: undefined,
      });
      const events = (payload as JWTPayload & { events?: Record<string, unknown> }).events;
      if (!events || typeof events !== 'object' || !(BACKCHANNEL_EVENT in events))
        throw new Error('not a logout token');
      if ('nonce' in payload) throw new Error('a logout token carries no nonce');
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      if (!payload.sub && !sid) throw new Error('a logout token names a sub or a sid');
      return { sub: payload.sub, sid, jti: payload.jti };
    },
  };
}

import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { BULK_CSV_COLUMNS } from '@rounds/contracts/admin-users';
import type { TRole } from '@rounds/contracts/common';
import type { CLIENT_EVENTS } from '@rounds/contracts/events';
import { expect } from 'vitest';
import type { Member } from '../support/chat';
import type { FieldPart, Part } from '../support/multipart';
import { type Fixture, imagePart, missingId, missingKey, voicePart } from './fixture';

/**
 * Who may call each route of the OpenAPI document, and a valid request for it against seeded objects.
 *
 * - public: no credentials; the reason says why it has to be so.
 * - signedIn: any signed-in user, acting on their own account or data (nothing in it names another's object).
 * - roles: only these roles; everyone else signed in gets 403.
 * - object: a room, message, file, filter or log of Alice's. `actor` (the owner Alice, or Bob the member) is
 *   allowed; Mallory (a Regular outsider) and the Admins, who are members of nothing, get exactly the reply
 *   a missing object of the same kind gets (spec: another's object is answered like a missing one).
 * - scim: /scim/v2, the directory's: only a SCIM token gets in; anonymous and every user's session, an Admin's
 *   included, get SCIM's 401 Error body.
 *
 * A route in the document without an entry here fails the matrix test: classify it before adding it.
 */
export type Access =
  | { kind: 'public'; reason: string }
  | { kind: 'signedIn' }
  | { kind: 'roles'; roles: readonly TRole[] }
  | { kind: 'object'; actor: 'owner' | 'member' }
  | { kind: 'scim' };

export type Req = {
  /** Path parameters: `{id}` in the document's path is filled from `params.id`. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: (Part | FieldPart)[];
};

export type RouteEntry = {
  access: Access;
  /** A valid request against fresh objects of Alice's (or, for signedIn/roles routes, of the caller). */
  request: (fx: Fixture, caller: Member) => Promise<Req>;
  /** object routes: the same request aimed at objects that do not exist. */
  missing?: (fx: Fixture) => Promise<Req>;
  /** The status the allowed caller gets with `request` (200 unless said). */
  ok?: number;
};

const none = async (): Promise<Req> => ({});
/** A public route; a request with nothing in it unless the entry gives its own. */
const publicRoute = (reason: string): RouteEntry => ({ access: { kind: 'public', reason }, request: none });
const SIGNED_IN = { kind: 'signedIn' } as const;
const owner = { kind: 'object', actor: 'owner' } as const;
const memberOf = { kind: 'object', actor: 'member' } as const;
const ADMIN = { kind: 'roles', roles: ['Admin'] } as const;
const FACILITY_WRITERS = { kind: 'roles', roles: ['Admin', 'FacilityAdmin'] } as const;
const SCIM = { kind: 'scim' } as const;
const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const scimPatch = (op: string, path: string, value?: unknown) => ({
  schemas: [SCIM_PATCH],
  Operations: [{ op, path, ...(value === undefined ? {} : { value }) }],
});

/** /scim/v2: each write names a fresh user or group, so a destructive call never spoils another. */
const scimRouteEntries: Record<string, RouteEntry> = {
  'GET /scim/v2/ServiceProviderConfig': { access: SCIM, request: none },
  'GET /scim/v2/ResourceTypes': { access: SCIM, request: none },
  'GET /scim/v2/ResourceTypes/{id}': { access: SCIM, request: async () => ({ params: { id: 'User' } }) },
  'GET /scim/v2/Schemas': { access: SCIM, request: none },
  'GET /scim/v2/Schemas/{id}': { access: SCIM, request: async () => ({ params: { id: SCIM_USER } }) },
  'GET /scim/v2/Users': {
    access: SCIM,
    request: async (fx) => ({ query: { filter: `userName eq "${fx.alice.email}"`, count: '5' } }),
  },
  'POST /scim/v2/Users': {
    access: SCIM,
    request: async () => ({
      body: { schemas: [SCIM_USER], userName: `scim.${randomUUID().slice(0, 8)}@test.rounds`, active: true },
    }),
    ok: 201,
  },
  'GET /scim/v2/Users/{id}': { access: SCIM, request: async (fx) => ({ params: { id: fx.alice.id } }) },
  'PUT /scim/v2/Users/{id}': {
    access: SCIM,
    request: async (fx) => {
      const who = await fx.fresh();
      return {
        params: { id: who.id },
        body: { schemas: [SCIM_USER], userName: who.email, name: { givenName: 'Put', familyName: 'User' } },
      };
    },
  },
  'PATCH /scim/v2/Users/{id}': {
    access: SCIM,
    request: async (fx) => ({
      params: { id: (await fx.fresh()).id },
      body: scimPatch('replace', 'title', 'Charge nurse'),
    }),
  },
  'DELETE /scim/v2/Users/{id}': {
    access: SCIM,
    request: async (fx) => ({ params: { id: (await fx.fresh()).id } }),
    ok: 204,
  },
  'GET /scim/v2/Groups': { access: SCIM, request: async () => ({ query: { excludedAttributes: 'members' } }) },
  'POST /scim/v2/Groups': {
    access: SCIM,
    // A group stands for an item of Rounds by name: a fresh department.
    request: async (fx) => ({ body: { displayName: `department:${await fx.department()}` } }),
    ok: 201,
  },
  'GET /scim/v2/Groups/{id}': { access: SCIM, request: async (fx) => ({ params: { id: (await fx.scimGroup()).id } }) },
  'PUT /scim/v2/Groups/{id}': {
    access: SCIM,
    request: async (fx) => {
      const { id, displayName } = await fx.scimGroup();
      return { params: { id }, body: { displayName, members: [] } };
    },
  },
  'PATCH /scim/v2/Groups/{id}': {
    access: SCIM,
    request: async (fx) => ({
      params: { id: (await fx.scimGroup()).id },
      body: scimPatch('add', 'members', [{ value: (await fx.fresh()).id }]),
    }),
  },
  'DELETE /scim/v2/Groups/{id}': {
    access: SCIM,
    request: async (fx) => ({ params: { id: (await fx.scimGroup()).id } }),
    ok: 204,
  },
};

const CODE = '123456';
const PASSKEY_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};
const PASSKEY_REGISTRATION = { ...PASSKEY_ASSERTION, response: { clientDataJSON: 'e30', attestationObject: 'oA' } };
const BEFORE_SIGN_IN = 'a step of signing in, registering or recovering an account: it runs before a session exists';
/** A step before sign-in posting a fixed `body`, answered `ok` (it carries no real code or token). */
const beforeSignIn = (body: unknown, ok: number): RouteEntry => ({
  ...publicRoute(BEFORE_SIGN_IN),
  request: async () => ({ body }),
  ok,
});
/** A path id that is nobody's: the allowed caller gets the 404 another user's object gets too. */
const nobodysId = (access: Access): RouteEntry => ({
  access,
  request: async () => ({ params: { id: missingId() } }),
  ok: 404,
});
/** A request naming a user of Fay's ward (whom a FacilityAdmin of it manages). */
const aboutWardMember = (req: (userId: string) => Req): RouteEntry => ({
  access: FACILITY_WRITERS,
  request: async (fx) => req((await fx.wardMember()).id),
});
/** A request naming a fresh on-call duty role of Fay's facility. */
const aboutDutyRole = (access: Access, body?: unknown): RouteEntry => ({
  access,
  request: async (fx) => ({ params: { id: await fx.dutyRole() }, ...(body === undefined ? {} : { body }) }),
});
/** A room the calling Admin holds a live break-glass grant on. */
const BREAK_GLASS_ROOM: RouteEntry = {
  access: ADMIN,
  request: async (fx, caller) => ({ params: { roomId: await fx.breakGlass(caller) } }),
};
/**
 * An object route whose request names one object of Alice's: `request` names a fresh one, `missing` the same
 * request naming one that does not exist.
 */
const aboutObject = (
  access: Extract<Access, { kind: 'object' }>,
  fresh: (fx: Fixture) => Promise<string>,
  req: (id: string, fx: Fixture) => Req,
  absent: () => string = missingId,
): RouteEntry => ({
  access,
  request: async (fx) => req(await fresh(fx), fx),
  missing: async (fx) => req(absent(), fx),
});
const freshGroup = (fx: Fixture) => fx.group();
/** An object route naming a message (an URGENT one where said) in a fresh room of Alice's; `missing`: neither. */
const aboutMessage = (
  access: Extract<Access, { kind: 'object' }>,
  req: (twId: string, messageId: string) => Req,
  kind: 'message' | 'urgent' = 'message',
): RouteEntry => ({
  access,
  request: async (fx) => {
    const twId = await fx.group();
    return req(twId, kind === 'urgent' ? (await fx.urgent(twId)).messageId : (await fx.message(twId)).id);
  },
  missing: async () => req(missingId(), missingId()),
});

const referenceRoutes = (kind: string): Record<string, RouteEntry> => {
  const writers = kind === 'facility' ? FACILITY_WRITERS : ADMIN;
  const name = () => `${kind} ${randomUUID().slice(0, 12)}`;
  return {
    [`GET /api/v1/${kind}/list`]: publicRoute(
      'the registration form offers these lists before the user has an account',
    ),
    [`GET /api/v1/${kind}`]: { access: SIGNED_IN, request: none },
    [`POST /api/v1/${kind}`]: { access: writers, request: async () => ({ body: { name: name() } }) },
    [`PUT /api/v1/${kind}`]: {
      access: writers,
      request: async (fx) => ({ body: { id: await fx.referenceItem(kind), name: name() } }),
    },
    [`DELETE /api/v1/${kind}`]: {
      access: writers,
      request: async (fx) => ({ body: { id: await fx.referenceItem(kind) } }),
    },
    // Facilities: a FacilityAdmin's own facility for a user they manage; other kinds are the Admin's.
    ...Object.fromEntries(
      ['add-member', 'remove-member'].map((action) => [
        `POST /api/v1/${kind}/${action}`,
        {
          access: writers,
          request: async (fx: Fixture) => ({
            body: {
              id: kind === 'facility' ? fx.ward : await fx.referenceItem(kind),
              userId: (await fx.wardMember()).id,
            },
          }),
        },
      ]),
    ),
  };
};

/** A valid admin user form in Fay's facility, with a fresh email. */
const userForm = async (fx: Fixture) => ({
  firstName: 'Form',
  lastName: 'User',
  email: `form.${randomUUID().slice(0, 8)}@test.rounds`,
  phone: '2255550100',
  phoneCountryCode: '+1',
  facilityId: [fx.ward],
  departmentId: [await fx.referenceItem('department')],
  professionId: [await fx.referenceItem('profession')],
  specialtyId: [await fx.referenceItem('specialty')],
});

export const ROUTES: Record<string, RouteEntry> = {
  ...scimRouteEntries,
  // Settings every screen needs before sign-in.
  'GET /api/v1/setting/calling-codes': publicRoute(
    'the registration and phone forms pick a country code before sign-in',
  ),
  'GET /api/v1/setting/self-registration': publicRoute(
    'the sign-in screen shows the Register link only when self-registration is on',
  ),
  'GET /api/v1/setting/app-settings': publicRoute('the sign-in screen shows the hospital branding and texts'),

  // Authentication: each call is authenticated by what it carries (password, code, temporary token, cookie).
  'GET /api/v1/auth/captcha': publicRoute('registration and recovery solve a captcha before sign-in'),
  'POST /api/v1/auth/login': {
    ...publicRoute('signing in is how a session starts'),
    request: async (fx) => ({ body: { username: fx.mallory.email, password: 'Wrong-password1' } }),
    ok: 401,
  },
  'POST /api/v1/auth/register': beforeSignIn({}, 400),
  'POST /api/v1/auth/verify-email': beforeSignIn({ tempToken: 'x', verifyToken: CODE }, 401),
  'POST /api/v1/auth/verify-phone': beforeSignIn({ tempToken: 'x', verifyToken: CODE }, 401),
  'POST /api/v1/auth/resend-verify-email': beforeSignIn({}, 401),
  'POST /api/v1/auth/resend-verify-phone': beforeSignIn({}, 401),
  'POST /api/v1/auth/change-email': beforeSignIn({}, 400),
  'POST /api/v1/auth/change-phone': beforeSignIn({}, 400),
  'POST /api/v1/auth/refresh-token': {
    ...publicRoute('the access token has expired by then: the httpOnly refresh cookie is the credential'),
    request: async () => ({ body: {} }),
    ok: 401,
  },
  'GET /api/v1/auth/logout': { access: SIGNED_IN, request: none },
  // Settings' signed-in devices: the caller's own sessions only. A session id that is nobody's gets the 404 a
  // session of someone else's gets too (identity/device-sessions.test.ts ends real ones across accounts).
  'GET /api/v1/auth/sessions': { access: SIGNED_IN, request: none },
  'DELETE /api/v1/auth/sessions': { access: SIGNED_IN, request: none },
  'DELETE /api/v1/auth/sessions/{id}': nobodysId(SIGNED_IN),
  // Quick unlock (issue 26): the caller's own PIN. The matrix's users have none, so a PIN to unlock is the
  // contract's 409 (not counted as a wrong try); quick-unlock.test.ts sets, checks and exhausts real ones.
  'GET /api/v1/account/quick-unlock': { access: SIGNED_IN, request: none },
  'PUT /api/v1/account/quick-unlock': {
    access: SIGNED_IN,
    request: async () => ({ body: { pin: '4821', password: 'not-the-password' } }),
    ok: 400,
  },
  'DELETE /api/v1/account/quick-unlock': { access: SIGNED_IN, request: none },
  'POST /api/v1/auth/unlock': { access: SIGNED_IN, request: async () => ({ body: { pin: '4821' } }), ok: 409 },
  // Single sign-on (identity/sso.test.ts runs it against a real provider; the matrix's server has none
  // configured, so the browser legs send it back to the login page and the provider's own call is a 404).
  'GET /api/v1/auth/sso': publicRoute('the login page shows the SSO button before anyone signs in'),
  'GET /api/v1/auth/sso/start': {
    ...publicRoute('the browser starts signing in through the provider: no session exists yet'),
    request: async () => ({ query: {} }),
    ok: 302,
  },
  'GET /api/v1/auth/sso/callback': {
    ...publicRoute('the provider sends the browser back with a code; state, PKCE and the browser cookie guard it'),
    request: async () => ({ query: { code: 'x', state: 'y' } }),
    ok: 302,
  },
  'POST /api/v1/auth/sso/backchannel-logout': {
    ...publicRoute('the provider calls it server to server; the logout token it signs is the credential'),
    request: async () => ({ body: { logout_token: 'x' } }),
    ok: 404,
  },
  'GET /api/v1/auth/sso/policy': { access: ADMIN, request: none },
  'PUT /api/v1/auth/sso/policy': { access: ADMIN, request: async () => ({ body: { ssoOnly: false } }), ok: 409 },
  // Multi-factor sign-in (issue 26): the second step carries its challenge token; Settings' factors are the
  // caller's own (another's factor id is answered like a missing one, identity/mfa.test.ts); the policy and a
  // user's reset are the Admin's.
  'POST /api/v1/auth/mfa/verify': beforeSignIn({ mfaToken: 'x', code: CODE }, 401),
  'POST /api/v1/auth/mfa/enrol': beforeSignIn({ mfaToken: 'x' }, 401),
  'POST /api/v1/auth/mfa/enrol/confirm': {
    ...publicRoute(BEFORE_SIGN_IN),
    request: async () => ({ body: { mfaToken: 'x', factorId: missingId(), code: CODE, label: 'Phone' } }),
    ok: 401,
  },
  // Passkeys: each ceremony's second call names a challenge the server made (none here: refused as expired).
  'POST /api/v1/auth/mfa/enrol/passkey/options': beforeSignIn({ mfaToken: 'x' }, 401),
  'POST /api/v1/auth/mfa/enrol/passkey': beforeSignIn(
    { mfaToken: 'x', challengeId: 'x', label: 'Laptop', credential: PASSKEY_REGISTRATION },
    401,
  ),
  'POST /api/v1/auth/mfa/passkey/options': beforeSignIn({ mfaToken: 'x' }, 401),
  'POST /api/v1/auth/mfa/passkey/verify': beforeSignIn(
    { mfaToken: 'x', challengeId: 'x', credential: PASSKEY_ASSERTION },
    401,
  ),
  'POST /api/v1/auth/passkey/options': publicRoute(BEFORE_SIGN_IN),
  'POST /api/v1/auth/passkey/sign-in': beforeSignIn({ challengeId: 'x', credential: PASSKEY_ASSERTION }, 401),
  'POST /api/v1/mfa/factors/passkey/options': { access: SIGNED_IN, request: none },
  'POST /api/v1/mfa/factors/passkey': {
    access: SIGNED_IN,
    request: async () => ({
      body: {
        challengeId: 'x',
        label: 'Laptop',
        credential: PASSKEY_REGISTRATION,
      },
    }),
    ok: 401,
  },
  'GET /api/v1/mfa/factors': { access: SIGNED_IN, request: none },
  'POST /api/v1/mfa/factors/totp': { access: SIGNED_IN, request: none },
  'POST /api/v1/mfa/factors/{id}/confirm': {
    access: SIGNED_IN,
    request: async () => ({ params: { id: missingId() }, body: { code: CODE, label: 'Phone' } }),
    ok: 404,
  },
  'PUT /api/v1/mfa/factors/{id}': {
    access: SIGNED_IN,
    request: async () => ({ params: { id: missingId() }, body: { label: 'Phone' } }),
    ok: 404,
  },
  'POST /api/v1/mfa/factors/{id}/remove': {
    access: SIGNED_IN,
    request: async () => ({ params: { id: missingId() }, body: { password: 'Wrong-password1' } }),
    ok: 404,
  },
  // A fresh user has no factor yet, so there are no recovery codes to renew.
  'POST /api/v1/mfa/recovery-codes': {
    access: SIGNED_IN,
    request: async () => ({ body: { password: 'Wrong-password1' } }),
    ok: 409,
  },
  'GET /api/v1/mfa/policy': { access: ADMIN, request: none },
  'PUT /api/v1/mfa/policy': { access: ADMIN, request: async () => ({ body: { policy: 'admins' } }) },
  // SCIM tokens (identity/scim.test.ts rotates and revokes real ones; here a missing one answers 404 to an Admin).
  'GET /api/v1/admin/scim-tokens': { access: ADMIN, request: none },
  'POST /api/v1/admin/scim-tokens': { access: ADMIN, request: async () => ({ body: { label: 'Directory' } }) },
  'POST /api/v1/admin/scim-tokens/{id}/rotate': nobodysId(ADMIN),
  'DELETE /api/v1/admin/scim-tokens/{id}': nobodysId(ADMIN),
  'POST /api/v1/user/{id}/mfa/reset': {
    access: ADMIN,
    request: async (fx) => ({ params: { id: fx.mallory.id } }),
  },
  'POST /api/v1/auth/forgot-password': {
    ...publicRoute(BEFORE_SIGN_IN),
    request: async () => ({ body: { username: `nobody-${randomUUID()}@test.rounds` } }),
  },
  'POST /api/v1/auth/reset-password': beforeSignIn({}, 400),
  'POST /api/v1/user/set-password': beforeSignIn({}, 400),

  'GET /api/v1/sms/usage': { access: ADMIN, request: none },
  'GET /api/v1/user': {
    access: FACILITY_WRITERS,
    request: async () => ({ query: { keyword: 'a', sortBy: 'lastName' } }),
  },
  'GET /api/v1/user/logs': { access: FACILITY_WRITERS, request: async () => ({ query: { keyword: 'login' } }) },
  'GET /api/v1/user/export-logs': { access: FACILITY_WRITERS, request: async () => ({ query: { keyword: 'login' } }) },
  'POST /api/v1/user/activate': aboutWardMember((userId) => ({ body: { userId } })),
  'POST /api/v1/user/deactivate': aboutWardMember((userId) => ({ body: { userId } })),
  'POST /api/v1/user/update-role': aboutWardMember((id) => ({ body: { id, role: 'FacilityAdmin' } })),
  'DELETE /api/v1/user/delete-user': aboutWardMember((id) => ({ query: { id } })),
  'GET /api/v1/user/get-user': aboutWardMember((id) => ({ query: { id } })),
  'POST /api/v1/user': { access: FACILITY_WRITERS, request: async (fx) => ({ body: await userForm(fx) }) },
  'POST /api/v1/user/update-user': {
    access: FACILITY_WRITERS,
    request: async (fx) => ({ body: { ...(await userForm(fx)), id: (await fx.wardMember()).id } }),
  },
  'POST /api/v1/user/reset-password': aboutWardMember((id) => ({ body: { id, newPassword: 'Reset2026x' } })),
  'POST /api/v1/user/upload-avatar': aboutWardMember((id) => ({
    multipart: [
      { ...imagePart(), name: 'file' },
      { name: 'id', value: id },
    ],
  })),
  'DELETE /api/v1/user/delete-avatar': aboutWardMember((id) => ({ query: { id } })),
  'POST /api/v1/user/import-from-csv': {
    access: FACILITY_WRITERS,
    request: async () => ({
      multipart: [
        {
          name: 'file',
          filename: 'users.csv',
          type: 'text/csv',
          bytes: Buffer.from(
            `${BULK_CSV_COLUMNS.join(',')}\nCsv,User,csv.${randomUUID().slice(0, 8)}@test.rounds,+1,2255550100,Fixture Ward,,,,,\n`,
          ),
        },
      ],
    }),
  },
  // A FacilityAdmin may set voice, video and sms (delSms and speechToText are the Admin's: user-permissions.test.ts).
  'POST /api/v1/user/permission': {
    access: FACILITY_WRITERS,
    request: async (fx) => ({ body: { userId: fx.alice.id, permission: 'voice', value: true } }),
  },
  'POST /api/v1/user/permission/all': {
    access: FACILITY_WRITERS,
    request: async () => ({ body: { permission: 'video', value: true } }),
  },
  'GET /api/v1/speech-to-text': { access: SIGNED_IN, request: none },
  'GET /api/v1/outbox': { access: ADMIN, request: async (fx) => ({ query: { to: fx.alice.email } }) },

  // The caller's own account: nothing in these requests names another user.
  'GET /api/v1/setting/me': { access: SIGNED_IN, request: none },
  'GET /api/v1/setting': { access: SIGNED_IN, request: none },
  'POST /api/v1/setting': {
    access: SIGNED_IN,
    // `id` is accepted for the spec's client and ignored: naming Alice changes only the caller.
    request: async (fx) => ({ body: { id: fx.alice.id, language: 'fr' } }),
  },
  'POST /api/v1/setting/password': {
    access: SIGNED_IN,
    request: async () => ({ body: { currentPassword: 'Secret123', newPassword: 'Secret456' } }),
  },
  'POST /api/v1/setting/account': { access: SIGNED_IN, request: async () => ({ body: {} }), ok: 400 },
  'POST /api/v1/setting/phone-email-update': { access: SIGNED_IN, request: async () => ({ body: {} }), ok: 400 },
  'POST /api/v1/setting/cancel-phone-email-update': { access: SIGNED_IN, request: none },
  'POST /api/v1/setting/verify-updated-phone': {
    access: SIGNED_IN,
    request: async () => ({ body: { verifyToken: CODE } }),
    ok: 400,
  },
  'POST /api/v1/setting/upload-avatar': {
    access: SIGNED_IN,
    request: async () => ({ multipart: [{ ...imagePart(), name: 'file' }] }),
  },
  'DELETE /api/v1/setting/delete-avatar': { access: SIGNED_IN, request: none },

  // Administration settings (doc 2 section 6): logos, texts and the hospital-wide password policy are the
  // Admin's; the banner also the FacilityAdmin's. POST /api/v1/setting with a key is checked in settings.test.ts.
  'POST /api/v1/setting/logos': {
    access: ADMIN,
    request: async () => ({
      multipart: [
        { name: 'key', value: 'squareLogo' },
        { ...imagePart(), name: 'file' },
      ],
    }),
  },
  'POST /api/v1/setting/about-texts': {
    access: ADMIN,
    request: async () => ({
      body: { aboutUsText: { en: '<p>a</p>', fr: '<p>b</p>' }, informationText: { en: '', fr: '' } },
    }),
  },
  'POST /api/v1/setting/banner-message': {
    access: FACILITY_WRITERS,
    request: async () => ({ body: { text_en: 'Drill', text_fr: 'Exercice', show: false } }),
  },
  'POST /api/v1/setting/password-policy': {
    access: ADMIN,
    request: async () => ({ body: { passwordUpdate: { active: false, frequency: 90, period: 'day' } } }),
  },

  ...referenceRoutes('facility'),
  ...referenceRoutes('department'),
  ...referenceRoutes('profession'),
  ...referenceRoutes('specialty'),
  ...referenceRoutes('suffix'),

  // Retention and legal hold (issue 27): the Admins' only.
  'GET /api/v1/compliance/retention': { access: ADMIN, request: none },
  'PUT /api/v1/compliance/retention': {
    access: ADMIN,
    request: async () => ({ body: { defaultDays: null, rooms: {} } }),
  },
  'GET /api/v1/compliance/holds': { access: ADMIN, request: none },
  'GET /api/v1/compliance/hold-targets': { access: ADMIN, request: async () => ({ query: { type: 'room', q: '' } }) },
  'POST /api/v1/compliance/holds': {
    access: ADMIN,
    request: async (fx) => ({
      body: { targetType: 'user', targetId: fx.alice.id, name: 'Case matrix', reason: 'Authorization matrix' },
    }),
  },
  'POST /api/v1/compliance/holds/{id}/release': {
    access: ADMIN,
    request: async (fx) => ({ params: { id: await fx.legalHold() } }),
  },
  // Export for counsel: asked for by an Admin; the download the browser navigates to carries its own credential.
  'POST /api/v1/compliance/exports': {
    access: ADMIN,
    request: async (fx) => ({ body: { scope: 'room', targetId: await fx.group(), from: 0, to: Date.now() } }),
  },
  'GET /api/v1/compliance/exports/download': {
    ...publicRoute(
      'a browser navigation sends no bearer header: the single-use link an Admin was given is the credential',
    ),
    request: async () => ({ query: { token: randomUUID() } }),
    ok: 404,
  },

  // Break-glass access (issue 27): the Admins' only. Reads and ending need the caller's live grant on the room
  // (without one, or once it has ended or expired: 403, authorization-matrix.test.ts "break-glass").
  'GET /api/v1/compliance/break-glass/rooms': { access: ADMIN, request: async () => ({ query: { q: '' } }) },
  'POST /api/v1/compliance/break-glass/rooms/{roomId}': {
    access: ADMIN,
    request: async (fx) => ({ params: { roomId: await fx.group() }, body: { reason: 'Authorization matrix case' } }),
  },
  'GET /api/v1/compliance/break-glass/rooms/{roomId}': BREAK_GLASS_ROOM,
  'POST /api/v1/compliance/break-glass/rooms/{roomId}/end': BREAK_GLASS_ROOM,
  'GET /api/v1/compliance/break-glass/rooms/{roomId}/messages': BREAK_GLASS_ROOM,
  'GET /api/v1/compliance/break-glass/rooms/{roomId}/members': BREAK_GLASS_ROOM,
  'GET /api/v1/compliance/break-glass/rooms/{roomId}/file': {
    access: ADMIN,
    request: async (fx, caller) => {
      const roomId = await fx.group();
      const key = await fx.sentFile(roomId);
      await fx.breakGlass(caller, roomId);
      return { params: { roomId }, query: { key } };
    },
  },

  // On-call duty roles (issue 25): reading and holding for everyone signed in (taking: a role of their own
  // facility); administering for Admin and the FacilityAdmin of the role's facility (Fay's ward here).
  'GET /api/v1/roles': { access: SIGNED_IN, request: none },
  'GET /api/v1/on-call': { access: SIGNED_IN, request: async (fx) => ({ query: { facilityId: fx.ward } }) },
  'POST /api/v1/roles/{id}/take': {
    access: SIGNED_IN,
    request: async (fx, caller) => {
      await fx.joinWard(caller);
      return { params: { id: await fx.dutyRole() }, body: {} };
    },
  },
  'POST /api/v1/roles/{id}/release': aboutDutyRole(SIGNED_IN),
  // A role's conversation: anyone signed in may message a role (of any facility).
  'POST /api/v1/roles/{id}/room': aboutDutyRole(SIGNED_IN),
  'POST /api/v1/roles': {
    access: FACILITY_WRITERS,
    request: async (fx) => ({
      body: { name: `On call ${randomUUID().slice(0, 12)}`, facilityId: fx.ward, timeZone: 'Europe/Paris' },
    }),
  },
  'PUT /api/v1/roles/{id}': {
    access: FACILITY_WRITERS,
    request: async (fx) => ({
      params: { id: await fx.dutyRole() },
      body: { name: `Renamed ${randomUUID().slice(0, 8)}` },
    }),
  },
  'DELETE /api/v1/roles/{id}': aboutDutyRole(FACILITY_WRITERS),
  'GET /api/v1/roles/{id}/schedule': aboutDutyRole(FACILITY_WRITERS),
  'PUT /api/v1/roles/{id}/schedule': aboutDutyRole(FACILITY_WRITERS, { shifts: [], rotations: [] }),
  'GET /api/v1/roles/{id}/escalation': aboutDutyRole(FACILITY_WRITERS),
  'PUT /api/v1/roles/{id}/escalation': aboutDutyRole(FACILITY_WRITERS, { steps: [], finalAfterMinutes: 15 }),
  // An URGENT message's escalation timeline: its sender and the room's owner (Alice); the Admins read the user log.
  'GET /api/v1/escalations/{messageId}': aboutObject(
    owner,
    (fx) => fx.escalating(),
    (messageId) => ({ params: { messageId } }),
  ),
  'POST /api/v1/roles/schedule/import': {
    access: FACILITY_WRITERS,
    request: async (fx) => ({
      multipart: [
        { name: 'facilityId', value: fx.ward },
        { name: 'file', filename: 'rota.csv', type: 'text/csv', bytes: Buffer.from('role,email,start,end\n') },
      ],
    }),
  },

  'POST /api/v1/contact/list': { access: SIGNED_IN, request: async () => ({ body: {} }) },
  'GET /api/v1/filter': { access: SIGNED_IN, request: none },
  'POST /api/v1/filter': {
    access: SIGNED_IN,
    request: async (fx) => ({
      body: {
        name: `f ${randomUUID()}`,
        params: { facility: [fx.ward], department: [], profession: [], specialty: [] },
      },
    }),
  },
  // A filter as a recipient list: the caller's own group of whoever the filter finds (Fay and Alice of the ward).
  'POST /api/v1/filter/recipients': {
    access: SIGNED_IN,
    request: async (fx) => ({
      body: { params: { facility: [fx.ward], department: [], profession: [], specialty: [] } },
    }),
  },
  'POST /api/v1/filter/group': {
    access: SIGNED_IN,
    request: async (fx) => ({
      body: {
        params: { facility: [fx.ward], department: [], profession: [], specialty: [] },
        name: `Ward list ${randomUUID().slice(0, 12)}`,
      },
    }),
  },
  'DELETE /api/v1/filter': aboutObject(
    owner,
    (fx) => fx.filter(),
    (id) => ({ body: { id } }),
  ),

  // Chat rooms: lists and searches are the caller's own rooms; everything naming a room is for its members.
  'GET /api/v1/chat-room': { access: SIGNED_IN, request: none },
  'POST /api/v1/chat-room': {
    access: SIGNED_IN,
    request: async (fx) => ({
      body: { type: 'group', name: `G ${randomUUID().slice(0, 12)}`, participants: [fx.carol.id] },
    }),
  },
  'DELETE /api/v1/chat-room': aboutObject(owner, freshGroup, (id) => ({ query: { id } })),
  'POST /api/v1/chat-room/search-groups': { access: SIGNED_IN, request: async () => ({ body: { keyword: '' } }) },
  'POST /api/v1/chat-room/chat-rooms-by-participants': {
    access: SIGNED_IN,
    request: async (fx) => ({ body: { participants: [fx.bob.id] } }),
  },
  'POST /api/v1/chat-room/update-chat-room': aboutObject(owner, freshGroup, (twId, fx) => ({
    body: { twId, participants: [fx.alice.id, fx.bob.id], name: `R ${randomUUID().slice(0, 12)}` },
  })),
  'GET /api/v1/chat-room/details': aboutObject(memberOf, freshGroup, (id) => ({ query: { id } })),
  'POST /api/v1/chat-room/add-contacts': aboutObject(owner, freshGroup, (twId, fx) => ({
    query: { twId },
    body: { contacts: [fx.carol.id] },
  })),
  'POST /api/v1/chat-room/remove-contacts': aboutObject(owner, freshGroup, (twId, fx) => ({
    query: { twId },
    body: { contacts: [fx.bob.id] },
  })),
  'POST /api/v1/chat-room/set-favorite': aboutObject(memberOf, freshGroup, (id) => ({ body: { id } })),
  'POST /api/v1/chat-room/unset-favorite': aboutObject(memberOf, freshGroup, (id) => ({ body: { id } })),
  'POST /api/v1/chat-room/mute': aboutObject(memberOf, freshGroup, (twId) => ({ body: { twId } })),
  'POST /api/v1/chat-room/unmute': aboutObject(memberOf, freshGroup, (twId) => ({ body: { twId } })),
  'POST /api/v1/chat-room/leave': aboutObject(memberOf, freshGroup, (id) => ({ query: { id } })),
  'POST /api/v1/chat-room/messages': aboutObject(
    memberOf,
    async (fx) => {
      const twId = await fx.group();
      await fx.message(twId);
      return twId;
    },
    (twId) => ({ body: { twId } }),
  ),
  'DELETE /api/v1/chat-room/remove-message': aboutMessage(owner, (twId, messageId) => ({ body: { twId, messageId } })),
  'GET /api/v1/chat-room/seen-by': aboutMessage(owner, (twId, messageId) => ({ query: { twId, messageId } })),
  // The sender (Alice) and the room's owner (Alice too here); Bob, notified, is refused (rooms.test's owner case).
  'GET /api/v1/chat-room/acknowledgement-grid': aboutMessage(
    owner,
    (twId, messageId) => ({ query: { twId, messageId } }),
    'urgent',
  ),
  'GET /api/v1/chat-room/pending-urgent': { access: SIGNED_IN, request: none },
  // Search reads only the caller's rooms: a signed-in user's own view, never another's object.
  'GET /api/v1/search/messages': { access: SIGNED_IN, request: async () => ({ query: { q: 'rounds' } }) },
  'GET /api/v1/search/message-context': aboutMessage(memberOf, (twId, messageId) => ({ query: { twId, messageId } })),
  'POST /api/v1/chat-room/acknowledge-message': aboutObject(
    memberOf,
    async (fx) => (await fx.urgent(await fx.group())).messageId,
    (messageId) => ({ body: { messageId } }),
  ),
  'POST /api/v1/chat-room/message-important': aboutMessage(owner, (twId, messageId) => ({
    body: { twId, messageId, level: 'IMPORTANT' },
  })),
  'GET /api/v1/chat-room/message-logs': aboutObject(
    memberOf,
    async (fx) => (await fx.urgent(await fx.group())).logId,
    (logId) => ({ query: { logId } }),
  ),
  'POST /api/v1/chat-room/upload-chat-images': {
    access: SIGNED_IN,
    request: async () => ({ multipart: [imagePart()] }),
  },
  'DELETE /api/v1/chat-room/upload-chat-images': aboutObject(
    owner,
    (fx) => fx.upload(),
    (key) => ({ query: { key } }),
    missingKey,
  ),
  'POST /api/v1/chat-room/upload-chat-audio': {
    access: SIGNED_IN,
    request: async () => ({ multipart: [voicePart()] }),
  },
  'GET /api/v1/chat-room/image': aboutObject(
    memberOf,
    async (fx) => fx.sentFile(await fx.group()),
    (key) => ({ query: { key } }),
    missingKey,
  ),
  'GET /api/v1/call/live': { access: SIGNED_IN, request: none },
  // Web Push: the caller's own subscriptions and devices; what a notification says is the Admin's choice.
  'GET /api/v1/push/vapid-public-key': { access: SIGNED_IN, request: none },
  'POST /api/v1/push/subscriptions': {
    access: SIGNED_IN,
    request: async () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        body: {
          endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        },
      };
    },
  },
  'DELETE /api/v1/push/subscriptions': {
    access: SIGNED_IN,
    request: async () => ({ body: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}` } }),
  },
  'GET /api/v1/push/devices': { access: SIGNED_IN, request: none },
  // A device id that is nobody's: the caller gets the 404 a device of someone else's gets too (push.test.ts
  // removes a real one).
  'DELETE /api/v1/push/devices/{id}': nobodysId(SIGNED_IN),
  // No subscription in the matrix's sessions: the allowed caller gets the contract's 409.
  'POST /api/v1/push/test': { access: SIGNED_IN, request: none, ok: 409 },
  'GET /api/v1/push/settings': { access: ADMIN, request: none },
  'PUT /api/v1/push/settings': { access: ADMIN, request: async () => ({ body: { contentLevel: 'names' } }) },
  'GET /api/v1/twilio/video-token': aboutObject(
    memberOf,
    (fx) => fx.call('accepted'),
    (twId) => ({ query: { twId } }),
  ),
};

/** Routes kept out of the OpenAPI document (hide: true), classified all the same. */
export const HIDDEN_ROUTES: Record<string, { reason: string; url: string; anonymous: number }> = {
  'GET /healthz': { reason: 'liveness probe of the orchestrator', url: '/healthz', anonymous: 200 },
  'GET /readyz': { reason: 'readiness probe of the orchestrator', url: '/readyz', anonymous: 200 },
  'GET /logos/:file': {
    reason: 'the sign-in screen shows the logo before sign-in',
    url: '/logos/nothing-here.png',
    anonymous: 404,
  },
  'GET /api/v1/avatars/:file': {
    reason: '<img> cannot send a bearer token: the random 128-bit name is the secret',
    url: `/api/v1/avatars/${missingKey()}.png`,
    anonymous: 404,
  },
};

export type SocketEntry =
  | {
      access: 'signedIn';
      /** A valid payload for `who`, the signed-in caller (Authenticate hands over the caller's own token). */
      payload: (fx: Fixture, who: { token: string }) => Promise<unknown>;
      /** The success ack; `{ ok: true }` when not given. */
      ok?: unknown;
    }
  | {
      access: 'member';
      /** A valid payload naming a fresh room of Alice's, where Bob is a member. */
      payload: (fx: Fixture) => Promise<unknown>;
      missing: () => unknown;
    }
  | {
      /**
       * A Janus media event: like 'member', but the matrix app runs without Janus (JANUS_URL), so Bob's own
       * payload is refused with `ok` (a code other than the room's 404); calls/janus/janus.test.ts proves the
       * success with a real Janus.
       */
      access: 'media';
      payload: (fx: Fixture) => Promise<unknown>;
      missing: () => unknown;
      ok: unknown;
    };

type CallState = Parameters<Fixture['call']>[0];
/** A call event naming only the room of a call where Bob is as `bobIs` says. */
const inCall = (bobIs: CallState): SocketEntry => ({
  access: 'member',
  payload: async (fx) => ({ twId: await fx.call(bobIs) }),
  missing: () => ({ twId: missingId() }),
});
/** A seen sequence: the last message of a fresh room of Alice's. */
const READ_UP_TO: SocketEntry = {
  access: 'member',
  payload: async (fx) => {
    const twId = await fx.group();
    return { twId, seq: (await fx.message(twId)).seq };
  },
  missing: () => ({ twId: missingId(), seq: 1 }),
};
/**
 * A Janus media event of Bob's accepted call with his media token, and `fields` naming Alice's tab's feed where
 * it needs one; the matrix app has no Janus, so Bob himself is answered CALL_MEDIA_UNAVAILABLE.
 */
const mediaEvent = (fields: (feed: { userId: string; tabId: string }) => Record<string, unknown>): SocketEntry => ({
  access: 'media',
  payload: async (fx) => {
    const twId = await fx.call('accepted');
    return { twId, jwt: await fx.mediaToken(twId), ...fields({ userId: fx.alice.id, tabId: fx.tabs.alice }) };
  },
  missing: () => ({ twId: missingId(), jwt: 'x', ...fields({ userId: missingId(), tabId: 'x' }) }),
  ok: { ok: false, code: 'CALL_MEDIA_UNAVAILABLE', message: expect.any(String) },
});

/** Every client socket event. A socket is only ever open for a signed-in user (the handshake checks). */
export const SOCKET_EVENTS: Record<keyof typeof CLIENT_EVENTS, SocketEntry> = {
  Ping: { access: 'signedIn', payload: async () => ({ at: Date.now() }), ok: { at: expect.any(Number) } },
  // The caller's own renewed token; another user's token is refused (realtime/socket-authority.test.ts).
  Authenticate: {
    access: 'signedIn',
    payload: async (_fx, who) => ({ token: who.token }),
    ok: { ok: true, expiresAt: expect.any(Number) },
  },
  ChangeChatStatus: { access: 'signedIn', payload: async () => ({ chatStatus: 2, manual: true }) },
  WatchPresence: { access: 'signedIn', payload: async () => ({ watching: true }) },
  TabVisibility: { access: 'signedIn', payload: async () => ({ visible: false }) },
  SendMessage: {
    access: 'member',
    payload: async (fx) => ({ clientId: randomUUID(), twId: await fx.group(), body: 'Vitals stable' }),
    missing: () => ({ clientId: randomUUID(), twId: missingId(), body: 'Vitals stable' }),
  },
  ReadMessage: READ_UP_TO,
  DeliveredMessage: READ_UP_TO,
  Typing: {
    access: 'member',
    payload: async (fx) => ({ twId: await fx.group() }),
    missing: () => ({ twId: missingId() }),
  },
  CallInitialize: {
    access: 'member',
    payload: async (fx) => ({ twId: await fx.call('none'), video: true }),
    missing: () => ({ twId: missingId() }),
  },
  CallAccept: inCall('ringing'),
  CallDecline: inCall('ringing'),
  CallEnd: inCall('accepted'),
  CallEndForAll: inCall('initiator'),
  CallScreenShareStart: inCall('accepted'),
  CallScreenShareEnd: inCall('sharing'),
  CallVoiceToggle: inCall('accepted'),
  CallVideoToggle: inCall('accepted'),
  CallForceVoiceToggle: {
    access: 'member',
    payload: async (fx) => ({
      twId: await fx.call('sharing'),
      flag: true,
      action: 'unmute',
      participantId: fx.alice.id,
    }),
    missing: () => ({ twId: missingId(), flag: true, action: 'unmute', participantId: missingId() }),
  },
  CallAddParticipants: {
    access: 'member',
    payload: async (fx) => ({ twId: await fx.call('initiator'), userIds: [fx.carol.id] }),
    missing: () => ({ twId: missingId(), userIds: [missingId()] }),
  },
  CallSignal: {
    access: 'member',
    payload: async (fx) => ({
      twId: await fx.call('accepted'),
      to: { userId: fx.alice.id, tabId: fx.tabs.alice },
      data: { type: 'offer', sdp: 'v=0' },
    }),
    missing: () => ({
      twId: missingId(),
      to: { userId: missingId(), tabId: 'x' },
      data: { type: 'offer', sdp: 'v=0' },
    }),
  },
  CallMediaPublish: mediaEvent(() => ({ sdp: 'v=0' })),
  CallMediaSubscribe: mediaEvent((feed) => ({ feed })),
  CallMediaStart: mediaEvent((feed) => ({ feed, sdp: 'v=0' })),
  CallMediaTrickle: mediaEvent(() => ({ target: 'publisher', candidate: null })),
};

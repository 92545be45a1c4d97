import { randomUUID } from 'node:crypto';
import type { TRole } from '@rounds/contracts/common';
import { scimRoutes } from '@rounds/contracts/scim';
import { newId } from '../../src/lib/ids';
import { signMediaToken } from '../../src/lib/tokens';
import { createScimToken } from '../../src/modules/identity/scim-tokens.service';
import { setRoomRole } from '../../src/modules/on-call/escalation.store';
import { callRoute } from '../support/call-route';
import { type Member, member } from '../support/chat';
import { multipart, type Part } from '../support/multipart';
import { TEST_ADMIN, type TestApp } from '../support/test-app';
import { createFacility, createUser, login } from '../support/users';

/** A 1×1 PNG and a few bytes that sniff as WebM: enough for the upload routes to accept. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
export const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(512, 7)]);

export const imagePart = (): Part => ({ filename: 'scan.png', type: 'image/png', bytes: PNG });
export const voicePart = (): Part => ({ name: 'file', filename: 'voice.webm', type: 'audio/webm', bytes: WEBM });

/**
 * The cast of the authorization checks, on a real app: Alice owns objects, Bob is a member of her rooms,
 * Mallory is a Regular user who is neither, Carol is someone to add; an Admin and a FacilityAdmin who are
 * members of nothing. Every object is made fresh by the helpers, so a destructive call never spoils another.
 */
export async function createFixture(t: TestApp) {
  const [alice, bob, mallory, carol] = await Promise.all([
    member(t, 'Alice', 'Owner'),
    member(t, 'Bob', 'Member'),
    member(t, 'Mallory', 'Outsider'),
    member(t, 'Carol', 'Added'),
  ]);
  const withRole = async (role: TRole, firstName: string): Promise<Member> => {
    const u = await createUser(t.app, { role, firstName, lastName: role });
    return { id: u.id, email: u.email, token: (await login(t.app, u.email)).token, name: `${firstName} ${role}` };
  };
  const admin: Member = {
    ...(await withRole('Admin', 'Ada')),
  };
  const facilityAdmin = await withRole('FacilityAdmin', 'Fay');
  // Fay manages the users of her facility (users.policy), Alice among them; Mallory is outside it.
  const ward = await createFacility(t.app, 'Fixture Ward');
  await t.app.db
    .insertInto('user_facilities')
    .values([facilityAdmin.id, alice.id].map((user_id) => ({ user_id, item_id: ward })))
    .execute();
  const firstAdminToken = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;

  const inject = async (m: Member, method: string, url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${m.token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (res.statusCode !== 200) throw new Error(`seeding ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  /** A group of Alice's with Bob in it. */
  const group = async (): Promise<string> =>
    (
      await inject(alice, 'POST', '/api/v1/chat-room', {
        type: 'group',
        name: `Ward ${randomUUID().slice(0, 12)}`,
        participants: [bob.id],
      })
    ).data.chatRoom.id;

  /** A message in a room, written through the same writer SendMessage uses. */
  const message = async (
    twId: string,
    by: Member = alice,
    extra: { files?: string[]; level?: 'IMPORTANT' | 'URGENT'; notify?: string[]; sms?: boolean } = {},
  ) => {
    const ack = await t.app.chat.writer.send({
      userId: by.id,
      clientId: randomUUID(),
      twId,
      body: `Bed ${randomUUID().slice(0, 4)} needs a review`,
      ...extra,
    });
    if (!ack.ok) throw new Error(`seeding message: ${ack.error.message}`);
    return ack.message;
  };

  /** An image Alice uploaded and has not sent. */
  const upload = async (by: Member = alice): Promise<string> => {
    const body = multipart([imagePart()]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-room/upload-chat-images',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${by.token}` },
    });
    if (res.statusCode !== 200) throw new Error(`seeding upload: ${res.statusCode} ${res.body}`);
    return res.json().data.files[0].Key;
  };

  /** An image sent in a room of Alice's: readable by its members only. */
  const sentFile = async (twId: string): Promise<string> => {
    const key = await upload();
    await message(twId, alice, { files: [key] });
    return key;
  };

  /** An URGENT message of Alice's that notifies Bob by SMS: it has a message log (the SMS link's target). */
  const urgent = async (twId: string) => {
    const m = await message(twId, alice, { level: 'URGENT', notify: [bob.id], sms: true });
    const log = await t.app.db
      .selectFrom('message_logs')
      .select('id')
      .where('message_id', '=', m.id)
      .executeTakeFirstOrThrow();
    return { messageId: m.id, logId: log.id };
  };

  const filter = async (): Promise<string> =>
    (
      await inject(alice, 'POST', '/api/v1/filter', {
        name: `Mine ${randomUUID().slice(0, 6)}`,
        params: { facility: [ward], department: [], profession: [], specialty: [] },
      })
    ).data.id;

  const referenceItem = async (kind: string): Promise<string> =>
    (await inject(admin, 'POST', `/api/v1/${kind}`, { name: `Item ${randomUUID().slice(0, 12)}` })).data.id;

  /** The directory's SCIM token, Ada's: the only credential /scim/v2 takes (a user's session is none). */
  const { secret: scimToken } = await createScimToken(
    { db: t.app.db },
    { userId: admin.id, ip: '127.0.0.1' },
    'Directory',
  );
  /** The name of a fresh department. */
  const department = async (): Promise<string> => {
    const name = `Item ${randomUUID().slice(0, 12)}`;
    await inject(admin, 'POST', '/api/v1/department', { name });
    return name;
  };
  /** A SCIM group standing for a fresh department. */
  const scimGroup = async (): Promise<{ id: string; displayName: string }> => {
    const displayName = `department:${await department()}`;
    const res = await callRoute(t.app, scimRoutes.createGroup, { token: scimToken, body: { displayName } });
    if (res.statusCode !== 201) throw new Error(`seeding a SCIM group: ${res.statusCode} ${res.body}`);
    return { id: String(res.json().id), displayName };
  };

  /** A live on-call duty role of Fay's facility (issue 25). */
  const dutyRole = async (): Promise<string> =>
    (
      await t.app.onCall.roles.create(
        { userId: admin.id, role: 'Admin', sessionId: '' },
        { name: `Duty ${randomUUID().slice(0, 12)}`, facilityId: ward, timeZone: 'Europe/Paris' },
      )
    ).id;
  /** An URGENT message of Alice's in a room speaking for a duty role with a policy: its chain runs (issue 25). */
  const escalating = async (): Promise<string> => {
    const twId = await group();
    const roleId = await dutyRole();
    const admin0 = { userId: admin.id, role: 'Admin' as const, sessionId: '' };
    await t.app.onCall.escalation.setPolicy(admin0, roleId, { steps: [], finalAfterMinutes: 30 });
    await setRoomRole(t.app.db, twId, roleId);
    // Someone holds the role: a send to a role nobody holds is refused before it is written.
    await t.app.onCall.holds.take(alice.id, roleId, { mode: 'join' });
    return (await message(twId, alice, { level: 'URGENT', notify: [bob.id] })).id;
  };
  /** A legal hold in force on Alice (issue 27). */
  const legalHold = async (): Promise<string> =>
    (
      await t.app.compliance.holds.place(
        admin.id,
        { targetType: 'user', targetId: alice.id, name: `Case ${randomUUID().slice(0, 8)}`, reason: 'Matrix' },
        null,
      )
    ).id;
  /**
   * A room of Alice's (or the one given) on which the caller holds a live break-glass grant (issue 27). Opened
   * through the service whatever the caller's role: the route refuses a non-admin, and the read check asks for
   * an Admin's grant, so a grant of anyone else's opens nothing.
   */
  const breakGlass = async (caller: Member, roomId?: string): Promise<string> => {
    const twId = roomId ?? (await group());
    // Alice and Bob are its members already (the anonymous case builds its request as Alice): nothing to open.
    if (caller.id === alice.id || caller.id === bob.id) return twId;
    await t.app.compliance.breakGlass.open(caller.id, twId, 'Authorization matrix case', null);
    return twId;
  };
  /** Puts a caller in Fay's facility (taking a role needs its facility), once. */
  const joinWard = async (m: Member) => {
    const held = await t.app.db
      .selectFrom('user_facilities')
      .select('user_id')
      .where('user_id', '=', m.id)
      .where('item_id', '=', ward)
      .executeTakeFirst();
    if (!held) await t.app.db.insertInto('user_facilities').values({ user_id: m.id, item_id: ward }).execute();
  };

  /** A fresh signed-in Regular user, for calls that change the caller's own account (password, logout). */
  const fresh = () => member(t, 'Fresh', `User${randomUUID().slice(0, 6)}`);
  /** A fresh Regular user of Fay's facility, for admin calls that change or remove the user they name. */
  const wardMember = async (): Promise<Member> => {
    const m = await fresh();
    await t.app.db.insertInto('user_facilities').values({ user_id: m.id, item_id: ward }).execute();
    return m;
  };

  // Calls: the tabs Alice and Bob call from, voice and video granted (off unless granted), and each case
  // starting with both out of any call (a user is in one call at a time).
  const tabs = { alice: randomUUID(), bob: randomUUID() };
  await t.app.db
    .updateTable('users')
    .set({ permissions: JSON.stringify({ voice: true, video: true }) })
    .where('id', 'in', [alice.id, bob.id, carol.id])
    .execute();
  // Their tabs are open: a call rings only when someone who can answer it is connected (doc 2 section 6).
  for (const [m, tab] of [
    [alice, tabs.alice],
    [bob, tabs.bob],
    [carol, randomUUID()],
  ] as const) {
    await t.app.presence.connected(m.id, tab);
  }
  const leaveCalls = async (m: Member) => {
    const current = await t.app.calls.acceptedCallOf(m.id);
    // The other one leaving may have ended it already.
    if (current) {
      await t.app.calls
        .act(m.id, current.twId, () => ({ kind: 'leave', userId: m.id, now: Date.now() }))
        .catch(() => undefined);
    }
  };
  /**
   * A room with a call in the state a case needs: none yet (Bob starts it), Alice ringing Bob, Bob in it, Bob
   * sharing his screen, or Bob's own call in a group he owns (Alice in it, Carol ringing).
   */
  const call = async (bobIs: 'none' | 'ringing' | 'accepted' | 'sharing' | 'initiator'): Promise<string> => {
    await leaveCalls(alice);
    await leaveCalls(bob);
    const twId =
      bobIs === 'initiator'
        ? (
            await inject(bob, 'POST', '/api/v1/chat-room', {
              type: 'group',
              name: `Call ${randomUUID().slice(0, 12)}`,
              participants: [alice.id, carol.id],
            })
          ).data.chatRoom.id
        : await group();
    if (bobIs === 'none') return twId;
    const [caller, callee] = bobIs === 'initiator' ? (['bob', 'alice'] as const) : (['alice', 'bob'] as const);
    const ids = { alice: alice.id, bob: bob.id };
    await t.app.calls.initialize(ids[caller], tabs[caller], { twId, video: true, screenShare: false });
    if (bobIs === 'ringing') return twId;
    await t.app.calls.accept(ids[callee], tabs[callee], twId, false);
    if (bobIs === 'sharing') {
      const may = await t.app.calls.mayOf(bob.id);
      await t.app.calls.act(bob.id, twId, () => ({ kind: 'screenShareStart', userId: bob.id, may, now: Date.now() }));
    }
    return twId;
  };
  /** Bob's media token for the call he has accepted in this room (what GET /twilio/video-token hands his tab). */
  const mediaToken = async (twId: string): Promise<string> => {
    const live = await t.app.calls.liveCall(twId);
    return signMediaToken(t.config.JWT_SECRET, { sub: bob.id, call: live!.id, room: twId, tab: tabs.bob }, 300);
  };

  return {
    call,
    mediaToken,
    tabs,
    /** Fay's facility. */
    ward,
    wardMember,
    alice,
    bob,
    mallory,
    carol,
    admin,
    facilityAdmin,
    firstAdminToken,
    group,
    message,
    upload,
    sentFile,
    urgent,
    filter,
    referenceItem,
    department,
    scimToken,
    scimGroup,
    dutyRole,
    escalating,
    legalHold,
    breakGlass,
    joinWard,
    fresh,
  };
}

export type Fixture = Awaited<ReturnType<typeof createFixture>>;

/** An id of the right shape that names nothing. */
export const missingId = () => newId();
export const missingKey = () => randomUUID().replaceAll('-', '');

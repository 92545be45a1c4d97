import { randomUUID } from 'node:crypto';
import { authRoutes } from '@rounds/contracts/auth';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import { contactRoutes } from '@rounds/contracts/contacts';
import { adminSettingRoutes } from '@rounds/contracts/settings';
import { DEMO_PASSWORD, demoEmail } from '@rounds/test-kit/demo';
import { signInOverApi } from '@rounds/test-kit/mfa';
import { expect } from 'vitest';
import { call } from './api';
import { connectedSocket } from './live-socket';
import type { RunningServer } from './server';

/** A demo user's email from 'first.last' (SEED_DEMO staff). */
export { demoEmail as demo } from '@rounds/test-kit/demo';

export type TSession = { token: string; id: string; phone: string };

/**
 * API helpers for journeys on the demo hospital. `server` is a getter: journeys start theirs in beforeAll.
 * Signing a user in through the API ends their browser session, so these come before the browser does.
 */
export function demoApi(server: () => RunningServer) {
  const apiSession = async (email: string, password = DEMO_PASSWORD): Promise<TSession> => {
    // The demo's FacilityAdmin types the demo authenticator's code too (issue 26): the kit takes both steps.
    const reply = await signInOverApi(server().url, email, password);
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as {
      token: string;
      user: { id: string; phone: string; phoneCountryCode: string };
    };
    const { user } = body;
    return { token: body.token, id: user.id, phone: `${user.phoneCountryCode}${user.phone}` };
  };
  const logout = async (session: TSession): Promise<void> => {
    await call(server(), authRoutes.logout, { token: session.token });
  };
  /** A contact's id, found by name the way the contacts screen finds it. */
  const idOf = async (session: TSession, fullName: string): Promise<string> => {
    const reply = await call(server(), contactRoutes.list, {
      body: { search: fullName.split(' ')[0] },
      token: session.token,
    });
    const contact = reply.body.data.contacts.find((c) => c.fullName === fullName);
    if (!contact) throw new Error(`no contact ${fullName}`);
    return contact.id;
  };
  /** A group made through the API, as its owner would have made it earlier; its twId. */
  const apiGroup = async (owner: TSession, name: string, members: string[]): Promise<string> => {
    const participants = await Promise.all(members.map((member) => idOf(owner, member)));
    const reply = await call(server(), chatRoomRoutes.create, {
      body: { participants, type: 'group', name },
      token: owner.token,
    });
    expect(reply.status).toBe(200);
    return reply.body.data.chatRoom.twId;
  };
  /** A group the owner made earlier, signed in through the API for it and out again after: its twId. */
  const ownedGroup = async (ownerEmail: string, name: string, members: string[]): Promise<string> => {
    const owner = await apiSession(ownerEmail);
    const twId = await apiGroup(owner, name, members);
    await logout(owner);
    return twId;
  };
  /**
   * A ward's group of Amelia's with Noah, and `lines` she wrote in it over the socket (each stored before the
   * next), before anyone reads it: its twId.
   */
  const writtenGroup = async (name: string, lines: string[]): Promise<string> => {
    const owner = await apiSession(demoEmail('amelia.broussard'));
    const twId = await apiGroup(owner, name, ['Noah Thibodeaux']);
    const socket = await connectedSocket(server(), owner.token);
    for (const body of lines) {
      const ack = await socket.timeout(10_000).emitWithAck('SendMessage', { clientId: randomUUID(), twId, body });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
    }
    socket.close();
    await logout(owner);
    return twId;
  };
  /**
   * The account's language and theme win once signed in, so they are set on the account (a demo user's unless
   * another password is given: the Admin's).
   */
  const setPreferences = async (
    email: string,
    language: 'en' | 'fr',
    theme: 'light' | 'dark',
    password = DEMO_PASSWORD,
  ): Promise<void> => {
    const session = await apiSession(email, password);
    for (const body of [{ language }, { id: session.id, settings: { theme } }]) {
      const reply = await call(server(), adminSettingRoutes.write, { body, token: session.token });
      expect(reply.status).toBe(200);
    }
    await logout(session);
  };
  return { apiSession, logout, idOf, apiGroup, ownedGroup, writtenGroup, setPreferences };
}

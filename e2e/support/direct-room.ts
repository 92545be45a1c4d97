import { chatRoomRoutes } from '@rounds/contracts/chat';
import { expect } from 'vitest';
import { call } from './api';
import type { RunningServer } from './server';

/**
 * The direct chat of the session's user with another person, made through the API as if opened earlier (the
 * existing one when there is one): its twId.
 */
export async function directRoom(server: RunningServer, session: { token: string }, otherId: string): Promise<string> {
  const reply = await call(server, chatRoomRoutes.create, {
    body: { type: 'direct', participants: [otherId] },
    token: session.token,
  });
  expect(reply.status).toBe(200);
  return reply.body.data.chatRoom.twId;
}

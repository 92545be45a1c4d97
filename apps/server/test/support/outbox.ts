import { outboxRoutes } from '@rounds/contracts/outbox';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { callRoute } from './call-route';
import { TEST_ADMIN } from './test-app';
import { login } from './users';

export type OutboxMessage = { channel: string; to: string; subject: string | null; text: string };

/** What the outbox holds for an address or number, newest first, read by the Admin (signed in afresh each time). */
export async function outbox(app: FastifyInstance, to: string): Promise<OutboxMessage[]> {
  const admin = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const res = await callRoute(app, outboxRoutes.read, { query: { to }, token: admin.token });
  expect(res.statusCode).toBe(200);
  return res.json().data.messages as OutboxMessage[];
}

/** The six-digit code of the newest message to that address or number ('' when there is none). */
export const latestCode = async (app: FastifyInstance, to: string): Promise<string> =>
  /\b(\d{6})\b/.exec((await outbox(app, to))[0]?.text ?? '')?.[1] ?? '';

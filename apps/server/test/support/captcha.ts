import { authRoutes } from '@rounds/contracts/auth';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { callRoute } from './call-route';

/** Does what the browser widget does: fetch a challenge, solve it, encode the payload. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  // The contract reads the challenge loosely; altcha's own type names what the solver needs.
  const challenge = (await callRoute(app, authRoutes.captcha, {})).json() as unknown as Parameters<
    typeof solveChallenge
  >[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

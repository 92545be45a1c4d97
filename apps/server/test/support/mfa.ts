import { MFA_CODES, mfaRoutes } from '@rounds/contracts/mfa';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { callRoute, type TErrorBody } from './call-route';

/**
 * The second step of the tests' sign-ins (issue 26). The policy asks Admins and FacilityAdmins for a factor, so
 * the first sign-in of such an account enrols an authenticator through the real routes and keeps its seed here,
 * as the person's phone would; later sign-ins type its current code. Keyed by the server's key, which a restart
 * of the same data keeps.
 */
const seeds = new Map<string, string>();
const keyOf = (app: FastifyInstance, email: string) => `${app.config.MESSAGE_KEY}|${email.toLowerCase()}`;

/** The authenticator seed the tests enrolled for this account, if they did. */
export const knownSeed = (app: FastifyInstance, email: string): string | undefined => seeds.get(keyOf(app, email));
export const rememberSeed = (app: FastifyInstance, email: string, seed: string): void => {
  seeds.set(keyOf(app, email), seed);
};

/** The current code of an authenticator app holding this seed (otplib: RFC 6238, 30 s steps). */
export const totpCode = (seed: string, epochSeconds?: number): Promise<string> =>
  generate({ secret: seed, ...(epochSeconds === undefined ? {} : { epoch: epochSeconds }) });

export const isSecondStep = (error: TErrorBody): boolean =>
  error.code === MFA_CODES.required || error.code === MFA_CODES.enrolmentRequired;

/** Completes a sign-in the password started: enrols first when asked, then answers as the login does. */
export async function passSecondStep(app: FastifyInstance, email: string, error: TErrorBody, remoteAddress: string) {
  const mfaToken = String(error.mfaToken);
  if (error.code === MFA_CODES.enrolmentRequired) {
    const started = await callRoute(app, mfaRoutes.enrolStart, { body: { mfaToken }, remoteAddress });
    if (started.statusCode !== 200) throw new Error(`enrolment failed: ${started.statusCode} ${started.body}`);
    const { factorId, secret } = started.json().data;
    rememberSeed(app, email, secret);
    return callRoute(app, mfaRoutes.enrolConfirm, {
      body: { mfaToken, factorId, code: await totpCode(secret), label: 'Test phone' },
      remoteAddress,
    });
  }
  const seed = knownSeed(app, email);
  if (!seed) throw new Error(`${email} has a second factor the tests did not enrol`);
  return callRoute(app, mfaRoutes.verify, { body: { mfaToken, code: await totpCode(seed) }, remoteAddress });
}

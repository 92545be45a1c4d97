import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { DEFAULT_ADMIN_EMAIL } from '../modules/accounts/first-admin';
import { enrolKnownTotp, type MfaDeps } from '../modules/identity/mfa.service';
import { adminsByEmail, hasConfirmedFactor } from '../modules/identity/mfa.store';
import { DEMO_EMAIL_DOMAIN } from './seed-demo';

/**
 * The demo hospital's authenticator seed, published like its password (README): multi-factor sign-in is on
 * for Admins and FacilityAdmins by default, so the demo's first Admin and its FacilityAdmins come enrolled
 * with it, and anyone trying the demo adds it to an authenticator app (or computes the code) to sign in.
 */
export const DEMO_TOTP_SECRET = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA';

export async function enrolDemoFactors(deps: MfaDeps, config: Config, log: FastifyBaseLogger): Promise<void> {
  const firstAdmin = (config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const admins = await adminsByEmail(deps.db, { email: firstAdmin, domain: DEMO_EMAIL_DOMAIN });
  let enrolled = 0;
  for (const admin of admins) {
    if (await hasConfirmedFactor(deps.db, admin.id)) continue;
    await enrolKnownTotp(deps, admin.id, DEMO_TOTP_SECRET, 'Demo authenticator');
    enrolled += 1;
  }
  if (enrolled > 0)
    log.info(`Demo: ${enrolled} Admins and FacilityAdmins sign in with the authenticator secret ${DEMO_TOTP_SECRET}`);
}

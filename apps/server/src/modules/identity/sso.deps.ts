import type { FastifyInstance } from 'fastify';
import type { MessageCrypto } from '../../lib/message-crypto';
import { openSession } from '../auth/auth.service';
import type { SsoDeps } from './sso.service';
import { createSsoClient, ssoSettings } from './sso-client';

/** Single sign-on's dependencies from the configuration: one provider client per process (its discovery cached). */
export function createSsoDeps(app: FastifyInstance, crypto: MessageCrypto): SsoDeps {
  const c = app.config;
  const settings = ssoSettings(c);
  return {
    db: app.db,
    io: app.io,
    crypto,
    log: app.log,
    client: settings ? createSsoClient(settings) : null,
    mapping: {
      claims: {
        facility: c.OIDC_CLAIM_FACILITY,
        department: c.OIDC_CLAIM_DEPARTMENT,
        profession: c.OIDC_CLAIM_PROFESSION,
        specialty: c.OIDC_CLAIM_SPECIALTY,
        groups: c.OIDC_CLAIM_GROUPS,
      },
      roleGroups: c.OIDC_ROLE_GROUPS,
    },
    unknownReference: c.OIDC_UNKNOWN_REFERENCE,
    openSession: (user, remember, ctx, within) => openSession(app, user, remember, ctx, within),
  };
}

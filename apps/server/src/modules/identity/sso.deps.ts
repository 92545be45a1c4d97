import type { Config } from '../../config';
import type { SsoDeps } from './sso.service';
import { createSsoClient, ssoSettings } from './sso-client';

/** Single sign-on's dependencies from the configuration: one provider client per process (its discovery cached). */
export function createSsoDeps(c: Config, deps: Pick<SsoDeps, 'db' | 'io' | 'crypto' | 'log' | 'openSession'>): SsoDeps {
  const settings = ssoSettings(c);
  return {
    ...deps,
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
  };
}

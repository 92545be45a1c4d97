import type { OidcProviderFixture } from '@rounds/test-kit/oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoAttempt, ssoSignIn, startSsoApp } from '../../../test/support/sso';
import type { TestApp } from '../../../test/support/test-app';

/**
 * OIDC_UNKNOWN_REFERENCE=create (issue 26): a claim naming a department the lists do not have adds it, in the
 * transaction that creates the account; a sign-in refused for another reason adds nothing.
 */
let t: TestApp;
let op: OidcProviderFixture;

let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, op, stop } = await startSsoApp({ OIDC_UNKNOWN_REFERENCE: 'create' }));
});
afterAll(() => stop?.());

const departments = async () =>
  (await t.app.db.selectFrom('departments').select('name').execute()).map((r) => r.name).sort();

describe('single sign-on: reference items created as configured', () => {
  it('creates the departments the claims name and links the new account to them', async () => {
    op.setAccount('ana', {
      given_name: 'Ana',
      family_name: 'Lopez',
      email: 'ana@stmary.example',
      email_verified: true,
      department: ['Radiology', 'Oncology'],
    });
    const { user } = await ssoSignIn(t.app, op, 'ana');
    expect(await departments()).toEqual(expect.arrayContaining(['Oncology', 'Radiology']));
    const linked = await t.app.db
      .selectFrom('user_departments')
      .innerJoin('departments', 'departments.id', 'user_departments.item_id')
      .select('departments.name')
      .where('user_departments.user_id', '=', user.id)
      .execute();
    expect(linked.map((r) => r.name).sort()).toEqual(['Oncology', 'Radiology']);
  });

  it('a refused sign-in creates no department: nothing is half-applied', async () => {
    const before = await departments();
    op.setAccount('ghost', {
      given_name: 'No',
      family_name: 'Email',
      email: 'ghost@stmary.example',
      email_verified: false,
      department: 'Pathology',
    });
    expect((await ssoAttempt(t.app, op, 'ghost')).location).toBe('/login?sso=SSO_NO_VERIFIED_EMAIL');
    expect(await departments()).toEqual(before);
  });
});

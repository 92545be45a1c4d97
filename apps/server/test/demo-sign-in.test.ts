import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '@rounds/test-kit/demo';
import { DEMO_TOTP_SECRET, totpCode } from '@rounds/test-kit/mfa';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import * as seed from '../src/ops/seed-demo';
import * as seedFactors from '../src/ops/seed-demo-factors';

describe("the test kit's demo sign-in", () => {
  it('is the one the demo seed writes', () => {
    expect({ DEMO_EMAIL_DOMAIN, DEMO_PASSWORD }).toEqual({
      DEMO_EMAIL_DOMAIN: seed.DEMO_EMAIL_DOMAIN,
      DEMO_PASSWORD: seed.DEMO_PASSWORD,
    });
  });

  it("has the demo authenticator seed the seed enrols, and computes the codes the server's library does", async () => {
    expect(DEMO_TOTP_SECRET).toBe(seedFactors.DEMO_TOTP_SECRET);
    for (const epoch of [0, 59, 1_111_111_109, 2_000_000_000]) {
      expect(totpCode(DEMO_TOTP_SECRET, epoch * 1000)).toBe(await generate({ secret: DEMO_TOTP_SECRET, epoch }));
    }
  });
});

import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '@rounds/test-kit/demo';
import { describe, expect, it } from 'vitest';
import * as seed from '../src/ops/seed-demo';

describe("the test kit's demo sign-in", () => {
  it('is the one the demo seed writes', () => {
    expect({ DEMO_EMAIL_DOMAIN, DEMO_PASSWORD }).toEqual({
      DEMO_EMAIL_DOMAIN: seed.DEMO_EMAIL_DOMAIN,
      DEMO_PASSWORD: seed.DEMO_PASSWORD,
    });
  });
});

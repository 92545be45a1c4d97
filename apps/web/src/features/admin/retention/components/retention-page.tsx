import { Stack } from '@mantine/core';
import { LegalHoldsCard } from './legal-holds-card';
import { RetentionPolicyCard } from './retention-policy-card';

/** Administration › Retention & legal hold (issue 27): the policy, then the holds. */
export function RetentionPage() {
  return (
    <Stack gap="lg">
      <RetentionPolicyCard />
      <LegalHoldsCard />
    </Stack>
  );
}

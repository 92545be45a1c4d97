import { Stack } from '@mantine/core';
import { ExportCard } from './export-card';
import { LegalHoldsCard } from './legal-holds-card';
import { RetentionPolicyCard } from './retention-policy-card';

/** Administration › Retention & legal hold (issue 27): the policy, the holds, then the export for counsel. */
export function RetentionPage() {
  return (
    <Stack gap="lg">
      <RetentionPolicyCard />
      <LegalHoldsCard />
      <ExportCard />
    </Stack>
  );
}

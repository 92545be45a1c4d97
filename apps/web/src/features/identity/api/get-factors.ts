import { mfaRoutes } from '@rounds/contracts/mfa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** GET /mfa/factors: this account's authenticators (never their seeds) and recovery codes left. */
export const mfaFactorsQueryOptions = () =>
  queryOptions({
    queryKey: ['mfa', 'factors'],
    queryFn: async () => (await apiCall(mfaRoutes.factors, {})).data,
  });

export const useMfaFactors = () => useQuery(mfaFactorsQueryOptions());

import type { TRole } from '@rounds/contracts/common';

/** Who makes a request, once plugins/auth has checked the token: what services and stores are handed. */
export type AuthContext = { userId: string; role: TRole; sessionId: string };

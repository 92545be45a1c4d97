import { pushRoutes } from '@rounds/contracts/push';
import { apiCall } from '../../../lib/api-call';

/** GET /push/vapid-public-key: the server's VAPID key (base64url), which the browser's subscription is bound to. */
export async function getVapidPublicKey(): Promise<string> {
  return (await apiCall(pushRoutes.vapidPublicKey, {}, { toast: false })).data.publicKey;
}

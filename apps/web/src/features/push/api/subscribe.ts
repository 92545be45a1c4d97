import { pushRoutes, type TPushSubscription } from '@rounds/contracts/push';
import { apiCall } from '../../../lib/api-call';

/** POST /push/subscriptions: this session's browser subscription (its endpoint and keys). */
export async function saveSubscription(subscription: TPushSubscription) {
  // No toast: the Notifications panel says what went wrong beside its switch, and a resumed session says nothing.
  return (await apiCall(pushRoutes.subscribe, { body: subscription }, { toast: false })).data;
}

/** DELETE /push/subscriptions { endpoint }: the server stops pushing to it. */
export async function deleteSubscription(endpoint: string) {
  await apiCall(pushRoutes.unsubscribe, { body: { endpoint } }, { toast: false });
}

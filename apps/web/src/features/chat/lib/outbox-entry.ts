/**
 * A message this user has sent that the server has not yet acknowledged (ARCHITECTURE.md, delivery model):
 * shown at once, retried with the same clientId after a reconnect, replaced by the stored message.
 * error: the server refused it (ok: false); the text is shown on the bubble until the user retries or discards.
 */
export type TOutboxEntry = {
  clientId: string;
  twId: string;
  userId: string;
  body: string;
  createdAt: number;
  error: string | null;
};

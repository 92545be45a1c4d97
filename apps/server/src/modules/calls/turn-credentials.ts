import { createHmac } from 'node:crypto';
import type { ZIceServer } from '@rounds/contracts/calls';
import type { z } from 'zod';

/**
 * ICE servers for one user's call: the STUN URLs as they are, the TURN URLs with coturn's REST credentials
 * (use-auth-secret): the username is the expiry in unix seconds and the user id, the password the base64
 * HMAC-SHA1 of the username under the shared secret. coturn checks both without asking us; they expire.
 */
export function iceServersFor(
  o: { urls: string[]; secret: string | undefined; ttlSeconds: number },
  userId: string,
  now = Date.now(),
): z.infer<typeof ZIceServer>[] {
  const stun = o.urls.filter((u) => u.startsWith('stun'));
  const turn = o.urls.filter((u) => u.startsWith('turn'));
  const servers: z.infer<typeof ZIceServer>[] = [];
  if (stun.length > 0) servers.push({ urls: stun });
  if (turn.length > 0 && o.secret) {
    const username = `${Math.floor(now / 1000) + o.ttlSeconds}:${userId}`;
    const credential = createHmac('sha1', o.secret).update(username).digest('base64');
    servers.push({ urls: turn, username, credential });
  }
  return servers;
}

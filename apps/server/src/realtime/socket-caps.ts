import { isIP } from 'node:net';
import type { Socket } from 'socket.io';

/**
 * Open sockets per user and per client address, in this process (docs/decisions.md "Socket caps"). A user's
 * tabs on all their devices stay far below the per-user cap; the per-address cap is sized for a hospital whose
 * staff share one NAT address, and it counts every handshake, signed in or not, so a flood of unauthenticated
 * attempts is held too. Connections from this machine (a proxy without TRUST_PROXY, the benches) are not
 * counted per address: there the address says nothing about who connects.
 */
export type SocketCaps = {
  /** Counts a handshake against its address until `release`; false (nothing counted) when over the cap. */
  admitAddress(socket: Socket): boolean;
  /** Counts an authenticated socket against its user until `release`; false when over the cap. */
  admitUser(socket: Socket, userId: string): boolean;
  /** Undoes what this socket was counted for; safe to call more than once. */
  release(socket: Socket): void;
};

export function socketAddress(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first && isIP(first) ? first : socket.handshake.address;
}

const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

export function createSocketCaps(o: { perUser: number; perAddress: number; trustProxy: boolean }): SocketCaps {
  const counts = { address: new Map<string, number>(), user: new Map<string, number>() };
  const held = new WeakMap<Socket, { address?: string; user?: string }>();

  const take = (kind: keyof typeof counts, key: string, cap: number) => {
    const n = counts[kind].get(key) ?? 0;
    if (n >= cap) return false;
    counts[kind].set(key, n + 1);
    return true;
  };
  const give = (kind: keyof typeof counts, key: string) => {
    const n = (counts[kind].get(key) ?? 1) - 1;
    if (n <= 0) counts[kind].delete(key);
    else counts[kind].set(key, n);
  };
  const hold = (socket: Socket, what: { address?: string; user?: string }) => {
    const first = !held.has(socket);
    held.set(socket, { ...held.get(socket), ...what });
    // The transport's close comes whether or not the socket got past the handshake: nothing stays counted.
    if (first) socket.conn.once('close', () => release(socket));
  };
  const release = (socket: Socket) => {
    const h = held.get(socket);
    if (!h) return;
    held.delete(socket);
    if (h.address !== undefined) give('address', h.address);
    if (h.user !== undefined) give('user', h.user);
  };

  return {
    admitAddress(socket) {
      const address = socketAddress(socket, o.trustProxy);
      if (isLoopback(address)) return true;
      if (!take('address', address, o.perAddress)) return false;
      hold(socket, { address });
      return true;
    },
    admitUser(socket, userId) {
      if (!take('user', userId, o.perUser)) return false;
      hold(socket, { user: userId });
      return true;
    },
    release,
  };
}

import {
  BREAK_GLASS_LIMITS,
  type TBreakGlassGrant,
  type TBreakGlassRoom,
  type ZBreakGlassMessagesQuery,
} from '@rounds/contracts/compliance';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { BreakGlassGrantsTable } from '../../db/schema';
import { conflict, forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { Publish } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import type { MessagesService } from '../chat/messages.service';
import { appendMessage } from '../chat/messages.store';
import { fullName } from '../chat/room-view';
import { activeMembersOf, isMember, memberIds, memberRooms, roomReader, roomUnavailable } from '../chat/rooms.store';
import type { UploadsService } from '../chat/uploads.service';
import { namesByIds } from '../users/users.store';
import { endGrant, findRooms, insertGrant, liveGrant, liveGrants, memberCounts, roomExists } from './break-glass.store';
import { describeTargets } from './holds.store';

export type BreakGlassDeps = {
  db: Db;
  publish: Publish;
  crypto: MessageCrypto;
  /** Chat's own read paths: a grant reads through them, never around them. */
  messages: Pick<MessagesService, 'history'>;
  uploads: Pick<UploadsService, 'open'>;
};

const noGrant = () => forbidden('breakGlassRequired', 'BREAK_GLASS_REQUIRED');

/**
 * Break-glass access (issue 27; docs/decisions.md "Break-glass access"): an Admin who is not a member opens a
 * room read-only for an hour with a reason. The reason goes to the user log; the members are told by a system
 * line in the room. Reads go through chat's read paths, whose one check (rooms.store mayReadRoom) admits a live
 * grant; expiry is read there on every request. Nothing here writes to the room but that system line.
 */
export function createBreakGlassService({ db, publish, crypto, messages, uploads }: BreakGlassDeps) {
  // Read on every request, as chat's reads read it: a grant expires by the clock, not by a timer.
  const now = () => Date.now();
  const labels = async (roomIds: string[]) =>
    describeTargets(
      db,
      roomIds.map((id) => ({ type: 'room' as const, id })),
    );
  const shape = (g: BreakGlassGrantsTable, label: string): TBreakGlassGrant => ({
    id: g.id,
    roomId: g.room_id,
    reason: g.reason,
    grantedAt: Number(g.granted_at),
    expiresAt: Number(g.expires_at),
    roomLabel: label,
  });
  const labelled = async (g: BreakGlassGrantsTable) =>
    shape(g, (await labels([g.room_id])).get(`room:${g.room_id}`)?.label ?? '');
  const requireGrant = async (adminId: string, roomId: string) => {
    const grant = await liveGrant(db, adminId, roomId, now());
    if (!grant) throw noGrant();
    return grant;
  };
  /** 403 unless this Admin may read the room now (the same check chat's reads ask). */
  const requireReader = async (adminId: string, roomId: string) => {
    if (!(await roomReader(db, adminId, roomId, now()))) throw noGrant();
  };

  return {
    rooms: async (adminId: string, q: string, page: number, pageSize: number) => {
      const { rows, total } = await findRooms(db, q, page, pageSize);
      const ids = rows.map((r) => r.id);
      const [described, counts, grants, mine] = await Promise.all([
        labels(ids),
        memberCounts(db, ids),
        liveGrants(db, adminId, ids, now()),
        memberRooms(db, adminId, ids),
      ]);
      const member = new Set(mine.map((m) => m.room.id));
      const results = rows.map((r): TBreakGlassRoom => {
        const label = described.get(`room:${r.id}`)?.label ?? '';
        const grant = grants.find((g) => g.room_id === r.id);
        return {
          id: r.id,
          type: r.type,
          label,
          memberCount: counts.get(r.id) ?? 0,
          lastMessageAt: r.last_message_at == null ? null : Number(r.last_message_at),
          isMember: member.has(r.id),
          grant: grant ? shape(grant, label) : null,
        };
      });
      return { results, page, pageSize, total };
    },

    open: async (adminId: string, roomId: string, reason: string, ip: string | null): Promise<TBreakGlassGrant> => {
      const at = now();
      const room = await roomExists(db, roomId);
      if (!room) throw roomUnavailable();
      const grant: BreakGlassGrantsTable = {
        id: newId(at),
        admin_id: adminId,
        room_id: roomId,
        reason,
        granted_at: at,
        expires_at: at + BREAK_GLASS_LIMITS.durationMs,
        ended_at: null,
      };
      const line = await db.transaction().execute(async (trx) => {
        if (await isMember(trx, adminId, roomId)) throw conflict('breakGlassMember', 'ALREADY_MEMBER');
        if (await liveGrant(trx, adminId, roomId, at)) throw conflict('breakGlassLive', 'GRANT_LIVE');
        await insertGrant(trx, grant);
        const [me] = await namesByIds(trx, [adminId]);
        const initiator = { id: adminId, fullName: me ? fullName(me) : '' };
        const message = await appendMessage(
          trx,
          crypto,
          roomId,
          {
            authorId: null,
            authorName: '',
            clientId: grant.id,
            body: '',
            attributes: { systemMessage: true, event: { type: 'breakGlass', data: { initiator, users: [] } } },
          },
          at,
        );
        await writeAudit(trx, {
          userId: adminId,
          event: 'break-glass opened',
          ip,
          details: { grantId: grant.id, roomId, reason, expiresAt: grant.expires_at },
        });
        return message;
      });
      // The members see the line arrive as any message does; the grant's holder is no member and gets nothing live.
      const members = (await activeMembersOf(db, [roomId])).get(roomId) ?? [];
      publish(SERVER_EVENTS.NewMessage, line, { users: members });
      return labelled(grant);
    },

    grant: async (adminId: string, roomId: string) => labelled(await requireGrant(adminId, roomId)),

    end: async (adminId: string, roomId: string, ip: string | null) => {
      const grant = await requireGrant(adminId, roomId);
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (!(await endGrant(trx, grant.id, at))) throw noGrant();
        await writeAudit(trx, {
          userId: adminId,
          event: 'break-glass ended',
          ip,
          details: { grantId: grant.id, roomId },
        });
      });
      return labelled({ ...grant, expires_at: at, ended_at: at });
    },

    messages: async (adminId: string, roomId: string, q: z.output<typeof ZBreakGlassMessagesQuery>) => {
      await requireReader(adminId, roomId);
      return messages.history(adminId, { twId: roomId, before: q.before, after: q.after, limit: q.limit });
    },

    members: async (adminId: string, roomId: string) => {
      await requireReader(adminId, roomId);
      const rows = await namesByIds(db, await memberIds(db, roomId));
      return rows
        .map((r) => ({ id: r.id, fullName: fullName(r) }))
        .sort((a, b) => a.fullName.localeCompare(b.fullName));
    },

    file: async (adminId: string, roomId: string, key: string, thumb: boolean) => {
      await requireReader(adminId, roomId);
      return uploads.open(adminId, key, thumb);
    },
  };
}

export type BreakGlassService = ReturnType<typeof createBreakGlassService>;

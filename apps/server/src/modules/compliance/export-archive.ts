import { Readable } from 'node:stream';
import { ZMessageAttributes } from '@rounds/contracts/chat';
import { EXPORT_MANIFEST, type TExportManifest } from '@rounds/contracts/compliance';
import type { ZipArchive } from 'archiver';
import { groupBy } from '../../lib/group-by';
import { ZMedia } from '../chat/messages.store';
import { iso, messageLine, type Person, roomPath } from './export.rules';
import {
  acknowledgementsOf,
  type ExportMessageRow,
  exportRooms,
  membersOf,
  messagePage,
  peopleByIds,
  removalRecords,
  uploadTypes,
} from './export.store';
import { add, type Entry, EXPORT_PAGE, type ExportContext, hashed, type Job } from './export-context';
import { addRoomFiles } from './export-room-files';
import { describeTargets } from './holds.store';

/** Characters of JSON lines handed on at a time. */
const PIECE_CHARS = 32 * 1024;

const NO_ONE: Person = { id: '', name: '', email: '' };

/**
 * The ZIP of one export, entry after entry as the client reads it: each room's messages a page at a time (the
 * people they name read as they come), its files, then the manifest.
 */
export const writeArchive = async (ctx: ExportContext, archive: ZipArchive, job: Job) => {
  const { db, crypto } = ctx;
  const range = { from: job.from, to: job.to };
  const people = new Map<string, Person>();
  const know = async (ids: Iterable<string>) => {
    const missing = [...new Set(ids)].filter((id) => !people.has(id));
    for (const u of await peopleByIds(db, missing)) {
      people.set(u.id, { id: u.id, name: `${u.first_name} ${u.last_name}`.trim(), email: u.email });
    }
  };
  const person = (id: string) => people.get(id) ?? { ...NO_ONE, id };

  const rooms = await exportRooms(db, job.scope, job.targetId);
  const members = await membersOf(
    db,
    rooms.map((r) => r.id),
  );
  await know([job.by, ...members.map((m) => m.user_id)]);
  const membersByRoom = groupBy(
    members,
    (m) => m.room_id,
    (m) => m.user_id,
  );
  const labels = await describeTargets(
    db,
    rooms.map((r) => ({ type: 'room' as const, id: r.id })),
  );
  const target = (await describeTargets(db, [{ type: job.scope, id: job.targetId }])).get(
    `${job.scope}:${job.targetId}`,
  ) ?? { type: job.scope, id: job.targetId, label: '', detail: '' };
  const entries: Entry[] = [];
  const manifestRooms: TExportManifest['rooms'] = [];

  for (const room of rooms) {
    const summary = {
      id: room.id,
      type: room.type,
      name: labels.get(`room:${room.id}`)?.label ?? room.name ?? '',
      members: (membersByRoom.get(room.id) ?? []).map((id) => ({ id, name: person(id).name })),
      path: roomPath(room.id),
      messages: 0,
    };
    manifestRooms.push(summary);
    const lines = async function* () {
      let after = 0;
      for (;;) {
        const page = await messagePage(db, room.id, range, after, EXPORT_PAGE);
        if (page.length === 0) return;
        after = Number(page[page.length - 1]!.seq);
        summary.messages += page.length;
        // In pieces of a few dozen lines: a page as one string would be a large object, kept until a full
        // garbage collection; small pieces die young.
        let piece = '';
        for (const line of await pageLines(page)) {
          piece += line;
          if (piece.length >= PIECE_CHARS) {
            yield Buffer.from(piece);
            piece = '';
          }
        }
        if (piece !== '') yield Buffer.from(piece);
      }
    };
    await add(
      archive,
      hashed(Readable.from(lines(), { highWaterMark: 1 }), summary.path, (e) => entries.push(e)),
      summary.path,
    );
    await addRoomFiles(ctx, archive, room.id, range, entries);
  }

  const manifest: TExportManifest = {
    format: 'rounds-counsel-export/1',
    exportId: job.id,
    scope: job.scope,
    target,
    from: iso(job.from),
    to: iso(job.to),
    createdBy: person(job.by),
    createdAt: iso(job.at),
    generatedAt: iso(Date.now()),
    rooms: manifestRooms,
    entries,
  };
  await add(archive, `${JSON.stringify(manifest, null, 2)}\n`, EXPORT_MANIFEST);
  await archive.finalize();

  /** One page's JSON lines: the people, acknowledgements and removal records it needs, one query each. */
  async function pageLines(page: ExportMessageRow[]): Promise<string[]> {
    const parsed = page.map((row) => {
      const attributes = ZMessageAttributes.safeParse(row.attributes === '{}' ? {} : JSON.parse(row.attributes));
      const media = row.media === null ? null : ZMedia.safeParse(JSON.parse(row.media));
      return {
        row,
        attributes: attributes.success ? attributes.data : {},
        files: media?.success ? media.data.files : [],
        voice: media?.success ? media.data.voice : null,
      };
    });
    // Only priority messages are acknowledged: most pages need no acknowledgement query at all.
    const acks = await acknowledgementsOf(
      db,
      parsed.filter((p) => p.attributes.important).map((p) => p.row.id),
    );
    const removed = page.filter((r) => r.removed === 1 && r.author_id !== null);
    const removals = new Map<string, number>();
    if (removed.length > 0) {
      const since = Math.min(...removed.map((r) => Number(r.created_at)));
      for (const rec of await removalRecords(db, [...new Set(removed.map((r) => r.author_id!))], since)) {
        const details = JSON.parse(rec.details ?? '{}') as { messageId?: string };
        if (details.messageId) removals.set(details.messageId, Number(rec.created_at));
      }
    }
    const voices = new Map(
      (
        await uploadTypes(
          db,
          parsed.flatMap((p) => (p.voice ? [p.voice.key] : [])),
        )
      ).map((u) => [u.key, u.type]),
    );
    await know(
      parsed.flatMap((p) => [
        ...(p.row.author_id ? [p.row.author_id] : []),
        ...(p.attributes.notify ?? []),
        ...(p.attributes.escalations ?? []).flatMap((e) => e.userIds),
      ]),
    );
    await know(acks.map((a) => a.user_id));
    return parsed.map((p) => {
      const line = messageLine(
        {
          id: p.row.id,
          roomId: p.row.room_id,
          seq: Number(p.row.seq),
          createdAt: Number(p.row.created_at),
          authorId: p.row.author_id,
          body: crypto.open(p.row.body),
          attributes: p.attributes,
          files: p.files,
          voice: p.voice,
          removed: p.row.removed === 1,
          keptByHold: p.row.removal_pending === 1,
        },
        {
          person,
          acknowledgements: acks
            .filter((a) => a.message_id === p.row.id)
            .map((a) => ({ userId: a.user_id, at: Number(a.acknowledged_at) })),
          removedAt: removals.get(p.row.id),
          voiceType: p.voice ? voices.get(p.voice.key) : undefined,
        },
      );
      return `${JSON.stringify(line)}\n`;
    });
  }
};

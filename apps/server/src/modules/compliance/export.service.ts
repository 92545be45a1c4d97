import { createHash, randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { ZMessageAttributes } from '@rounds/contracts/chat';
import {
  EXPORT_MANIFEST,
  type TCreateExportReply,
  type TExportManifest,
  type ZCreateExportRequest,
} from '@rounds/contracts/compliance';
import type { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import { groupBy } from '../../lib/group-by';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import { writeAudit } from '../audit/audit.service';
import { ZMedia } from '../chat/messages.store';
import { filePath, iso, messageLine, type Person, roomPath, voicePath, zipName } from './export.rules';
import {
  acknowledgementsOf,
  claimExport,
  type ExportMessageRow,
  exportRooms,
  insertExport,
  mediaPage,
  membersOf,
  messagePage,
  peopleByIds,
  removalRecords,
  uploadTypes,
} from './export.store';
import { describeTargets, targetExists } from './holds.store';

export type ExportDeps = { db: Db; files: FileStore; crypto: MessageCrypto; log: FastifyBaseLogger };

/** How long a download link works: the browser follows it at once; a link found later in a history is dead. */
export const EXPORT_LINK_MS = 5 * 60 * 1000;
/** Rows per query: big enough to be quick, small enough that a page of lines is a few hundred kilobytes. */
export const EXPORT_PAGE = 500;
/** Characters of JSON lines handed on at a time. */
const PIECE_CHARS = 32 * 1024;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NO_ONE: Person = { id: '', name: '', email: '' };

type Job = { id: string; scope: 'user' | 'room'; targetId: string; from: number; to: number; by: string; at: number };
type Entry = TExportManifest['entries'][number];

/**
 * The source's bytes, hashed and counted as they pass: the manifest's line for that entry. Closing the result
 * (the download given up) closes the source too, so no file is left open.
 */
function hashed(source: Readable, path: string, done: (e: Entry) => void): Readable {
  const hash = createHash('sha256');
  let bytes = 0;
  const through = new Transform({
    transform(chunk: Buffer, _enc, next) {
      hash.update(chunk);
      bytes += chunk.length;
      next(null, chunk);
    },
    flush(next) {
      done({ path, sha256: hash.digest('hex'), bytes });
      next();
    },
  });
  source.once('error', (err) => through.destroy(err));
  through.once('close', () => source.destroy());
  return source.pipe(through);
}

/**
 * Export for counsel (issue 27; docs/decisions.md "Export for counsel"). `create` checks and records the request
 * (with its user-log record) and answers a single-use link; `open` claims the link and answers the ZIP as a
 * stream, written entry after entry as the client reads it: messages a page at a time, each body decrypted as its
 * line is written, files streamed from the store, every entry hashed on the way. Nothing waits in memory but a
 * page, the people named so far and the manifest's list of entries.
 */
export function createExportService({ db, files, crypto, log }: ExportDeps) {
  /** Appends one entry and resolves once the archive has taken it all in: one entry in flight at a time. */
  const add = (archive: ZipArchive, source: Readable | string, name: string, store = false) =>
    new Promise<void>((resolve, reject) => {
      // The client going away destroys the archive: the loop stops there rather than wait for ever (also when
      // it went away while the next rows or file were being fetched).
      const closed = () => new Error('the download was closed');
      if (archive.destroyed) {
        if (typeof source !== 'string') source.destroy();
        reject(closed());
        return;
      }
      const onClose = () => settle(closed());
      const onEntry = (entry: { name: string }) => {
        if (entry.name === name) settle();
      };
      const settle = (err?: Error) => {
        archive.off('entry', onEntry).off('error', settle).off('close', onClose);
        if (typeof source !== 'string') source.off('error', settle);
        if (err) {
          if (typeof source !== 'string') source.destroy();
          reject(err);
        } else resolve();
      };
      archive.on('entry', onEntry).once('error', settle).once('close', onClose);
      // A source failing (the database, the file store) fails the export: the archive would wait for it forever.
      if (typeof source !== 'string') source.once('error', settle);
      archive.append(source, { name, store });
    });

  const write = async (archive: ZipArchive, job: Job) => {
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
      await addFiles(archive, room.id, range, entries);
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

  /** The room's files and voice notes of the range, each streamed from the store and hashed as it goes. */
  const addFiles = async (
    archive: ZipArchive,
    roomId: string,
    range: { from: number; to: number },
    entries: Entry[],
  ) => {
    let after = 0;
    for (;;) {
      const page = await mediaPage(db, roomId, range, after, EXPORT_PAGE);
      if (page.length === 0) return;
      after = Number(page[page.length - 1]!.seq);
      const media = page.flatMap((m) => {
        const parsed = ZMedia.safeParse(JSON.parse(m.media!));
        return parsed.success ? [parsed.data] : [];
      });
      const voiceTypes = new Map(
        (
          await uploadTypes(
            db,
            media.flatMap((m) => (m.voice ? [m.voice.key] : [])),
          )
        ).map((u) => [u.key, u.type]),
      );
      const wanted = media.flatMap((m) => [
        ...m.files.map((f) => ({ key: f.key, path: filePath(roomId, f.key, f.name) })),
        ...(m.voice ? [{ key: m.voice.key, path: voicePath(roomId, m.voice.key, voiceTypes.get(m.voice.key)) }] : []),
      ]);
      for (const file of wanted) {
        const stream = await files.get(file.key);
        if (!stream) {
          entries.push({ path: file.path, sha256: sha256(''), bytes: 0, missing: true });
          continue;
        }
        // Images and voice notes are compressed already: stored as they are.
        await add(
          archive,
          hashed(stream, file.path, (e) => entries.push(e)),
          file.path,
          true,
        );
      }
    }
  };

  return {
    /** Checks the target, records the export and its user-log record, and answers the single-use link. */
    create: async (
      adminId: string,
      body: z.output<typeof ZCreateExportRequest>,
      ip: string | null,
    ): Promise<TCreateExportReply['data']> => {
      if (!(await targetExists(db, body.scope, body.targetId))) {
        throw notFound('exportTargetNotFound', 'EXPORT_TARGET_NOT_FOUND');
      }
      const token = randomBytes(32).toString('base64url');
      const id = newId();
      const now = Date.now();
      const expiresAt = now + EXPORT_LINK_MS;
      await db.transaction().execute(async (trx) => {
        await insertExport(trx, {
          id,
          token_hash: sha256(token),
          scope: body.scope,
          target_id: body.targetId,
          from_at: body.from,
          to_at: body.to,
          created_by: adminId,
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
        });
        await writeAudit(trx, {
          userId: adminId,
          event: 'conversations exported',
          ip,
          details: { exportId: id, scope: body.scope, targetId: body.targetId, from: body.from, to: body.to },
        });
      });
      return { token, expiresAt };
    },

    /**
     * Claims the link (once, unexpired, its Admin still an Admin) and answers the ZIP's name and stream. A failure
     * half-way destroys the stream, so the browser sees a failed download rather than a short ZIP.
     */
    open: async (token: string): Promise<{ filename: string; stream: Readable }> => {
      const row = await claimExport(db, sha256(token), Date.now());
      if (!row) throw notFound('exportLinkNotFound', 'EXPORT_LINK_NOT_FOUND');
      const { ZipArchive: Zip } = await import('archiver');
      const archive = new Zip({ zlib: { level: 6 } });
      const job: Job = {
        id: row.id,
        scope: row.scope,
        targetId: row.target_id,
        from: Number(row.from_at),
        to: Number(row.to_at),
        by: row.created_by,
        at: Number(row.created_at),
      };
      write(archive, job).catch((err: unknown) => {
        if (archive.destroyed) {
          log.info({ exportId: row.id }, 'counsel export: the download was closed before the end');
          return;
        }
        log.error({ err, exportId: row.id }, 'counsel export failed');
        archive.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return { filename: zipName(job.at, job.id), stream: archive };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;

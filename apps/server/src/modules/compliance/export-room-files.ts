import type { ZipArchive } from 'archiver';
import { ZMedia } from '../chat/messages.store';
import { filePath, voicePath } from './export.rules';
import { mediaPage, uploadTypes } from './export.store';
import { add, type Entry, EXPORT_PAGE, type ExportContext, hashed, sha256 } from './export-context';

/** The room's files and voice notes of the range, each streamed from the store and hashed as it goes. */
export const addRoomFiles = async (
  ctx: ExportContext,
  archive: ZipArchive,
  roomId: string,
  range: { from: number; to: number },
  entries: Entry[],
) => {
  const { db, files } = ctx;
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

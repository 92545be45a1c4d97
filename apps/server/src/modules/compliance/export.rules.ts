import type { TMessageAttributes } from '@rounds/contracts/chat';
import type { TMessageFile, TMessageVoice } from '@rounds/contracts/chat-files';
import type { TExportMessageLine } from '@rounds/contracts/compliance';

/** The pure part of the export for counsel: where each thing goes in the ZIP and how a message line reads. */

export const iso = (ms: number) => new Date(ms).toISOString();

/** A file name safe in any unzip tool: no folders, no control or reserved characters, not hidden, not too long. */
export function safeName(name: string): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  return cleaned === '' ? 'file' : cleaned;
}

export const roomPath = (roomId: string) => `rooms/${roomId}.jsonl`;
/** Under its room and its key (unique), with the name it was sent with. */
export const filePath = (roomId: string, key: string, name: string) => `files/${roomId}/${key}/${safeName(name)}`;

const VOICE_EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};
export const voicePath = (roomId: string, key: string, type: string | undefined) =>
  filePath(roomId, key, `voice-note.${VOICE_EXTENSIONS[(type ?? '').split(';')[0]!.trim()] ?? 'audio'}`);

export const zipName = (createdAt: number, exportId: string) =>
  `counsel-export-${iso(createdAt).slice(0, 10)}-${exportId}.zip`;

export type Person = { id: string; name: string; email: string };

/** What a line needs besides its row: people by id, the acknowledgements, the removal record, voice types. */
export type LineContext = {
  person: (id: string) => Person;
  acknowledgements: { userId: string; at: number }[];
  /** When the sender removed it, from the user log; undefined when no record says so (retention removed it). */
  removedAt: number | undefined;
  voiceType: string | undefined;
};

export type LineSource = {
  id: string;
  roomId: string;
  seq: number;
  createdAt: number;
  authorId: string | null;
  /** The decrypted text ('' once a removal wiped it). */
  body: string;
  attributes: TMessageAttributes;
  files: TMessageFile[];
  voice: TMessageVoice | null;
  removed: boolean;
  /** Removed by its sender while a legal hold kept it: hidden from everyone, text and files kept. */
  keptByHold: boolean;
};

const named = (p: Person) => ({ id: p.id, name: p.name });

export function messageLine(m: LineSource, c: LineContext): TExportMessageLine {
  const a = m.attributes;
  const wiped = m.removed && !m.keptByHold;
  return {
    id: m.id,
    roomId: m.roomId,
    seq: m.seq,
    sentAt: iso(m.createdAt),
    sender: m.authorId === null ? null : c.person(m.authorId),
    body: wiped ? null : m.body,
    event: a.event ?? null,
    priority: a.important
      ? { level: a.level ?? 'IMPORTANT', notify: (a.notify ?? []).map((id) => named(c.person(id))), sms: !!a.sms }
      : null,
    acknowledgements: c.acknowledgements.map((k) => ({ ...named(c.person(k.userId)), at: iso(k.at) })),
    escalations: (a.escalations ?? []).map((e) => ({
      at: iso(e.timetoken),
      notified: e.userIds.map((id) => named(c.person(id))),
      sms: e.sms,
    })),
    files: m.files.map((f) => ({
      key: f.key,
      name: f.name,
      type: f.type,
      size: f.size,
      path: filePath(m.roomId, f.key, f.name),
    })),
    voice:
      m.voice === null
        ? null
        : {
            key: m.voice.key,
            durationSeconds: m.voice.duration,
            path: voicePath(m.roomId, m.voice.key, c.voiceType),
          },
    deleted: m.removed
      ? {
          at: c.removedAt === undefined ? null : iso(c.removedAt),
          by: c.removedAt === undefined || m.authorId === null ? null : named(c.person(m.authorId)),
          keptByLegalHold: m.keptByHold,
        }
      : null,
  };
}

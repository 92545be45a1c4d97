type ImageType = 'image/png' | 'image/gif' | 'image/jpeg';

/** Each type's first bytes, each position with the values it may hold (GIF's version is 87a or 89a). */
const SIGNATURES: readonly { type: ImageType; minLength: number; bytes: readonly (readonly number[])[] }[] = [
  { type: 'image/png', minLength: 8, bytes: [[0x89], [0x50], [0x4e], [0x47], [0x0d], [0x0a]] },
  { type: 'image/gif', minLength: 6, bytes: [[0x47], [0x49], [0x46], [0x38], [0x37, 0x39]] },
  { type: 'image/jpeg', minLength: 3, bytes: [[0xff], [0xd8], [0xff]] },
];

/** Decides an image's type from its first bytes, never from its name or the browser's header. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const match = SIGNATURES.find(
    (s) => head.length >= s.minLength && s.bytes.every((values, i) => values.includes(head[i]!)),
  );
  return match?.type ?? null;
}

export const IMAGE_EXT: Record<string, string> = { 'image/png': 'png', 'image/gif': 'gif', 'image/jpeg': 'jpg' };

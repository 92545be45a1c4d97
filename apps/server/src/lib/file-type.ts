import type { TChatFileType } from '@rounds/contracts/chat-files';

/**
 * A chat file's type decided from its first bytes (never its name or the browser's header). `head` should be
 * the first 4 KB or the whole file if smaller.
 */
export function sniffChatImage(head: Buffer): TChatFileType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return isAnimatedPng(head) ? 'image/apng' : 'image/png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (head.length >= 6 && head[0] === 0x42 && head[1] === 0x4d) return 'image/bmp';
  if (head.length >= 6 && head.readUInt32BE(0) === 0x00000100 && head.readUInt16LE(4) > 0) return 'image/x-icon';
  // No SVG: raster images only (an SVG can carry script), as for avatars.
  return null;
}

/** An animated PNG declares an acTL chunk before its first IDAT. */
function isAnimatedPng(head: Buffer): boolean {
  let at = 8;
  while (at + 8 <= head.length) {
    const length = head.readUInt32BE(at);
    const type = head.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'acTL') return true;
    if (type === 'IDAT') return false;
    at += 12 + length;
  }
  return false;
}

/** A voice note's type from its first bytes. */
export function sniffAudio(head: Buffer): string | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (head.subarray(0, 4).toString('latin1') === 'OggS') return 'audio/ogg';
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'audio/mp4';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WAVE') {
    return 'audio/wav';
  }
  if (head.subarray(0, 3).toString('latin1') === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) {
    return 'audio/mpeg';
  }
  return null;
}

/**
 * An SVG document from its bytes: UTF-8 text (an optional byte order mark) whose first element, after the XML
 * declaration, comments and processing instructions, is <svg>. A doctype is refused: it can declare entities.
 */
export function sniffSvg(bytes: Buffer): boolean {
  let text = bytes.subarray(0, 4096).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Any NUL or replacement character: not UTF-8 text.
  if (text.includes('\u0000') || text.includes('\ufffd')) return false;
  const prolog = /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*)*/.exec(text)![0];
  return /^<svg[\s>/]/.test(text.slice(prolog.length));
}

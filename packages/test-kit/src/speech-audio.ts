import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Speech made with espeak-ng, as a WAV file (the fake microphone of the journeys reads it). */
export function speechWav(text: string, language: 'en' | 'fr' = 'en'): Buffer {
  const out = execFileSync('espeak-ng', ['-v', language === 'fr' ? 'fr' : 'en-us', '-s', '150', '--stdout', text]);
  return out;
}

/** ffmpeg's output file for these arguments (input first), read back. */
function ffmpegFile(args: readonly string[], extension: string, input?: Buffer): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'rounds-speech-'));
  try {
    const out = join(dir, `out.${extension}`);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args, out], { input });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same speech as a browser's MediaRecorder sends it: webm/opus (Chromium), or ogg/opus (Firefox may). */
export function speechWebm(text: string, language: 'en' | 'fr' = 'en', container: 'webm' | 'ogg' = 'webm'): Buffer {
  return ffmpegFile(['-i', 'pipe:0', '-c:a', 'libopus', '-b:a', '32k'], container, speechWav(text, language));
}

/**
 * Hostile audio (issue 28's decode bomb): `seconds` of silence in a file of a few KB (FLAC in 65535-sample
 * blocks; webm/opus in 120 ms frames at 6 kbit/s), which a decoder turns into 32 KB for every second.
 */
export function silenceBomb(kind: 'flac' | 'webm', seconds: number): Buffer {
  const codec =
    kind === 'flac'
      ? ['-c:a', 'flac', '-compression_level', '8', '-frame_size', '65535']
      : ['-c:a', 'libopus', '-b:a', '6k', '-frame_duration', '120'];
  return ffmpegFile(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String(seconds), ...codec], kind);
}

/**
 * What an engine hears: the file decoded to 16 kHz mono 16-bit PCM, its length in seconds and a digest of its
 * samples. Two files with the same digest carry the same audio, whole and in order.
 */
export function decodeAudio(file: Buffer): { seconds: number; digest: string } {
  const r = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', '16000', 'pipe:1'],
    {
      input: file,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (r.status !== 0) throw new Error(`ffmpeg could not decode: ${r.stderr.toString().trim()}`);
  return {
    seconds: r.stdout.length / 32_000,
    digest: createHash('sha256').update(r.stdout).digest('hex').slice(0, 16),
  };
}

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

/** The same speech as a browser's MediaRecorder sends it: webm/opus. */
export function speechWebm(text: string, language: 'en' | 'fr' = 'en'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'rounds-speech-'));
  try {
    const wav = join(dir, 'in.wav');
    const webm = join(dir, 'out.webm');
    execFileSync('sh', ['-c', `cat > "${wav}"`], { input: speechWav(text, language) });
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', webm]);
    return readFileSync(webm);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

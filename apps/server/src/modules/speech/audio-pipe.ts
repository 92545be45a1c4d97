import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';

/**
 * The audio of one dictation, in memory only (never on disk): chunks go in as the browser records them,
 * and at any moment the whole audio so far can be taken as one file for the engine.
 */
export type AudioPipe = {
  readonly filename: string;
  readonly mime: string;
  write: (chunk: Buffer) => void;
  /** The whole audio received so far, as a file (a growing window for the text so far). */
  snapshot: () => Buffer;
  /** Bytes of decoded or received audio so far; a snapshot is worth sending only when this grew. */
  size: () => number;
  /** No more input: resolves with the whole audio once everything is decoded. */
  finish: () => Promise<Buffer>;
  /** Drops everything (session over). */
  close: () => void;
};

export type AudioFormat = 'wav' | 'webm';

/** As recorded: MediaRecorder's chunks concatenated are one valid webm file. */
export function passthroughPipe(): AudioPipe {
  const chunks: Buffer[] = [];
  let bytes = 0;
  return {
    filename: 'audio.webm',
    mime: 'audio/webm',
    write: (chunk) => {
      chunks.push(chunk);
      bytes += chunk.length;
    },
    snapshot: () => Buffer.concat(chunks),
    size: () => bytes,
    finish: async () => Buffer.concat(chunks),
    close: () => {
      chunks.length = 0;
    },
  };
}

const SAMPLE_RATE = 16_000;

/** A 44-byte RIFF header for 16-bit mono PCM at 16 kHz. */
export function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(SAMPLE_RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/**
 * One ffmpeg per dictation decodes the browser's stream as it arrives (webm/opus, ogg or mp4, whatever
 * MediaRecorder made) to 16 kHz mono PCM on its stdout, so a window costs a header and a copy, not a new
 * decode, and the end of speech waits only for the last second to be decoded. `onError` is told once if
 * ffmpeg cannot read the input.
 */
export function decodingPipe(onError: (message: string) => void): AudioPipe {
  const pcm: Buffer[] = [];
  let pcmBytes = 0;
  let failed = false;
  let stderr = '';
  const child: ChildProcessWithoutNullStreams = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      // A pipe cannot seek back: probe little so decoding starts with the first chunk, not after seconds.
      '-probesize',
      '4096',
      '-analyzeduration',
      '0',
      '-i',
      'pipe:0',
      '-f',
      's16le',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const fail = (message: string) => {
    if (failed) return;
    failed = true;
    onError(message);
  };
  child.stdout.on('data', (d: Buffer) => {
    pcm.push(d);
    pcmBytes += d.length;
  });
  child.stderr.on('data', (d: Buffer) => {
    if (stderr.length < 2000) stderr += d.toString();
  });
  // EPIPE when ffmpeg gave up on the input: reported through 'close' below.
  child.stdin.on('error', () => {});
  child.on('error', (err) => fail(err.message));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let killed = false;
  void closed.then((code) => {
    if (code !== 0 && !killed) fail(stderr.trim().split('\n')[0] || `ffmpeg exited with ${code}`);
  });
  const whole = () => {
    const data = Buffer.concat(pcm);
    return Buffer.concat([wavHeader(data.length), data]);
  };
  return {
    filename: 'audio.wav',
    mime: 'audio/wav',
    write: (chunk) => {
      if (!failed && !child.stdin.destroyed) child.stdin.write(chunk);
    },
    snapshot: whole,
    size: () => pcmBytes,
    finish: async () => {
      if (!child.stdin.destroyed) child.stdin.end();
      const code = await closed;
      if (code !== 0 || failed) throw new Error(stderr.trim().split('\n')[0] || 'ffmpeg failed');
      return whole();
    },
    close: () => {
      killed = true;
      if (child.exitCode === null) child.kill('SIGKILL');
      pcm.length = 0;
    },
  };
}

export function createAudioPipe(format: AudioFormat, onError: (message: string) => void): AudioPipe {
  return format === 'wav' ? decodingPipe(onError) : passthroughPipe();
}

/** Whether ffmpeg runs here (checked once at start; its absence is logged and turns dictation off). */
export function ffmpegAvailable(): boolean {
  try {
    return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
}

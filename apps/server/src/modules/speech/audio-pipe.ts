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

export type AudioPipeOptions = {
  /** Audio past this many decoded seconds is not decoded (the session's time limit). */
  maxSeconds: number;
  /** Input that decodes to nothing for this long is not audio (issue 28: an ffmpeg waiting on noise). */
  decodeWithinMs: number;
  /** Told once: the input is not webm or ogg opus, ffmpeg cannot read it, or nothing decoded in time. */
  onError: (message: string) => void;
  /** Seconds decoded so far, each time more came: the session counts these, not bytes. */
  onDecoded: (seconds: number) => void;
};

/**
 * The containers MediaRecorder makes with opus (use-dictation asks for these), by their first bytes. ffmpeg is
 * told which one to read and that opus is the only decoder it may open: a container it merely recognises
 * (FLAC, WAV, MP3…) never reaches a decoder (issue 28, the decode bomb).
 */
const CONTAINERS = [
  { format: 'webm', magic: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), filename: 'audio.webm', mime: 'audio/webm' },
  { format: 'ogg', magic: Buffer.from('OggS', 'ascii'), filename: 'audio.ogg', mime: 'audio/ogg' },
] as const;
type Container = (typeof CONTAINERS)[number];

export function containerOf(first: Buffer): Container | null {
  return CONTAINERS.find((c) => first.subarray(0, c.magic.length).equals(c.magic)) ?? null;
}

const notOpus = 'not webm or ogg audio';

/** As recorded: MediaRecorder's chunks concatenated are one valid webm (or ogg) file; the engine decodes it. */
export function passthroughPipe(o: Pick<AudioPipeOptions, 'onError'>): AudioPipe {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let container: Container = CONTAINERS[0];
  return {
    get filename() {
      return container.filename;
    },
    get mime() {
      return container.mime;
    },
    write: (chunk) => {
      if (bytes === 0) {
        const found = containerOf(chunk);
        if (!found) return o.onError(notOpus);
        container = found;
      }
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
/** 16-bit mono PCM. */
const BYTES_PER_SECOND = SAMPLE_RATE * 2;
const WAV_HEADER_BYTES = 44;

/** The largest WAV a dictation of `seconds` makes: the cap on what goes to the engine. */
export function wavBytes(seconds: number): number {
  return WAV_HEADER_BYTES + seconds * BYTES_PER_SECOND;
}

/** A 44-byte RIFF header for 16-bit mono PCM at 16 kHz. */
export function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(WAV_HEADER_BYTES);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(BYTES_PER_SECOND, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

function spawnDecoder(container: Container, maxSeconds: number): ChildProcessWithoutNullStreams {
  return spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      // The container the first bytes named, and opus only: nothing else is probed or decoded.
      '-f',
      container.format,
      '-codec_whitelist',
      'opus',
      // A pipe cannot seek back: probe little so decoding starts with the first chunk, not after seconds.
      '-probesize',
      '4096',
      '-analyzeduration',
      '0',
      '-i',
      'pipe:0',
      // ffmpeg stops at the session's limit however small the input (a few KB of opus can say hours of silence).
      '-t',
      String(maxSeconds),
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
}

/**
 * One ffmpeg per dictation decodes the browser's stream as it arrives (webm or ogg opus, whichever
 * MediaRecorder made, told by its first bytes) to 16 kHz mono PCM on its stdout, so a window costs a header and
 * a copy, not a new decode, and the end of speech waits only for the last second to be decoded. What it keeps
 * is bounded by decoded seconds, not input bytes: at `maxSeconds` ffmpeg is stopped and the rest dropped, so no
 * window sent to the engine is larger than wavBytes(maxSeconds).
 */
export function decodingPipe(o: AudioPipeOptions): AudioPipe {
  const maxBytes = o.maxSeconds * BYTES_PER_SECOND;
  const pcm: Buffer[] = [];
  let pcmBytes = 0;
  let failed = false;
  /** The session's limit was decoded: ffmpeg was stopped, the audio so far is whole. */
  let full = false;
  let closing = false;
  let stderr = '';
  let child: ChildProcessWithoutNullStreams | null = null;
  let closed: Promise<number | null> = Promise.resolve(0);
  let noDecode: ReturnType<typeof setTimeout> | undefined;

  const fail = (message: string) => {
    if (failed || closing) return;
    failed = true;
    clearTimeout(noDecode);
    o.onError(message);
  };
  const stop = () => {
    clearTimeout(noDecode);
    if (child && child.exitCode === null) child.kill('SIGKILL');
  };
  const firstError = () => stderr.trim().split('\n')[0] || 'ffmpeg failed';

  const start = (container: Container) => {
    const c = spawnDecoder(container, o.maxSeconds);
    child = c;
    c.stdout.on('data', (d: Buffer) => {
      if (full) return;
      const kept = d.length > maxBytes - pcmBytes ? d.subarray(0, maxBytes - pcmBytes) : d;
      pcm.push(kept);
      pcmBytes += kept.length;
      clearTimeout(noDecode);
      noDecode = undefined;
      if (pcmBytes >= maxBytes) {
        full = true;
        stop();
      }
      o.onDecoded(pcmBytes / BYTES_PER_SECOND);
    });
    c.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    // EPIPE when ffmpeg gave up on the input (or stopped at the limit): reported through 'close' below.
    c.stdin.on('error', () => {});
    c.on('error', (err) => fail(err.message));
    closed = new Promise((resolve) => c.once('close', (code) => resolve(code)));
    void closed.then((code) => {
      if (code !== 0 && !full) fail(firstError());
    });
  };

  const armNoDecode = () => {
    if (failed || full || closing) return;
    noDecode ??= setTimeout(() => {
      fail(`nothing decoded within ${o.decodeWithinMs} ms`);
      stop();
    }, o.decodeWithinMs);
  };

  const whole = () => {
    const data = Buffer.concat(pcm);
    return Buffer.concat([wavHeader(data.length), data]);
  };
  return {
    filename: 'audio.wav',
    mime: 'audio/wav',
    write: (chunk) => {
      if (failed || full || closing) return;
      if (!child) {
        const container = containerOf(chunk);
        if (!container) return fail(notOpus);
        start(container);
      }
      if (!child || child.stdin.destroyed) return;
      child.stdin.write(chunk);
      // Input waiting for output: it must decode within the window, or it is not audio.
      armNoDecode();
    },
    snapshot: whole,
    size: () => pcmBytes,
    finish: async () => {
      if (child && !child.stdin.destroyed) child.stdin.end();
      const code = await closed;
      clearTimeout(noDecode);
      if (failed || (code !== 0 && !full)) throw new Error(firstError());
      return whole();
    },
    close: () => {
      closing = true;
      stop();
      pcm.length = 0;
    },
  };
}

export function createAudioPipe(format: AudioFormat, o: AudioPipeOptions): AudioPipe {
  return format === 'wav' ? decodingPipe(o) : passthroughPipe(o);
}

/** Whether ffmpeg runs here (checked once at start; its absence is logged and turns dictation off). */
export function ffmpegAvailable(): boolean {
  try {
    return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
}

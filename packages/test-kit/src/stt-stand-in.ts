import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { reportIfSlow } from './slow-step';
import { decodeAudio } from './speech-audio';

export type StandInRequest = {
  model: string;
  language: string;
  filename: string;
  mime: string;
  bytes: number;
  seconds: number;
  digest: string;
  authorization: string | undefined;
  /** The stand-in's own time for this request (decode included): the "engine time" a benchmark subtracts. */
  engineMs: number;
};

export type SttStandIn = {
  url: string;
  requests: StandInRequest[];
  /** 'ok', or 'down' (every request answers 503). */
  mode: 'ok' | 'down';
  /** Extra time before each answer, as a real engine would take. */
  delayMs: number;
  close: () => Promise<void>;
};

/**
 * A stand-in speech server for tests: it speaks the OpenAI-compatible transcription API (POST
 * /v1/audio/transcriptions, multipart file, model, language) and proves what it received. It decodes the
 * upload with ffmpeg and answers, as its "text", the audio's length and a digest of its samples, so a test
 * can tell that the audio a client streamed reached the engine whole and in order.
 */
export async function startSttStandIn(o: { delayMs?: number; decode?: boolean } = {}): Promise<SttStandIn> {
  const app = Fastify({ logger: false });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024 } });
  const standIn: SttStandIn = {
    url: '',
    requests: [],
    mode: 'ok',
    delayMs: o.delayMs ?? 0,
    close: () => reportIfSlow('speech engine stand-in close', app.close()),
  };
  app.post('/v1/audio/transcriptions', async (req, reply) => {
    const started = performance.now();
    if (standIn.mode === 'down') return reply.code(503).send({ error: { message: 'engine down' } });
    const fields: Record<string, string> = {};
    let file: { name: string; mime: string; bytes: Buffer } | null = null;
    for await (const part of req.parts()) {
      if (part.type === 'file') file = { name: part.filename, mime: part.mimetype, bytes: await part.toBuffer() };
      else fields[part.fieldname] = String(part.value);
    }
    if (!file || !fields.model) return reply.code(400).send({ error: { message: 'file and model are required' } });
    const heard = o.decode === false ? { seconds: 0, digest: 'not-decoded' } : decodeAudio(file.bytes);
    if (standIn.delayMs > 0) await new Promise((r) => setTimeout(r, standIn.delayMs));
    const seconds = heard.seconds.toFixed(2);
    // Not decoding (benchmarks): each answer names its request, so a client can find the engine's time for it.
    const text =
      o.decode === false
        ? `request ${standIn.requests.length}`
        : fields.language === 'fr'
          ? `Entendu ${seconds.replace('.', ',')} secondes ${heard.digest}`
          : `Heard ${seconds} seconds ${heard.digest}`;
    standIn.requests.push({
      model: fields.model,
      language: fields.language ?? '',
      filename: file.name,
      mime: file.mime,
      bytes: file.bytes.length,
      seconds: heard.seconds,
      digest: heard.digest,
      authorization: req.headers.authorization,
      engineMs: performance.now() - started,
    });
    return { text, duration: heard.seconds };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  standIn.url = `http://127.0.0.1:${address.port}`;
  return standIn;
}

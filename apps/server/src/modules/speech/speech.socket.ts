import { toLanguage } from '@rounds/contracts/common';
import {
  SPEECH_LIMITS,
  SPEECH_SOCKET_PATH,
  SPEECH_TEXTS,
  type TSpeechWarningCode,
  ZSpeechHandshake,
} from '@rounds/contracts/speech';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../../config';
import { verifyAccessToken } from '../../lib/tokens';
import { sessionStateOf } from '../users/session-state.store';
import { parsePermissions } from '../users/user-view';
import { createAudioPipe, ffmpegAvailable, wavBytes } from './audio-pipe';
import { type SpeechSession, startSpeechSession } from './speech-session';
import { createSttEngine, type SttEngine } from './stt-engine';

export type SpeechService = {
  /** An engine is configured and usable here (the dictation button shows only then). */
  readonly available: boolean;
  readonly maxSeconds: number;
  /** The speechToText permission was turned off: end these users' sessions now (`'all'`: everyone's). */
  permissionRevoked: (userIds: readonly string[] | 'all') => void;
  /** This process's dictations, for the authority sweep (realtime/socket-authority.ts) to end as it ends sockets. */
  sessions: () => readonly SpeechSession[];
  activeSessions: () => number;
};

type Refusal = Error & { data?: { code: string; message: string } };

function refusal(message: string, code: string): Refusal {
  const err: Refusal = new Error(message);
  err.data = { code, message };
  return err;
}

/** Whether the engine can be used, with the one start-up line that says what is missing when it cannot. */
function engineFrom(app: FastifyInstance, config: Config): SttEngine | null {
  if (!config.STT_URL) {
    app.log.info('Speech to text is off: STT_URL is not set');
    return null;
  }
  if (config.STT_AUDIO_FORMAT === 'wav' && !ffmpegAvailable()) {
    app.log.warn(
      'Speech to text is off: ffmpeg was not found (install it, e.g. apt-get install ffmpeg, or set STT_AUDIO_FORMAT=webm if the engine reads webm)',
    );
    return null;
  }
  return createSttEngine({
    url: config.STT_URL,
    apiKey: config.STT_API_KEY,
    model: config.STT_MODEL,
    timeoutMs: config.STT_TIMEOUT_SECONDS * 1000,
    // The most a dictation can be: its limit decoded to WAV, or the bytes a session may send as recorded.
    maxAudioBytes: config.STT_AUDIO_FORMAT === 'wav' ? wavBytes(config.STT_MAX_SECONDS) : SPEECH_LIMITS.maxTotalBytes,
  });
}

/**
 * The second socket.io server, on the same HTTP server at its own path (engine.io routes by path, so the two
 * never see each other's connections). The handshake carries the access token, the tab's uuid and the
 * dictation language; it is refused without a live session, without an engine, or without the speechToText
 * permission, each refusal carrying `{code, message}` in the handshake language. One dictation per user:
 * a new one ends the older (another tab) with a warning.
 */
export function installSpeechSocket(app: FastifyInstance, config: Config): SpeechService {
  const engine = engineFrom(app, config);
  const sessions = new Map<string, SpeechSession>();
  const io = new Server(app.server, {
    path: SPEECH_SOCKET_PATH,
    serveClient: false,
    // As the main socket (realtime/socket-server.ts): no long-polling when several processes may serve.
    transports: config.REDIS_URL ? ['websocket'] : ['polling', 'websocket'],
    // A chunk larger than this closes the connection inside engine.io, before any of our code sees it.
    maxHttpBufferSize: SPEECH_LIMITS.maxChunkBytes + 1024,
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });

  /** 'ok': a live session of an active user whose speechToText permission is not false. */
  const check = async (userId: string, sessionId: string): Promise<'ok' | 'ended' | 'denied'> => {
    const state = await sessionStateOf(app.db, sessionId, userId);
    if (!state?.live) return 'ended';
    return parsePermissions(state.permissions).speechToText === false ? 'denied' : 'ok';
  };

  io.use(async (socket, next) => {
    try {
      const raw = { ...socket.handshake.query, ...(socket.handshake.auth as Record<string, unknown>) };
      const language = toLanguage(typeof raw.language === 'string' ? raw.language : undefined);
      const warning = (code: TSpeechWarningCode) => refusal(SPEECH_TEXTS[code][language], code);
      const parsed = ZSpeechHandshake.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? 'handshake');
        // Token and uuid are the main socket's; a bad language is the caller's input.
        return next(
          field === 'language'
            ? refusal(`language: ${issue?.message}`, 'VALIDATION_ERROR')
            : refusal('Unauthorized', 'UNAUTHORIZED'),
        );
      }
      const claims = await verifyAccessToken(app.config.JWT_SECRET, parsed.data.token);
      if (!claims) return next(refusal('Unauthorized', 'UNAUTHORIZED'));
      // An ended session is 'Unauthorized' (the client refreshes its token); a refused permission is shown.
      const verdict = await check(claims.sub, claims.sid);
      if (verdict === 'ended') return next(refusal('Unauthorized', 'UNAUTHORIZED'));
      if (verdict === 'denied') return next(warning('STT_NOT_ALLOWED'));
      if (!engine) return next(warning('STT_UNAVAILABLE'));
      // The user's own earlier dictation is about to end, so it does not count against the ceiling.
      if (sessions.size - (sessions.has(claims.sub) ? 1 : 0) >= config.STT_MAX_SESSIONS) {
        return next(warning('STT_FULL'));
      }
      socket.data = { userId: claims.sub, sessionId: claims.sid, language: parsed.data.language };
      next();
    } catch (err) {
      app.log.warn({ err }, 'speech handshake failed');
      next(refusal('Something went wrong, please try again.', 'RETRY'));
    }
  });

  io.on('connection', (socket) => {
    const { userId, sessionId, language } = socket.data as {
      userId: string;
      sessionId: string;
      language: 'en' | 'fr';
    };
    if (!engine) return socket.disconnect(true);
    sessions.get(userId)?.warn('STT_BUSY');
    const session = startSpeechSession({
      socket,
      userId,
      sessionId,
      language,
      engine,
      pipe: (events) =>
        createAudioPipe(config.STT_AUDIO_FORMAT, {
          ...events,
          maxSeconds: config.STT_MAX_SECONDS,
          decodeWithinMs: SPEECH_LIMITS.decodeWithinMs,
        }),
      maxSeconds: config.STT_MAX_SECONDS,
      partialMs: config.STT_PARTIAL_MS,
      stillAllowed: () =>
        check(userId, sessionId).then(
          (v) => v === 'ok',
          () => false,
        ),
      log: app.log,
      onEnd: () => {
        if (sessions.get(userId) === session) sessions.delete(userId);
      },
    });
    sessions.set(userId, session);
  });

  app.addHook('preClose', async () => {
    for (const session of [...sessions.values()]) session.warn('STT_UNAVAILABLE');
    io.disconnectSockets(true);
    // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
    io.engine.close();
  });

  return {
    available: engine !== null,
    maxSeconds: config.STT_MAX_SECONDS,
    permissionRevoked: (userIds) => {
      const ids = userIds === 'all' ? [...sessions.keys()] : userIds;
      for (const id of ids) sessions.get(id)?.warn('STT_NOT_ALLOWED');
    },
    sessions: () => [...sessions.values()],
    activeSessions: () => sessions.size,
  };
}

import type { Socket } from 'socket.io-client';
import { openBenchSocket } from './bench-socket';
import { percentile } from './server';
import { inWaves } from './waves';

/**
 * bench/calls (b): every caller rings at once, every callee accepts the moment its ring arrives. Measures, in this
 * process's clock, the emit of CallInitialize to CallInitialized at the callee, and the emit of CallAccept to
 * CallAccepted at the caller; then every caller hangs up and waits for CallEnded, and the next round starts.
 */
export type TPair = { caller: { token: string }; callee: { token: string }; twId: string };
type TAck = { ok: boolean; code?: string };

export type TBurstFigures = {
  calls: number;
  rounds: number;
  rung: number;
  accepted: number;
  ended: number;
  refused: string[];
  ring: { p50: number; p99: number; max: number };
  accept: { p50: number; p99: number; max: number };
  connectSeconds: number;
  serverCpuMsPerCall: number;
  roundSeconds: number;
};

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = openBenchSocket(url, token);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const emit = (socket: Socket, event: string, payload: object) =>
  new Promise<TAck>((resolve) => socket.emit(event, payload, (ack: TAck) => resolve(ack)));

/** The event's arrival time, or null after 30 s (counted as lost: the round goes on without it). */
const within = <T>(arrival: Promise<T>) =>
  Promise.race([arrival, new Promise<null>((r) => setTimeout(() => r(null), 30_000).unref())]);

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
};

/** `serverCpu` reads the server's CPU seconds so far: the cost of a call (ring, accept, hang up) on the server. */
export async function callBurst(
  url: string,
  pairs: TPair[],
  o: { rounds: number; warmup: number; serverCpu: () => number },
) {
  const t0 = performance.now();
  const sockets: { caller: Socket; callee: Socket; twId: string }[] = [];
  await inWaves(pairs, async (p, i) => {
    sockets[i] = {
      caller: await connect(url, p.caller.token),
      callee: await connect(url, p.callee.token),
      twId: p.twId,
    };
  });
  const connectSeconds = (performance.now() - t0) / 1000;

  const ringMs: number[] = [];
  const acceptMs: number[] = [];
  const refused: string[] = [];
  let rung = 0;
  let accepted = 0;
  let ended = 0;
  let cpuAtStart = 0;
  let roundsStarted = 0;
  for (let round = 0; round < o.warmup + o.rounds; round++) {
    const measured = round >= o.warmup;
    if (round === o.warmup) {
      cpuAtStart = o.serverCpu();
      roundsStarted = performance.now();
    }
    await Promise.all(
      sockets.map(async ({ caller, callee, twId }) => {
        const callAccepted = new Promise<number>((resolve) => {
          const on = (e: { call: { twId: string; status: string } }) => {
            if (e.call.twId !== twId) return;
            caller.off('CallAccepted', on);
            resolve(performance.now());
          };
          caller.on('CallAccepted', on);
        });
        const ringArrived = new Promise<number>((resolve) => {
          const on = (e: { call: { twId: string } }) => {
            if (e.call.twId !== twId) return;
            callee.off('CallInitialized', on);
            resolve(performance.now());
          };
          callee.on('CallInitialized', on);
        });
        const sentAt = performance.now();
        const init = await emit(caller, 'CallInitialize', { twId, video: false });
        if (!init.ok) {
          refused.push(`CallInitialize: ${init.code}`);
          return;
        }
        const ringAt = await within(ringArrived);
        if (ringAt === null) {
          refused.push('CallInitialized never reached the callee');
          return;
        }
        const acceptAt = performance.now();
        const accept = await emit(callee, 'CallAccept', { twId });
        if (!accept.ok) {
          refused.push(`CallAccept: ${accept.code}`);
          return;
        }
        const acceptedAt = await within(callAccepted);
        if (acceptedAt === null) {
          refused.push('CallAccepted never reached the caller');
          return;
        }
        if (measured) {
          rung += 1;
          accepted += 1;
          ringMs.push(ringAt - sentAt);
          acceptMs.push(acceptedAt - acceptAt);
        }
        const callEnded = new Promise<void>((resolve) => {
          const on = (e: { call: { twId: string } }) => {
            if (e.call.twId !== twId) return;
            callee.off('CallEnded', on);
            resolve();
          };
          callee.on('CallEnded', on);
        });
        const end = await emit(caller, 'CallEnd', { twId });
        if (!end.ok) refused.push(`CallEnd: ${end.code}`);
        if ((await within(callEnded)) === null) refused.push('CallEnded never reached the callee');
        else if (measured) ended += 1;
      }),
    );
  }
  const serverCpuSeconds = o.serverCpu() - cpuAtStart;
  const roundSeconds = (performance.now() - roundsStarted) / 1000 / o.rounds;
  for (const s of sockets) {
    s.caller.disconnect();
    s.callee.disconnect();
  }
  return {
    calls: pairs.length,
    rounds: o.rounds,
    rung,
    accepted,
    ended,
    refused,
    ring: stats(ringMs),
    accept: stats(acceptMs),
    connectSeconds,
    /** Server CPU per call, in ms: CallInitialize, CallAccept and CallEnd with what each publishes. */
    serverCpuMsPerCall: (serverCpuSeconds * 1000) / (pairs.length * o.rounds),
    roundSeconds,
  } satisfies TBurstFigures;
}
